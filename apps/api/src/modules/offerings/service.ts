import { and, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { createOfferingBodySchema, Offering, updateOfferingBodySchema } from '@shared/schemas/messaging';
import type { Db } from '../../db/client';
import { offerings, personas, type OfferingRow } from '../../db/schema';
import { notFound, unprocessable } from '../../lib/http-error';
import type { AuthContext, Deps } from '../../lib/route';
import { recordActivity } from '../activities/service';

export const MESSAGES = {
  notFound: 'Offering not found',
  priceOrder: 'The highest price must not be lower than the lowest price',
  persona: 'A persona it fits was not found',
} as const;

/** The personas a product fits, each checked to be this account's (another account's answers as a missing one). */
async function ownPersonaIds(db: Db, accountId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const found = await db.select({ id: personas.id }).from(personas).where(and(eq(personas.accountId, accountId), inArray(personas.id, unique)));
  if (found.length !== unique.length) throw unprocessable(MESSAGES.persona);
  return unique;
}

export function toOfferingJson(row: OfferingRow): Offering {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price_min: row.priceMin === null ? null : Number(row.priceMin),
    price_max: row.priceMax === null ? null : Number(row.priceMax),
    currency: row.currency as Offering['currency'],
    price_period: row.pricePeriod as Offering['price_period'],
    url: row.url,
    pricing_notes: row.pricingNotes,
    persona_ids: row.personaIds,
    not_for: row.notFor,
    proof: row.proof,
    claims: row.claims,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function findInAccount(db: Db, accountId: number, id: number): Promise<OfferingRow | null> {
  const [row] = await db.select().from(offerings).where(and(eq(offerings.accountId, accountId), eq(offerings.id, id)));
  return row ?? null;
}

async function offeringOf(db: Db, auth: AuthContext, id: number) {
  const row = await findInAccount(db, auth.account.id, id);
  // Another account's offering answers exactly like a missing one.
  if (!row) throw notFound(MESSAGES.notFound);
  return row;
}

/** The offerings as JSON, each persona id that no longer exists (a deleted persona) left out. */
async function withLivePersonas(db: Db, accountId: number, rows: OfferingRow[]): Promise<Offering[]> {
  const wanted = [...new Set(rows.flatMap((r) => r.personaIds))];
  const live = wanted.length
    ? new Set((await db.select({ id: personas.id }).from(personas).where(and(eq(personas.accountId, accountId), inArray(personas.id, wanted)))).map((p) => p.id))
    : new Set<number>();
  return rows.map((r) => toOfferingJson({ ...r, personaIds: r.personaIds.filter((id) => live.has(id)) }));
}

export async function list(deps: Deps, auth: AuthContext): Promise<Offering[]> {
  const rows = await deps.db.select().from(offerings).where(eq(offerings.accountId, auth.account.id)).orderBy(desc(offerings.createdAt), desc(offerings.id));
  return withLivePersonas(deps.db, auth.account.id, rows);
}

export async function get(deps: Deps, auth: AuthContext, id: number): Promise<Offering> {
  const [one] = await withLivePersonas(deps.db, auth.account.id, [await offeringOf(deps.db, auth, id)]);
  return one!;
}

/** Spec §7 "POST (list)": read as POST offerings creating one offering (the list is GET offerings). */
export async function create(deps: Deps, auth: AuthContext, body: z.output<typeof createOfferingBodySchema>): Promise<Offering> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(offerings)
      .values({
        accountId: auth.account.id,
        name: body.name,
        description: body.description,
        priceMin: body.price_min,
        priceMax: body.price_max,
        currency: body.currency,
        pricePeriod: body.price_period,
        url: body.url,
        pricingNotes: body.pricing_notes,
        personaIds: await ownPersonaIds(tx, auth.account.id, body.persona_ids),
        notFor: body.not_for,
        proof: body.proof,
        claims: body.claims,
      })
      .returning();
    await recordActivity(tx, {
      accountId: auth.account.id,
      actorType: 'user',
      actorId: auth.user.id,
      verb: 'offering_created',
      payload: { offering_id: row!.id, name: row!.name },
    });
    return toOfferingJson(row!);
  });
}

export async function update(deps: Deps, auth: AuthContext, id: number, body: z.output<typeof updateOfferingBodySchema>): Promise<Offering> {
  return deps.db.transaction(async (tx) => {
    const current = await offeringOf(tx, auth, id);
    const priceMin = body.price_min !== undefined ? body.price_min : current.priceMin === null ? null : Number(current.priceMin);
    const priceMax = body.price_max !== undefined ? body.price_max : current.priceMax === null ? null : Number(current.priceMax);
    if (priceMin !== null && priceMax !== null && priceMin > priceMax) throw unprocessable(MESSAGES.priceOrder);
    const [row] = await tx
      .update(offerings)
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.currency !== undefined ? { currency: body.currency } : {}),
        ...(body.price_period !== undefined ? { pricePeriod: body.price_period } : {}),
        ...(body.url !== undefined ? { url: body.url } : {}),
        ...(body.pricing_notes !== undefined ? { pricingNotes: body.pricing_notes } : {}),
        ...(body.persona_ids !== undefined ? { personaIds: await ownPersonaIds(tx, auth.account.id, body.persona_ids) } : {}),
        ...(body.not_for !== undefined ? { notFor: body.not_for } : {}),
        ...(body.proof !== undefined ? { proof: body.proof } : {}),
        ...(body.claims !== undefined ? { claims: body.claims } : {}),
        priceMin,
        priceMax,
        updatedAt: new Date(),
      })
      .where(and(eq(offerings.accountId, auth.account.id), eq(offerings.id, id)))
      .returning();
    const [one] = await withLivePersonas(tx, auth.account.id, [row!]);
    return one!;
  });
}

export async function remove(deps: Deps, auth: AuthContext, id: number): Promise<{ id: number }> {
  const rows = await deps.db.delete(offerings).where(and(eq(offerings.accountId, auth.account.id), eq(offerings.id, id))).returning({ id: offerings.id });
  if (!rows.length) throw notFound(MESSAGES.notFound);
  return { id };
}
