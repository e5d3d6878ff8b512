import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate` writes SQL migrations into apps/api/drizzle from the schema; commit them. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/api/src/db/schema.ts',
  out: './apps/api/drizzle',
});
