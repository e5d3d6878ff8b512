import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { INBOX_POLL_INTERVAL_S } from '@shared/constants';
import { dbId } from '@shared/schemas/primitives';
import type { Db } from '../../db/client';
import { campaignEmails, imapSyncLeases, imapSyncStates, userEmails, type UserEmailRow } from '../../db/schema';
import { kickSync, MAILBOX_SYNC_JOB } from '../../lib/jobs/kicks';
import { defineJob } from '../../lib/jobs/queue';
import { findSentFolder } from '../../lib/mail/imap';
import type { Deps } from '../../lib/route';
import { imapEndpointOf } from '../sending/sent-folder';
import { signInOf } from '../mailboxes/oauth-tokens';
import { textProviderFor } from '../ai';
import { IngestBatchError, ingestBatch, type FolderRole, type IngestHooks, type IngestResult } from './ingest';

/**
 * The IMAP sync of one mailbox (job `mailbox-sync`, one per mailbox): INBOX and the Sent folder, each
 * incremental by UID from its cursor (imap_sync_states). A changed UIDVALIDITY rescans the folder from
 * the mailbox's connection day; ingestion dedupes by Message-ID, so nothing doubles. The cursor moves
 * only past messages taken in, so a crash or a server restart repeats (harmlessly) rather than skips.
 * One process syncs a mailbox at a time (imap_sync_leases). A run polls both folders, then (where the
 * server offers IDLE) waits in IDLE on INBOX for up to config.inbox.idleSeconds, taking each arrival in at
 * once; the next run is enqueued at the next INBOX_POLL_INTERVAL_S slot on the durable queue, so nothing
 * depends on a process staying up.
 */

type ImapSession = Awaited<ReturnType<Deps['mail']['imap']['open']>>;

export type FolderSync = {
  folder: string;
  role: FolderRole;
  /** UIDVALIDITY changed (or first sync): the folder was scanned from the mailbox's connection day. */
  rescanned: boolean;
  seen: number;
  stored: number;
  duplicates: number;
  unrelated: number;
  error: string | null;
};

export type MailboxSync = { ok: boolean; error: string | null; folders: FolderSync[] };

/** Messages looked at per folder and run (their headers; the few that may concern us in full): the rest waits for the next run. */
const MAX_MESSAGES_PER_RUN = 20_000;
/** UIDs per fetched batch: one UID FETCH of their headers, one of the sources that may concern us, one ingestion batch (ingestBatch). */
export const SYNC_BATCH = 250;
const DAY_MS = 86_400_000;

/** Only these can thread onto ours or report a bounce: others are never fetched in full. */
function mayConcernUs(headers: string): boolean {
  return /^(in-reply-to|references):/im.test(headers) || /^content-type:\s*multipart\/(report|mixed)/im.test(headers) || /^from:.*\b(mailer-daemon|postmaster)@/im.test(headers);
}

/** A UID set for one command ("3:7,9,12:13"). */
function uidSet(uids: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < uids.length; ) {
    let j = i;
    while (j + 1 < uids.length && uids[j + 1] === uids[j]! + 1) j++;
    parts.push(i === j ? String(uids[i]) : `${uids[i]}:${uids[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}

/**
 * Where a first sync (or a new UIDVALIDITY) starts reading: a day before the first campaign email this mailbox sent
 * (nothing older can answer ours), else a day before the mailbox was connected. A mailbox with years of mail is never read whole.
 */
async function scanSince(db: Db, mailbox: UserEmailRow): Promise<Date> {
  const [first] = await db
    .select({ at: sql<Date | string | null>`min(${campaignEmails.sentAt})` })
    .from(campaignEmails)
    .where(and(eq(campaignEmails.accountId, mailbox.accountId), eq(campaignEmails.userEmailId, mailbox.id), eq(campaignEmails.status, 'sent')));
  const firstSend = first?.at ? new Date(first.at) : null;
  return new Date((firstSend ?? mailbox.createdAt).getTime() - DAY_MS);
}

/** Test seams: called after each batch was taken in (a test throws here to stand for a crash between batches). */
export type SyncHooks = { afterBatch?: (uids: number[]) => void | Promise<void>; ingest?: IngestHooks; /** UIDs per batch instead of SYNC_BATCH. */ batchSize?: number };

function count(result: FolderSync, outcome: IngestResult): void {
  if (outcome.outcome === 'stored') result.stored++;
  else if (outcome.outcome === 'duplicate') result.duplicates++;
  else result.unrelated++;
}

async function syncFolder(deps: Pick<Deps, 'db' | 'config'> & Partial<Pick<Deps, 'jobs'>>, client: ImapSession, mailbox: UserEmailRow, folder: string, role: FolderRole, now: Date, hooks: SyncHooks = {}): Promise<FolderSync> {
  const db = deps.db;
  const accountId = mailbox.accountId;
  const result: FolderSync = { folder, role, rescanned: false, seen: 0, stored: 0, duplicates: 0, unrelated: 0, error: null };
  const [state] = await db
    .select()
    .from(imapSyncStates)
    .where(and(eq(imapSyncStates.accountId, accountId), eq(imapSyncStates.userEmailId, mailbox.id), eq(imapSyncStates.folder, folder)));
  const lock = await client.getMailboxLock(folder, { readOnly: true });
  let lastUid = state?.lastUid ?? 0;
  let uidValidity: number | null = null;
  try {
    const opened = client.mailbox;
    if (!opened) throw new Error(`The folder ${folder} could not be opened`);
    uidValidity = Number(opened.uidValidity);
    const fresh = !state || state.uidValidity === null || state.uidValidity !== uidValidity;
    if (fresh) {
      result.rescanned = true;
      lastUid = 0;
    }
    if (opened.exists > 0) {
      // One UID SEARCH answers the UIDs to look at (numbers only); their headers and sources are then fetched batch by batch.
      const found = (await client.search(fresh ? { since: await scanSince(db, mailbox) } : { uid: `${lastUid + 1}:*` }, { uid: true })) || [];
      // "n:*" answers the last message even when its UID is below n.
      const uids = [...new Set(found)].filter((uid) => uid > lastUid).sort((a, b) => a - b).slice(0, MAX_MESSAGES_PER_RUN);
      const provider = textProviderFor(deps.config);
      const size = hooks.batchSize ?? SYNC_BATCH;
      for (let i = 0; i < uids.length; i += size) {
        const batch = uids.slice(i, i + size);
        const concerns: number[] = [];
        for await (const msg of client.fetch(uidSet(batch), { uid: true, headers: ['in-reply-to', 'references', 'content-type', 'from'] }, { uid: true })) {
          if (mayConcernUs(msg.headers?.toString('utf8') ?? '')) concerns.push(msg.uid);
        }
        const sources: Array<{ raw: Buffer; uid: number }> = [];
        if (concerns.length) {
          for await (const msg of client.fetch(uidSet(concerns.sort((a, b) => a - b)), { uid: true, source: true }, { uid: true })) if (msg.source) sources.push({ raw: msg.source, uid: msg.uid });
        }
        sources.sort((a, b) => a.uid - b.uid);
        let outcomes: IngestResult[];
        try {
          outcomes = await ingestBatch(db, { mailbox, folder, role, now, provider, jobs: deps.jobs }, sources, hooks.ingest);
        } catch (err) {
          // Taken in up to the message that failed: the cursor moves past those (and the unconcerned UIDs before it), not beyond.
          if (!(err instanceof IngestBatchError)) throw err;
          const before = batch.filter((uid) => uid < err.failedUid);
          for (const outcome of err.taken) count(result, outcome);
          result.unrelated += before.length - err.taken.length;
          result.seen += before.length;
          if (before.length) lastUid = before.at(-1)!;
          throw err.cause;
        }
        for (const outcome of outcomes) count(result, outcome);
        // Not fetched in full (nothing in their headers can concern us), or gone between the two fetches: not ours.
        result.unrelated += batch.length - outcomes.length;
        result.seen += batch.length;
        lastUid = batch.at(-1)!;
        // The cursor moves past each batch once it is taken in: a crash after it repeats nothing, one inside it repeats (deduped) only it.
        await saveState(db, mailbox, folder, { uidValidity, lastUid, error: null, now });
        await hooks.afterBatch?.(batch);
      }
    }
  } catch (err) {
    result.error = (err as Error).message.slice(0, 500);
  } finally {
    lock.release();
  }
  await saveState(db, mailbox, folder, { uidValidity, lastUid, error: result.error, now });
  return result;
}

async function saveState(db: Db, mailbox: Pick<UserEmailRow, 'id' | 'accountId'>, folder: string, s: { uidValidity: number | null; lastUid: number; error: string | null; now: Date }) {
  const values = {
    ...(s.uidValidity === null ? {} : { uidValidity: s.uidValidity, lastUid: s.lastUid }),
    error: s.error,
    lastSyncedAt: s.error ? undefined : s.now,
    updatedAt: s.now,
  };
  await db
    .insert(imapSyncStates)
    .values({ accountId: mailbox.accountId, userEmailId: mailbox.id, folder, ...values })
    .onConflictDoUpdate({ target: [imapSyncStates.userEmailId, imapSyncStates.folder], set: values, setWhere: eq(imapSyncStates.accountId, mailbox.accountId) });
}

export type IdleOptions = {
  /** How long to wait in IDLE after the pass (0: none). */
  idleMs: number;
  /** Ends the wait (the app is stopping). */
  signal?: AbortSignal;
  /** Called each time IDLE starts (tests append their message then). */
  onIdle?: () => void;
  /** Called after each arrival was taken in. */
  onSynced?: (result: FolderSync) => void;
  /** Test seams of the passes (a crash between or inside batches). */
  hooks?: SyncHooks;
};

/**
 * Waits in IDLE on INBOX until the deadline, taking in what arrives (an EXISTS from the server) at once.
 * IDLE broken by the client's keepalive (a NOOP after the socket's quiet time) is simply started again.
 */
async function idleOnInbox(deps: Pick<Deps, 'db' | 'config'> & Partial<Pick<Deps, 'jobs'>>, client: ImapSession, mailbox: UserEmailRow, options: IdleOptions, results: FolderSync[]): Promise<void> {
  if (!client.capabilities.has('IDLE')) return;
  const deadline = Date.now() + options.idleMs;
  // The message count last seen: more than that means something arrived while IDLE was not listening (the keepalive broke it).
  let knownExists: number | null = null;
  while (!options.signal?.aborted && Date.now() < deadline) {
    const lock = await client.getMailboxLock('INBOX', { readOnly: true });
    let arrived: boolean;
    try {
      const opened = client.mailbox;
      if (!opened) break;
      if (knownExists === null) {
        // Something that came between the pass and IDLE: the server's next UID is past the cursor.
        const [state] = await deps.db
          .select({ uidValidity: imapSyncStates.uidValidity, lastUid: imapSyncStates.lastUid })
          .from(imapSyncStates)
          .where(and(eq(imapSyncStates.accountId, mailbox.accountId), eq(imapSyncStates.userEmailId, mailbox.id), eq(imapSyncStates.folder, 'INBOX')));
        arrived = Boolean(state && Number(opened.uidValidity) === state.uidValidity && opened.uidNext > state.lastUid + 1);
      } else arrived = opened.exists > knownExists;
      knownExists = opened.exists;
      // Stopped while the lock was being taken: an abort already fired is never heard again.
      if (options.signal?.aborted) break;
      if (!arrived) {
        arrived = await new Promise<boolean>((resolve) => {
          const done = (value: boolean) => {
            clearTimeout(timer);
            client.off('exists', onExists);
            options.signal?.removeEventListener('abort', onAbort);
            resolve(value);
          };
          const onExists = () => done(true);
          const onAbort = () => done(false);
          const timer = setTimeout(() => done(false), Math.max(0, deadline - Date.now()));
          client.on('exists', onExists);
          options.signal?.addEventListener('abort', onAbort, { once: true });
          // Resolves when IDLE is broken (our next command, the keepalive, the server): the loop decides what next.
          client.idle().then(
            () => done(false),
            () => done(false),
          );
          options.onIdle?.();
        });
      }
    } finally {
      lock.release();
    }
    if (arrived) {
      const result = await syncFolder(deps, client, mailbox, 'INBOX', 'inbox', new Date(), options.hooks);
      results.push(result);
      knownExists = client.mailbox ? client.mailbox.exists : knownExists;
      options.onSynced?.(result);
      if (result.error) break;
    }
  }
  // Any command ends a pending IDLE (DONE first): the logout then goes out at once instead of after the keepalive.
  await client.noop().catch(() => undefined);
}

/** One pass over the mailbox's INBOX and Sent folder, in the mailbox's account scope; then IDLE when asked. */
export async function syncMailbox(deps: Pick<Deps, 'db' | 'config' | 'mail'> & Partial<Pick<Deps, 'jobs'>>, mailbox: UserEmailRow, now = new Date(), idle: IdleOptions = { idleMs: 0 }): Promise<MailboxSync> {
  const fail = async (error: string): Promise<MailboxSync> => {
    await saveState(deps.db, mailbox, 'INBOX', { uidValidity: null, lastUid: 0, error, now });
    return { ok: false, error, folders: [] };
  };
  const signIn = await signInOf(deps, mailbox, 'imap', now);
  if (!signIn.ok) return fail(signIn.error);
  const endpoint = { ...imapEndpointOf(mailbox, signIn.password), ...(signIn.accessToken ? { accessToken: signIn.accessToken } : {}) };
  let client: ImapSession;
  try {
    client = await deps.mail.imap.open(endpoint);
  } catch (err) {
    return fail(`IMAP: ${(err as Error).message}`.slice(0, 500));
  }
  try {
    let sent = mailbox.sentFolder;
    if (!sent) sent = findSentFolder(await client.list());
    const folders: Array<[string, FolderRole]> = [['INBOX', 'inbox']];
    if (sent && sent.toUpperCase() !== 'INBOX') folders.push([sent, 'sent']);
    const results: FolderSync[] = [];
    for (const [folder, role] of folders) results.push(await syncFolder(deps, client, mailbox, folder, role, now, idle.hooks));
    if (idle.idleMs > 0 && !results.some((r) => r.error)) await idleOnInbox(deps, client, mailbox, idle, results);
    const error = results.find((r) => r.error)?.error ?? null;
    return { ok: error === null, error, folders: results };
  } catch (err) {
    return fail(`IMAP: ${(err as Error).message}`.slice(0, 500));
  } finally {
    await client.logout().catch(() => client.close());
  }
}

/** Longer than a sync run takes; a process that dies holding it blocks the mailbox no longer. */
export const SYNC_LEASE_MS = 10 * 60_000;

/** Takes the mailbox's sync lease unless another process holds a live one; answers the holder id, or null. */
export async function takeSyncLease(db: Db, accountId: number, userEmailId: number, now = new Date()): Promise<string | null> {
  const holder = randomUUID();
  const expiresAt = new Date(now.getTime() + SYNC_LEASE_MS);
  const [row] = await db
    .insert(imapSyncLeases)
    .values({ accountId, userEmailId, holder, expiresAt })
    .onConflictDoUpdate({ target: imapSyncLeases.userEmailId, set: { holder, expiresAt }, setWhere: and(eq(imapSyncLeases.accountId, accountId), lt(imapSyncLeases.expiresAt, now)) })
    .returning({ holder: imapSyncLeases.holder });
  return row?.holder === holder ? holder : null;
}

export async function releaseSyncLease(db: Db, accountId: number, userEmailId: number, holder: string): Promise<void> {
  await db.delete(imapSyncLeases).where(and(eq(imapSyncLeases.accountId, accountId), eq(imapSyncLeases.userEmailId, userEmailId), eq(imapSyncLeases.holder, holder)));
}

type SyncPayload = { account_id: number; user_email_id: number };

/**
 * The next poll of a mailbox, at the start of the next poll slot: one pending poll per mailbox and slot
 * (its key), so a second ask in the same slot (a kick, a run drained early in a test) adds nothing.
 */
export async function scheduleSync(deps: Pick<Deps, 'jobs'>, accountId: number, userEmailId: number, after: Date): Promise<void> {
  const slot = INBOX_POLL_INTERVAL_S * 1000;
  const startAfter = new Date(Math.floor(after.getTime() / slot) * slot + slot);
  await deps.jobs.send(mailboxSyncJob, { account_id: accountId, user_email_id: userEmailId }, { startAfter, key: `${userEmailId}:${startAfter.toISOString()}` });
}

export const mailboxSyncJob = defineJob<SyncPayload, Deps>({
  name: MAILBOX_SYNC_JOB,
  payload: z.object({ account_id: dbId(), user_email_id: dbId() }),
  scope: (_deps, payload) => payload.account_id,
  // A failed run is not retried: the next poll is the retry (and the failure is on the cursor row).
  retryLimit: 0,
  expireInSeconds: 15 * 60,
  // A run holds its slot while in IDLE: this many mailboxes per process wait in IDLE at once, the rest are polled as slots free.
  concurrency: 25,
  handler: async (deps, payload, job) => {
    const accountId = payload.account_id;
    const [mailbox] = await deps.db
      .select()
      .from(userEmails)
      .where(and(eq(userEmails.accountId, accountId), eq(userEmails.id, payload.user_email_id)));
    if (!mailbox) return { gone: true };
    const now = new Date();
    // A mailbox that cannot sign in is not asked every minute (a provider may lock it): its status is looked at again later.
    if (mailbox.status === 'failing') {
      await scheduleSync(deps, accountId, mailbox.id, new Date(now.getTime() + 15 * 60_000));
      return { skipped: 'failing' };
    }
    const holder = await takeSyncLease(deps.db, accountId, mailbox.id, now);
    if (!holder) {
      await scheduleSync(deps, accountId, mailbox.id, now);
      return { deferred: true };
    }
    try {
      const result = await syncMailbox(deps, mailbox, now, { idleMs: deps.config.inbox.idleSeconds * 1000, signal: job.signal });
      return { ok: result.ok, error: result.error, folders: result.folders.map((f) => ({ folder: f.folder, seen: f.seen, stored: f.stored })) };
    } finally {
      await releaseSyncLease(deps.db, accountId, mailbox.id, holder);
      await scheduleSync(deps, accountId, mailbox.id, new Date());
    }
  },
});

/**
 * At app start: a sync for every mailbox that has sent a campaign email (nothing else can be answered),
 * in the system scope (it reads across accounts; each sync then runs in its own account's scope).
 */
export async function kickMailboxSyncs(deps: Pick<Deps, 'db' | 'jobs'>): Promise<void> {
  const rows = await deps.db
    .selectDistinct({ accountId: userEmails.accountId, id: userEmails.id })
    .from(userEmails)
    .where(and(inArray(userEmails.status, ['active', 'paused']), sql`exists (select 1 from ${campaignEmails} ce where ce.user_email_id = ${userEmails.id} and ce.account_id = ${userEmails.accountId} and ce.status = 'sent')`));
  for (const r of rows) await kickSync(deps, r.accountId, r.id);
}

