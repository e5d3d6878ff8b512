import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PersonFiltersWire } from '@shared/schemas/person-filters';
import type { Persona } from '@shared/schemas/personas';
import type { Db } from '../../db/client';
import { personaProspects, personas, type PersonaRow } from '../../db/schema';

export type PersonaWithCount = PersonaRow & { prospectsCount: number };

const prospectsCount = sql<number>`(select count(*) from ${personaProspects} pp where pp.persona_id = ${personas.id})::int`;

export function toPersonaJson(row: PersonaWithCount): Persona {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    prospects_count: Number(row.prospectsCount),
    filters: row.filters as PersonFiltersWire,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function pageInAccount(db: Db, accountId: number, page: { page: number; perPage: number }) {
  const mine = eq(personas.accountId, accountId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...getTableColumns(personas), prospectsCount })
      .from(personas)
      .where(mine)
      .orderBy(desc(personas.createdAt), desc(personas.id))
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
    db.select({ n: count() }).from(personas).where(mine),
  ]);
  return { rows: rows as PersonaWithCount[], total: Number(total?.n ?? 0) };
}

export async function findInAccount(db: Db, accountId: number, id: number): Promise<PersonaRow | null> {
  const [row] = await db
    .select()
    .from(personas)
    .where(and(eq(personas.accountId, accountId), eq(personas.id, id)))
    .limit(1);
  return row ?? null;
}

/** Throws the database's unique violation when the account already has a persona of that name. */
export async function insert(
  db: Db,
  accountId: number,
  input: { name: string; description: string | null; filters?: PersonFiltersWire },
): Promise<PersonaWithCount> {
  const [row] = await db.insert(personas).values({ accountId, ...input }).returning();
  return { ...row!, prospectsCount: 0 };
}
