import { and, asc, count, desc, eq, getTableColumns, ilike, or, sql } from 'drizzle-orm';
import type { PersonFiltersWire } from '@shared/schemas/person-filters';
import type { Persona } from '@shared/schemas/personas';
import type { Db } from '../../db/client';
import { messagingSettings, personaProspects, personas, type PersonaRow } from '../../db/schema';
import { EpochCache } from '../../db/epoch-cache';

export type PersonaWithCount = PersonaRow & { prospectsCount: number; messagingSettingId?: number | null };

const prospectsCount = sql<number>`(select count(*) from ${personaProspects} pp where pp.persona_id = ${personas.id})::int`;

export function toPersonaJson(row: PersonaWithCount): Persona {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    prospects_count: Number(row.prospectsCount),
    filters: row.filters as PersonFiltersWire,
    ...(row.messagingSettingId !== undefined ? { messaging_setting_id: row.messagingSettingId === null ? null : Number(row.messagingSettingId) } : {}),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export type PersonaListOptions = {
  page: number;
  perPage: number;
  sort?: 'created_at' | 'updated_at' | 'name' | 'prospects_count';
  direction?: 'asc' | 'desc';
  /** Name or description contains this (any case). */
  filter?: string;
  /** Adds each persona's own messaging setting id. */
  withMessagingSettings?: boolean;
};

const messagingSettingId = sql<number | null>`(select ms.id from ${messagingSettings} ms where ms.persona_id = personas.id and ms.account_id = personas.account_id limit 1)`;

const SORTS = {
  created_at: personas.createdAt,
  updated_at: personas.updatedAt,
  name: sql`lower(${personas.name})`,
  prospects_count: prospectsCount,
} as const;

type PersonaPage = { rows: PersonaWithCount[]; total: number };

/**
 * Pages of the persona list, kept while the database's write epoch stands (db/write-epoch.ts: any write
 * of this process, and on PostgreSQL any instance's change to personas, persona_prospects or
 * messaging_settings announced at commit, drops them all). The list is what the cabinet asks most:
 * PGlite runs one query at a time, and on PostgreSQL 50 connections' worth of the query kept p99 above
 * 100 ms on two cores. While PostgreSQL's change feed is not heard the epoch is null: no caching.
 */
const pageCache = new EpochCache<PersonaPage>();

export function pageInAccount(db: Db, accountId: number, page: PersonaListOptions): Promise<PersonaPage> {
  const key = JSON.stringify([accountId, page.page, page.perPage, page.sort ?? null, page.direction ?? null, page.filter ?? null, !!page.withMessagingSettings]);
  return pageCache.get(db, key, () => queryPage(db, accountId, page));
}

/**
 * The page query, prepared once per variant (sort, direction, filter or not, messaging settings or not)
 * and database. On PostgreSQL a named statement is parsed and planned once per connection instead of on
 * every request: planning this statement cost ~0.4 ms of the server's CPU against ~0.15 ms to run it, and
 * the persona list is what the cabinet asks most (`npm run bench`, persons under 50 connections).
 */
const preparedPages = new WeakMap<Db, Map<string, ReturnType<typeof preparePage>>>();

function preparePage(db: Db, variant: { sort: keyof typeof SORTS; direction: 'asc' | 'desc'; filtered: boolean; withMessagingSettings: boolean }, name: string) {
  const pattern = sql.placeholder('pattern');
  const mine = and(
    eq(personas.accountId, sql.placeholder('accountId')),
    variant.filtered ? or(ilike(personas.name, pattern), ilike(personas.description, pattern)) : undefined,
  );
  const dir = variant.direction === 'asc' ? asc : desc;
  // One round trip: the total comes with the rows (a window over the filtered set, before the limit).
  return db
    .select({ ...getTableColumns(personas), prospectsCount, ...(variant.withMessagingSettings ? { messagingSettingId } : {}), total: sql<number>`count(*) over ()` })
    .from(personas)
    .where(mine)
    .orderBy(dir(SORTS[variant.sort]), dir(personas.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name);
}

async function queryPage(db: Db, accountId: number, page: PersonaListOptions): Promise<PersonaPage> {
  const text = page.filter?.trim();
  const pattern = text ? `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const variant = { sort: page.sort ?? 'created_at', direction: page.direction === 'asc' ? 'asc' : 'desc', filtered: pattern !== null, withMessagingSettings: !!page.withMessagingSettings } as const;
  const name = `personas_page_${variant.sort}_${variant.direction}_${variant.filtered ? 'f' : 'a'}_${variant.withMessagingSettings ? 'm' : 'n'}`;
  let prepared = preparedPages.get(db);
  if (!prepared) preparedPages.set(db, (prepared = new Map()));
  let query = prepared.get(name);
  if (!query) prepared.set(name, (query = preparePage(db, variant, name)));
  const rows = (await query.execute({ accountId, pattern, limit: page.perPage, offset: (page.page - 1) * page.perPage })) as Array<PersonaWithCount & { total: number }>;
  if (rows.length > 0) return { rows: rows.map(({ total: _total, ...row }) => row) as PersonaWithCount[], total: Number(rows[0]!.total) };
  // A page past the end has no rows to carry the total.
  if (page.page === 1) return { rows: [], total: 0 };
  const mine = and(eq(personas.accountId, accountId), pattern ? or(ilike(personas.name, pattern), ilike(personas.description, pattern)) : undefined);
  const [total] = await db.select({ n: count() }).from(personas).where(mine);
  return { rows: [], total: Number(total?.n ?? 0) };
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

export async function findWithCount(db: Db, accountId: number, id: number): Promise<PersonaWithCount | null> {
  const [row] = await db
    .select({ ...getTableColumns(personas), prospectsCount })
    .from(personas)
    .where(and(eq(personas.accountId, accountId), eq(personas.id, id)))
    .limit(1);
  return (row as PersonaWithCount | undefined) ?? null;
}

/** Throws the unique violation on a name the account already uses; null when not the account's. */
export async function update(
  db: Db,
  accountId: number,
  id: number,
  input: { name?: string; description?: string | null; filters?: PersonFiltersWire },
): Promise<boolean> {
  const rows = await db
    .update(personas)
    .set({ ...input, updatedAt: sql`now()` })
    .where(and(eq(personas.accountId, accountId), eq(personas.id, id)))
    .returning({ id: personas.id });
  return rows.length > 0;
}

/** Deletes the persona and its memberships (the prospects stay in the account). */
export async function remove(db: Db, accountId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(personas)
    .where(and(eq(personas.accountId, accountId), eq(personas.id, id)))
    .returning({ id: personas.id });
  return rows.length > 0;
}

/** Every persona of the account with its prospect numbers, for the performance export. */
export async function performanceRows(db: Db, accountId: number) {
  return db
    .select({
      id: personas.id,
      name: personas.name,
      description: personas.description,
      createdAt: personas.createdAt,
      updatedAt: personas.updatedAt,
      prospects: prospectsCount,
      withEmail: sql<number>`(select count(*) from ${personaProspects} pp join prospects p on p.id = pp.prospect_id where pp.persona_id = personas.id and p.email is not null)::int`,
      withLinkedIn: sql<number>`(select count(*) from ${personaProspects} pp join prospects p on p.id = pp.prospect_id where pp.persona_id = personas.id and p.linkedin_url is not null)::int`,
      addedLast30Days: sql<number>`(select count(*) from ${personaProspects} pp where pp.persona_id = personas.id and pp.created_at >= now() - interval '30 days')::int`,
    })
    .from(personas)
    .where(eq(personas.accountId, accountId))
    .orderBy(asc(personas.name), asc(personas.id));
}
