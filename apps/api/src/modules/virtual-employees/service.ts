import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { getBrand } from '@shared/brands';
import type { addToWishlistBodySchema, createVirtualEmployeeBodySchema, updateVirtualEmployeeBodySchema, VirtualEmployee } from '@shared/schemas/campaigns';
import type { Db } from '../../db/client';
import { personas, userEmails, virtualEmployeeMailboxes, virtualEmployeePersonas, virtualEmployees, virtualEmployeeWishes, type VirtualEmployeeRow } from '../../db/schema';
import { notFound, unprocessable } from '../../lib/http-error';
import { enqueueMail } from '../../lib/jobs/email';
import type { AuthContext, Deps } from '../../lib/route';
import { sanitizeForStorage } from '../../lib/sanitize-rich-text';
import { recordActivity } from '../activities/service';

export const VE_MESSAGES = {
  notFound: 'Virtual employee not found',
  mailboxNotFound: 'Mailbox not found: choose mailboxes connected to this account',
  personaNotFound: 'Persona not found',
};

type CreateBody = z.output<typeof createVirtualEmployeeBodySchema>;
type UpdateBody = z.output<typeof updateVirtualEmployeeBodySchema>;

/** The virtual employees of an account with their mailboxes and personas (ids filter when given). */
export async function listRows(db: Db, accountId: number, ids?: number[]): Promise<VirtualEmployee[]> {
  const rows = await db
    .select()
    .from(virtualEmployees)
    .where(and(eq(virtualEmployees.accountId, accountId), ids ? inArray(virtualEmployees.id, ids.length ? ids : [0]) : undefined))
    .orderBy(asc(virtualEmployees.createdAt), asc(virtualEmployees.id));
  if (rows.length === 0) return [];
  const veIds = rows.map((r) => r.id);
  const boxes = await db
    .select({ veId: virtualEmployeeMailboxes.virtualEmployeeId, id: userEmails.id, email: userEmails.email, status: userEmails.status })
    .from(virtualEmployeeMailboxes)
    .innerJoin(userEmails, and(eq(userEmails.id, virtualEmployeeMailboxes.userEmailId), eq(userEmails.accountId, accountId)))
    .where(and(eq(virtualEmployeeMailboxes.accountId, accountId), inArray(virtualEmployeeMailboxes.virtualEmployeeId, veIds)))
    .orderBy(asc(userEmails.id));
  const works = await db
    .select({ veId: virtualEmployeePersonas.virtualEmployeeId, personaId: virtualEmployeePersonas.personaId })
    .from(virtualEmployeePersonas)
    .where(and(eq(virtualEmployeePersonas.accountId, accountId), inArray(virtualEmployeePersonas.virtualEmployeeId, veIds)))
    .orderBy(asc(virtualEmployeePersonas.personaId));
  return rows.map((r) => toJson(r, boxes.filter((b) => b.veId === r.id), works.filter((w) => w.veId === r.id).map((w) => w.personaId)));
}

function toJson(row: VirtualEmployeeRow, boxes: Array<{ id: number; email: string; status: string }>, personIds: number[]): VirtualEmployee {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    photo_url: row.photoUrl,
    signature: row.signature,
    user_email_ids: boxes.map((b) => b.id),
    mailboxes: boxes.map((b) => ({ id: b.id, email: b.email, status: b.status })),
    person_ids: personIds,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export const list = (deps: Deps, auth: AuthContext) => listRows(deps.db, auth.account.id);

export async function show(deps: Deps, auth: AuthContext, id: number): Promise<VirtualEmployee> {
  const [found] = await listRows(deps.db, auth.account.id, [id]);
  if (!found) throw notFound(VE_MESSAGES.notFound);
  return found;
}

/** Every id must be one of the account's own mailboxes (422 names the problem; another account's looks unknown). */
async function checkMailboxes(db: Db, accountId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found = await db.select({ id: userEmails.id }).from(userEmails).where(and(eq(userEmails.accountId, accountId), inArray(userEmails.id, unique)));
  if (found.length !== unique.length) throw unprocessable(VE_MESSAGES.mailboxNotFound);
  return unique;
}

async function checkPersonas(db: Db, accountId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await db.select({ id: personas.id }).from(personas).where(and(eq(personas.accountId, accountId), inArray(personas.id, unique)));
  if (found.length !== unique.length) throw unprocessable(VE_MESSAGES.personaNotFound);
  return unique;
}

async function setLinks(tx: Db, accountId: number, veId: number, mailboxIds: number[] | undefined, personIds: number[] | undefined) {
  if (mailboxIds) {
    await tx.delete(virtualEmployeeMailboxes).where(and(eq(virtualEmployeeMailboxes.accountId, accountId), eq(virtualEmployeeMailboxes.virtualEmployeeId, veId)));
    await tx.insert(virtualEmployeeMailboxes).values(mailboxIds.map((userEmailId) => ({ accountId, virtualEmployeeId: veId, userEmailId })));
  }
  if (personIds) {
    await tx.delete(virtualEmployeePersonas).where(and(eq(virtualEmployeePersonas.accountId, accountId), eq(virtualEmployeePersonas.virtualEmployeeId, veId)));
    if (personIds.length) await tx.insert(virtualEmployeePersonas).values(personIds.map((personaId) => ({ accountId, virtualEmployeeId: veId, personaId })));
  }
}

export async function create(deps: Deps, auth: AuthContext, body: CreateBody): Promise<VirtualEmployee> {
  const accountId = auth.account.id;
  const mailboxIds = await checkMailboxes(deps.db, accountId, body.user_email_ids);
  const personIds = await checkPersonas(deps.db, accountId, body.person_ids ?? []);
  const signature = body.signature ? sanitizeForStorage('signature', body.signature) : '';
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(virtualEmployees)
      .values({ accountId, name: body.name, title: body.title || null, photoUrl: body.photo_url || null, signature })
      .returning({ id: virtualEmployees.id });
    await setLinks(tx, accountId, row!.id, mailboxIds, personIds);
    await recordActivity(tx, { accountId, actorType: 'user', actorId: auth.user.id, verb: 'virtual_employee_created', payload: { virtual_employee_id: row!.id, name: body.name } });
    return row!.id;
  });
  return show(deps, auth, id);
}

export async function update(deps: Deps, auth: AuthContext, id: number, body: UpdateBody): Promise<VirtualEmployee> {
  const accountId = auth.account.id;
  const [existing] = await deps.db.select({ id: virtualEmployees.id }).from(virtualEmployees).where(and(eq(virtualEmployees.id, id), eq(virtualEmployees.accountId, accountId)));
  if (!existing) throw notFound(VE_MESSAGES.notFound);
  const mailboxIds = body.user_email_ids ? await checkMailboxes(deps.db, accountId, body.user_email_ids) : undefined;
  const personIds = body.person_ids ? await checkPersonas(deps.db, accountId, body.person_ids) : undefined;
  const set: Partial<typeof virtualEmployees.$inferInsert> = { updatedAt: new Date() };
  if (body.name !== undefined) set.name = body.name;
  if (body.title !== undefined) set.title = body.title || null;
  if (body.photo_url !== undefined) set.photoUrl = body.photo_url || null;
  if (body.signature !== undefined) set.signature = body.signature ? sanitizeForStorage('signature', body.signature) : '';
  await deps.db.transaction(async (tx) => {
    await tx.update(virtualEmployees).set(set).where(and(eq(virtualEmployees.id, id), eq(virtualEmployees.accountId, accountId)));
    await setLinks(tx, accountId, id, mailboxIds, personIds);
  });
  return show(deps, auth, id);
}

/** Records the wish and tells the brand's system email (durably, after the commit). */
export async function addToWishlist(deps: Deps, auth: AuthContext, body: z.output<typeof addToWishlistBodySchema>) {
  const brand = getBrand(auth.account.holderId);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(virtualEmployeeWishes)
      .values({ accountId: auth.account.id, userId: auth.user.id, kind: body.kind, note: body.note || null })
      .returning();
    const lines = [
      `${auth.user.name || auth.user.email} (${auth.user.email}, account ${auth.account.id} "${auth.account.name}") would like a virtual employee: ${body.kind}.`,
      ...(body.note ? [`Note: ${body.note}`] : []),
    ];
    const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    await enqueueMail(
      deps,
      {
        from: { name: brand.company_name, address: brand.system_email },
        to: brand.system_email,
        subject: `[${brand.company_name}] Virtual employee wish: ${body.kind}`,
        text: lines.join('\n'),
        html: lines.map((l) => `<p>${esc(l)}</p>`).join(''),
      },
      { tx, key: `wish:${row!.id}` },
    );
    return { id: row!.id, kind: row!.kind, note: row!.note, created_at: row!.createdAt.toISOString() };
  });
}
