import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate` writes SQL migrations into apps/api/drizzle from the schema; commit them. */
export default defineConfig({
  dialect: 'postgresql',
  // The index the app and the tenancy guard read: one file per module, all re-exported (db/schema/index.ts).
  schema: './apps/api/src/db/schema/index.ts',
  out: './apps/api/drizzle',
});
