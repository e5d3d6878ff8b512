import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { BOUNCE_MATCH_RECENT_DAYS, BOUNCE_SOFT_REPEAT_COUNT, BOUNCE_SOFT_REPEAT_DAYS, BOUNCE_SOFT_REPEAT_WINDOW_DAYS, FREE_MAIL_DOMAINS, OUT_OF_OFFICE_PAUSE_DAYS } from '@shared/constants';
import { isAutomaticReplyStatus, nextReplyStatus, type ReplyStatus, type ReplyStatusSource, type ReplyStatusState } from '@shared/schemas/inbox';
import type { Db } from '../../db/client';
import { bulkInsert } from '../../db/bulk-insert';
import { blacklistedEmails, bounceReports, campaignEmails, campaignEnrolments, campaigns, emailThreadMessages, emailThreads, userEmails, type CampaignEmailRow, type EmailThreadRow, type UserEmailRow } from '../../db/schema';
import { sanitizeRichText } from '../../lib/sanitize-rich-text';
import { recordActivity, withActivitiesBuffered } from '../activities/service';
import { emitLiveEvent, withLiveEventsBuffered } from '../../lib/live-events';
import { stopEnrolments, suppress } from '../blacklist/suppression';
import { publish } from '../../lib/events';
import { stopEnrolmentsWhere, UNSENT_STATUSES } from '../campaigns/enrolment';
import { withCampaignFinishDeferred } from '../campaigns/lifecycle';
import { analyseBounce, normaliseMessageId, type BounceRecipient, type BounceReport } from './bounces';
import type { TextProvider } from '../ai/provider';
import type { JobQueue } from '../../lib/jobs/queue';
import type { Deps } from '../../lib/route';
import { scheduleAgentAnswer } from './agent-answer';
import { holdForReview } from './review-hold';
import { classifyByRules, classifyReply, replyInputOfParsed, type ReplyClassification } from './classify';
import { freshText, returnDateOf } from './wording';

/**
 * THE ingestion of one message from a mailbox's folder (the IMAP sync calls it per message; tests call
 * it with fixture messages), in the mailbox's account scope. It:
 * - threads only by Message-ID / In-Reply-To / References against the Message-IDs we sent
 *   (campaign_emails) and those already in threads, never by subject or Reply-To;
 * - records ours (from the mailbox's own address, or found in Sent / Drafts) as outbound, never as a reply;
 * - takes a bounce (bounces/: any mail system's report, or an ARF complaint) to what it returns: a permanent failure
 *   suppresses the address (hard_bounce, which stops its enrolments), a temporary one is recorded (repeated ones
 *   suppress), a policy refusal counts against the mailbox, a complaint suppresses as such; a bounce is never a reply;
 * - takes an auto-reply (headers, out-of-office wording) as such: an out-of-office pauses the prospect's
 *   unsent emails until the return date it gives (else OUT_OF_OFFICE_PAUSE_DAYS); never stops, never a reply;
 * - takes a human reply as one: the thread stops sending, the address goes on the list as "replied" (every
 *   enrolment stops in the same transaction, and the send's own suppression check refuses what was
 *   already claimed), or "unsubscribed" when the reply asks for it; reply_received is logged (and notifies).
 * Every message from the other side is classified (classify.ts: header and wording rules, then the AI
 * provider when the rules are unsure) before the transaction, so a slow provider holds no locks; the
 * status decides what the message is (an automatic status is an auto-reply, out_of_office pauses,
 * unsubscribe suppresses as such) and goes to the thread through nextReplyStatus (a user's status stays).
 * An interested reply and a meeting request also log reply_interested / meeting_requested (notifications).
 * A person's reply tells the layers above (event prospect_answered: the pipeline card opens or moves forward).
 * With auto_reply on, a person's reply the agent answers schedules its answer in the same transaction (agent-answer.ts).
 * Idempotent: the message's row (account, mailbox, Message-ID) is written first, and a second ingestion
 * finds it there and changes nothing.
 */

export type FolderRole = 'inbox' | 'sent' | 'drafts' | 'other';

export type IngestInput = {
  mailbox: Pick<UserEmailRow, 'id' | 'accountId' | 'email'>;
  folder: string;
  role: FolderRole;
  raw: Buffer | string;
  uid?: number | null;
  /** When it was taken in (the clock of out-of-office pauses without a date). */
  now?: Date;
  /** The configured text provider (textProviderFor(config)): asked when the classifier's rules are unsure; none or the built-in composer: rules only. */
  provider?: TextProvider | null;
  /** The job queue: a person's reply the agent answers (auto_reply on) gets its answer job here, in the reply's transaction (agent-answer.ts). */
  jobs?: Pick<JobQueue<Deps>, 'send'>;
};

export type IngestResult =
  | { outcome: 'duplicate' | 'unrelated'; messageId: string }
  | {
      outcome: 'stored';
      messageId: string;
      threadId: number;
      messageRowId: number;
      direction: 'inbound' | 'outbound';
      kind: 'human' | 'auto_reply' | 'bounce' | 'own';
      /** The message's own classification (inbound only). */
      replyStatus?: ReplyStatus;
      /** The thread's status after it (a user's correction stays). */
      threadReplyStatus?: ReplyStatus | null;
      /** What it did to the sequence. */
      /** held: the classifier was unsure (needs the user's review); the prospect's unsent emails wait for the user's decision. */
      effect: 'none' | 'stopped' | 'unsubscribed' | 'paused' | 'held' | 'suppressed_bounce' | 'delay_recorded' | 'policy_recorded' | 'suppressed_complaint';
      pausedUntil?: Date;
      /** When the agent answers this reply on its own (auto_reply on), if it does. */
      agentAnswerAt?: Date;
    };

const DAY_MS = 86_400_000;

const firstAddress = (a: AddressObject | AddressObject[] | undefined) => {
  const list = Array.isArray(a) ? a.flatMap((x) => x.value) : (a?.value ?? []);
  return list[0] ?? null;
};
const addresses = (a: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(a) ? a.flatMap((x) => x.value) : (a?.value ?? [])).map((v) => (v.address ?? '').toLowerCase()).filter(Boolean);
/** The Message-IDs a message answers, nearest first: In-Reply-To, then References from the newest back. */
export function answeredIds(parsed: Pick<ParsedMail, 'inReplyTo' | 'references'>): string[] {
  const refs = Array.isArray(parsed.references) ? parsed.references : parsed.references ? parsed.references.split(/\s+/) : [];
  const ids = [...(parsed.inReplyTo ?? '').split(/\s+/), ...refs.slice().reverse()].map((id) => normaliseMessageId(id)).filter((id): id is string => id !== null);
  return [...new Set(ids)];
}

/** The thread a message answers (by its referenced Message-IDs), created from our campaign email when it is the first. */
async function threadFor(tx: Db, accountId: number, ids: string[], now: Date, create: boolean): Promise<{ thread: EmailThreadRow; answered: CampaignEmailRow | null } | null> {
  if (!ids.length) return null;
  const cache = cacheOf(tx);
  const cached = cache !== null && ids.every((id) => cache.looked.has(id) && !cache.oursUnsent.has(id));
  const known = cached
    ? ids.filter((id) => cache.known.has(id)).map((id) => ({ threadId: cache.known.get(id)!, messageId: id }))
    : await tx
        .select({ threadId: emailThreadMessages.threadId, messageId: emailThreadMessages.messageId, campaignEmailId: emailThreadMessages.campaignEmailId })
        .from(emailThreadMessages)
        .where(and(eq(emailThreadMessages.accountId, accountId), inArray(emailThreadMessages.messageId, ids)));
  const ours = cached
    ? ids.map((id) => cache.ours.get(id)).filter((o) => o !== undefined)
    : await tx
        .select()
        .from(campaignEmails)
        .where(and(eq(campaignEmails.accountId, accountId), inArray(campaignEmails.messageId, ids)));
  // Nearest reference first (In-Reply-To before References): a differing In-Reply-To neither splits nor merges.
  for (const id of ids) {
    const campaignEmail = ours.find((o) => o.messageId === id) ?? null;
    const hit = known.find((k) => k.messageId === id);
    if (hit) {
      const [thread] = cache?.threadsById.has(hit.threadId)
        ? [cache.threadsById.get(hit.threadId)!]
        : await tx
            .select()
            .from(emailThreads)
            .where(and(eq(emailThreads.accountId, accountId), eq(emailThreads.id, hit.threadId)));
      if (thread) return { thread, answered: campaignEmail };
    }
    if (campaignEmail && create) return { thread: await threadOfCampaignEmail(tx, campaignEmail, now), answered: campaignEmail };
    if (campaignEmail) {
      const [thread] = cache?.threadsByEnrolment.has(campaignEmail.enrolmentId)
        ? [cache.threadsByEnrolment.get(campaignEmail.enrolmentId)!]
        : await tx
            .select()
            .from(emailThreads)
            .where(and(eq(emailThreads.accountId, accountId), eq(emailThreads.enrolmentId, campaignEmail.enrolmentId)));
      if (thread) return { thread, answered: campaignEmail };
    }
  }
  return null;
}

/** The thread of a campaign email's enrolment (created on first need), with every sent email of the enrolment in it. */
export async function threadOfCampaignEmail(tx: Db, email: CampaignEmailRow, now: Date): Promise<EmailThreadRow> {
  const accountId = email.accountId;
  // The batch read the enrolment, its sent emails and their senders already (ingestBatch); else they are read here.
  const cache = threadCaches.get(tx) ?? null;
  const batchRead = cache !== null && cache.sentByEnrolment.has(email.enrolmentId) && cache.enrolments.has(email.enrolmentId);
  const [enrolment] = batchRead
    ? [cache.enrolments.get(email.enrolmentId)!]
    : await tx
        .select()
        .from(campaignEnrolments)
        .where(and(eq(campaignEnrolments.accountId, accountId), eq(campaignEnrolments.id, email.enrolmentId)));
  const sent = batchRead
    ? cache.sentByEnrolment.get(email.enrolmentId)!
    : await tx
        .select()
        .from(campaignEmails)
        .where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.enrolmentId, email.enrolmentId), eq(campaignEmails.status, 'sent')))
        .orderBy(asc(campaignEmails.stepPosition));
  const first = sent[0] ?? email;
  const [created] = await tx
    .insert(emailThreads)
    .values({
      accountId,
      prospectId: email.prospectId,
      enrolmentId: email.enrolmentId,
      campaignId: email.campaignId,
      userEmailId: first.userEmailId,
      virtualEmployeeId: first.virtualEmployeeId,
      subject: first.subject,
      prospectEmail: (enrolment?.email ?? email.toEmail).toLowerCase(),
      lastMessageAt: sent.at(-1)?.sentAt ?? now,
    })
    .onConflictDoNothing({ target: [emailThreads.accountId, emailThreads.enrolmentId] })
    .returning();
  const [thread] = created
    ? [created]
    : cache?.threadsByEnrolment.has(email.enrolmentId)
      ? [cache.threadsByEnrolment.get(email.enrolmentId)!]
      : await tx
          .select()
          .from(emailThreads)
          .where(and(eq(emailThreads.accountId, accountId), eq(emailThreads.enrolmentId, email.enrolmentId)));
  if (cache) {
    cache.threadsByEnrolment.set(email.enrolmentId, thread!);
    cache.threadsById.set(thread!.id, thread!);
  }
  const senders = batchRead ? cache.senders : await sendersOf(tx, accountId, sent);
  await recordOwnCampaignEmails(tx, thread!, sent, senders, created !== undefined);
  return thread!;
}

/**
 * The sent emails of an enrolment as outbound messages of its thread, in one insert (those there already are left
 * alone); the thread's last message time follows unless the thread was just made from them (it has it already).
 */
async function recordOwnCampaignEmails(tx: Db, thread: EmailThreadRow, sent: CampaignEmailRow[], senders: Map<number, Sender>, fresh: boolean): Promise<void> {
  if (!sent.length) return;
  const rows = await tx
    .insert(emailThreadMessages)
    .values(sent.map((email) => ownCampaignEmailRow(thread, email, email.userEmailId === null ? undefined : senders.get(email.userEmailId))))
    .onConflictDoNothing()
    .returning({ id: emailThreadMessages.id });
  if (!rows.length) return;
  if (!fresh) {
    const latest = new Date(Math.max(...sent.map((e) => (e.sentAt ?? e.updatedAt).getTime())));
    await tx
      .update(emailThreads)
      .set({ lastMessageAt: sql`greatest(${emailThreads.lastMessageAt}, ${latest.toISOString()}::timestamptz)`, updatedAt: new Date() })
      .where(and(eq(emailThreads.accountId, thread.accountId), eq(emailThreads.id, thread.id)));
  }
  for (let i = 0; i < rows.length; i++) await emitLiveEvent(tx, thread.accountId, 'thread_changed', { thread_id: thread.id, changed: ['messages'] });
}

type Sender = { email: string; name: string | null };

/** The mailboxes these campaign emails left from, with their sender names: the sender as the prospect saw it. */
async function sendersOf(tx: Db, accountId: number, emails: CampaignEmailRow[]): Promise<Map<number, Sender>> {
  const ids = [...new Set(emails.map((e) => e.userEmailId).filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: userEmails.id, email: userEmails.email, name: userEmails.senderName })
    .from(userEmails)
    .where(and(eq(userEmails.accountId, accountId), inArray(userEmails.id, ids)));
  return new Map(rows.map((r) => [r.id, { email: r.email, name: r.name }]));
}

/** One of our campaign emails as an outbound message of its thread (a no-op when it is there already). */
async function recordOwnCampaignEmail(
  tx: Db,
  thread: EmailThreadRow,
  email: CampaignEmailRow,
  sender: Sender | undefined,
  imap?: { folder: string; uid: number | null },
): Promise<number | null> {
  const [row] = await tx
    .insert(emailThreadMessages)
    .values(ownCampaignEmailRow(thread, email, sender, imap))
    .onConflictDoNothing()
    .returning({ id: emailThreadMessages.id });
  if (row) {
    await tx
      .update(emailThreads)
      .set({ lastMessageAt: sql`greatest(${emailThreads.lastMessageAt}, ${(email.sentAt ?? email.updatedAt).toISOString()}::timestamptz)`, updatedAt: new Date() })
      .where(and(eq(emailThreads.accountId, thread.accountId), eq(emailThreads.id, thread.id)));
    await emitLiveEvent(tx, thread.accountId, 'thread_changed', { thread_id: thread.id, changed: ['messages'] });
  }
  return row?.id ?? null;
}

/** The row of one of our campaign emails as an outbound message of its thread. */
function ownCampaignEmailRow(thread: EmailThreadRow, email: CampaignEmailRow, sender: Sender | undefined, imap?: { folder: string; uid: number | null }): typeof emailThreadMessages.$inferInsert {
  return {
    accountId: thread.accountId,
    threadId: thread.id,
    userEmailId: email.userEmailId,
    campaignEmailId: email.id,
    direction: 'outbound',
    kind: 'own',
    messageId: email.messageId,
    inReplyTo: email.inReplyTo,
    references: email.references,
    fromEmail: (sender?.email ?? '').toLowerCase(),
    fromName: sender?.name ?? null,
    toEmails: [email.toEmail.toLowerCase()],
    subject: email.subject,
    text: email.bodyText,
    html: email.bodyHtml || null,
    sentAt: email.sentAt ?? email.updatedAt,
    imapFolder: imap?.folder ?? null,
    imapUid: imap?.uid ?? null,
  };
}

/** Pauses the unsent emails of the address's active enrolments until `until` (their send_after; nothing else changes). */
async function pauseEnrolments(tx: Db, accountId: number, email: string, until: Date): Promise<number[]> {
  const active = await tx
    .select({ id: campaignEnrolments.id })
    .from(campaignEnrolments)
    .where(and(eq(campaignEnrolments.accountId, accountId), eq(campaignEnrolments.email, email), eq(campaignEnrolments.status, 'active')));
  if (!active.length) return [];
  const iso = until.toISOString();
  await tx
    .update(campaignEmails)
    .set({ sendAfter: sql`greatest(coalesce(${campaignEmails.sendAfter}, ${iso}::timestamptz), ${iso}::timestamptz)`, updatedAt: new Date() })
    .where(
      and(
        eq(campaignEmails.accountId, accountId),
        inArray(
          campaignEmails.enrolmentId,
          active.map((a) => a.id),
        ),
        inArray(campaignEmails.status, [...UNSENT_STATUSES]),
      ),
    );
  return active.map((a) => a.id);
}

/** One message, as the IMAP sync's batch of one (tests and callers with a single message). */
export async function ingestMessage(db: Db, input: IngestInput): Promise<IngestResult> {
  const { raw, uid, ...common } = input;
  try {
    const [result] = await ingestBatch(db, common, [{ raw, uid: uid ?? null }]);
    return result!;
  } catch (err) {
    throw err instanceof IngestBatchError ? err.cause : err;
  }
}

/** What a batch has in common: the mailbox, its folder, the clock, the provider and the queue. */
export type BatchInput = Omit<IngestInput, 'raw' | 'uid'>;

/** Test seams: called inside the batch's transaction after each message was taken in (a test throws to stand for a crash there). */
export type IngestHooks = { afterMessage?: (uid: number | null) => void | Promise<void> };

/**
 * A batch stopped at a message: `taken` are the results of the messages before it (committed), in order; the
 * cursor may move past those and no further. `cause` is what failed.
 */
export class IngestBatchError extends Error {
  constructor(
    override readonly cause: unknown,
    readonly failedUid: number,
    readonly taken: IngestResult[],
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/** A hook's throw (a test's stand-in for a crash): no retry message by message, the batch is lost as a crash would lose it. */
class HookCrash {
  constructor(readonly cause: unknown) {}
}

/**
 * THE ingestion of a batch of messages from one folder (the IMAP sync's fetched batch, in UID order), with the
 * meaning of ingestMessage for each, in a few statements per batch rather than many per message:
 * - their headers parsed, then one query finds the Message-IDs this mailbox took in already (duplicates), and one per
 *   table finds which of the Message-IDs they answer (or return, or are) are ours (campaign_emails, thread messages);
 * - a message that answers none of ours (nor one earlier in the batch) and is no report is unrelated: dropped, never
 *   parsed further, no transaction;
 * - the others are parsed whole and classified (outside any transaction: the AI provider only for those threading
 *   onto ours), then taken in, in order, in one transaction for the batch, from rows read for the whole batch at
 *   once (thread_cache below): independent ones a segment at a time, set-based (takeSegment, at the end of this
 *   file), the rest one by one; live events and activities are written as one insert each at its end;
 * - a failing batch is rolled back and taken in again one transaction per message, so a message that fails fails
 *   alone: the ones before it commit and IngestBatchError says where it stopped.
 * Idempotent as each message is: a batch repeated after a crash finds its messages there and changes nothing.
 */
export async function ingestBatch(db: Db, input: BatchInput, items: Array<{ raw: Buffer | string; uid: number | null }>, hooks: IngestHooks = {}): Promise<IngestResult[]> {
  if (!items.length) return [];
  const now = input.now ?? new Date();
  const accountId = input.mailbox.accountId;
  // Only the headers first: what a message is, answers or returns is told by them and its report (analyseBounce
  // reads the bytes itself); the whole message is parsed only for those that may concern us (not for the unrelated).
  const read = await Promise.all(
    items.map(async (item) => {
      const one: IngestInput = { ...input, raw: item.raw, uid: item.uid };
      const raw = typeof one.raw === 'string' ? one.raw : one.raw.toString('utf8');
      const head = await simpleParser(headerOf(one.raw), PARSE_OPTIONS);
      return { uid: item.uid, one, raw, head, messageId: messageIdOf(head, raw), fromEmail: (firstAddress(head.from)?.address ?? '').toLowerCase() };
    }),
  );
  const results: Array<IngestResult | undefined> = new Array(read.length);
  const seenIds = await ingestedIds(db, input.mailbox, read.map((r) => r.messageId));
  const mailboxAddress = input.mailbox.email.toLowerCase();
  // What each message answers, returns or is: looked up for the whole batch in one query per table.
  const looks = read.map((r) => {
    const own = r.fromEmail === mailboxAddress || input.role === 'sent' || input.role === 'drafts';
    const dsn = own ? null : analyseBounce(r.one.raw);
    const answered = answeredIds(r.head);
    const bounced = own ? null : bouncedIdsOf(dsn);
    return { own, dsn, answered, bounced };
  });
  const ids = [...new Set(read.flatMap((r, i) => [r.messageId, ...looks[i]!.answered, ...(looks[i]!.bounced ?? [])]))];
  const cache = await readThreadCache(db, accountId, ids, looks.flatMap((l) => l.answered));
  const candidates: Candidate[] = [];
  const batchIds = new Set<string>();
  for (let i = 0; i < read.length; i++) {
    const r = read[i]!;
    const look = looks[i]!;
    if (seenIds.has(r.messageId) || batchIds.has(r.messageId)) {
      results[i] = { outcome: 'duplicate', messageId: r.messageId };
      continue;
    }
    const ontoOurs = look.answered.some((id) => cache.known.has(id) || cache.ours.has(id) || batchIds.has(id));
    // Every delivery report is taken to the bounce step: one that returns no Message-ID of ours is matched by its
    // recipients among the mailbox's recent sends, or recorded as unmatched (bounces/, ingestBounce).
    const related = ontoOurs || cache.ours.has(r.messageId) || look.dsn !== null;
    if (!related) {
      results[i] = { outcome: 'unrelated', messageId: r.messageId };
      continue;
    }
    batchIds.add(r.messageId);
    const m = readMessage(r.one, now, r.raw, await simpleParser(r.one.raw, PARSE_OPTIONS), r.messageId);
    candidates.push({ index: i, uid: read[i]!.uid, m, side: look.own ? { own: true } : await otherSideOf(db, m, look.dsn, ontoOurs) });
  }
  if (!candidates.length) return results as IngestResult[];
  // Taken in order: a message answering one earlier in the batch finds it (those answers skip the batch's lookups).
  const takeOne = async (tx: Db, c: Candidate, withCache: boolean): Promise<IngestResult> => {
    if (withCache) cache.skip = answeredIds(c.m.parsed).some((id) => cache.storedIds.has(id)) ? 'all' : 'none';
    const ownCampaignEmail = await ingestOwnCampaignEmail(tx, c.m);
    const out = ownCampaignEmail ?? (c.side.own ? await ingestOwnMessage(tx, c.m) : await ingestOtherSideMessage(tx, c.m, c.side));
    if (withCache) cache.storedIds.add(c.m.messageId);
    return out;
  };
  try {
    await db.transaction(async (tx) => {
      threadCaches.set(tx, cache);
      // Written at the batch's end, in this order: the campaigns its stops may finish, its activities (their events and reactions), its live events.
      await withLiveEventsBuffered(tx, () =>
        withActivitiesBuffered(tx, () =>
          withCampaignFinishDeferred(tx, accountId, async () => {
            const afterMessage = async (c: Candidate) => {
              try {
                await hooks.afterMessage?.(c.uid);
              } catch (err) {
                throw new HookCrash(err);
              }
            };
            // Independent messages go in together, a few statements per segment (takeSegment); the others one by one, in order.
            const segments = await segmentsOf(tx, cache, candidates);
            let segment: FastItem[] = [];
            const flush = async () => {
              if (!segment.length) return;
              const items = segment;
              segment = [];
              segments.reset();
              await takeSegment(tx, cache, items, results);
              for (const item of items) await afterMessage(item.c);
            };
            for (const c of candidates) {
              const keys = segments.keysOf(c);
              if (keys && segments.conflicts(keys)) await flush();
              const item = keys ? fastItemOf(cache, segments, c) : null;
              if (item) {
                segments.add(keys!);
                cache.storedIds.add(c.m.messageId);
                segment.push(item);
                continue;
              }
              await flush();
              results[c.index] = await takeOne(tx, c, true);
              await afterMessage(c);
            }
            await flush();
          }),
        ),
      );
    });
  } catch (err) {
    const firstUid = candidates[0]!.uid ?? 0;
    if (err instanceof HookCrash) throw new IngestBatchError(err.cause, firstUid, taken(results, candidates[0]!.index));
    // Rolled back: again one transaction per message (no batch cache), so the one that fails fails alone.
    for (const c of candidates) {
      try {
        results[c.index] = await db.transaction(async (tx) => takeOne(tx, c, false));
      } catch (e) {
        throw new IngestBatchError(e, c.uid ?? 0, taken(results, c.index));
      }
    }
  }
  return results as IngestResult[];
}

/** A message of the batch that may concern us, in UID order: where its result goes, and what was read from it. */
type Candidate = { index: number; uid: number | null; m: Ingestion; side: { own: true } | OtherSide };

/** The results before index `upTo`, in order (what a stopped batch took in). */
const taken = (results: Array<IngestResult | undefined>, upTo: number): IngestResult[] => results.slice(0, upTo).filter((r): r is IngestResult => r !== undefined);

/** The Message-IDs among `ids` this mailbox took in already. */
async function ingestedIds(db: Db, mailbox: IngestInput['mailbox'], ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ messageId: emailThreadMessages.messageId })
    .from(emailThreadMessages)
    .where(and(eq(emailThreadMessages.accountId, mailbox.accountId), eq(emailThreadMessages.userEmailId, mailbox.id), inArray(emailThreadMessages.messageId, [...new Set(ids)])));
  return new Set(rows.map((r) => r.messageId));
}

/**
 * What a batch's transaction reads once instead of per message: our campaign emails (sent ones) and the thread
 * messages with the Message-IDs the batch answers or is, the threads and enrolments they belong to, every sent
 * email of those enrolments and their senders. Only rows that do not change while the batch runs are kept (a sent
 * email, a thread's identity): statuses are read again under lock where they matter (applyReplyStatus). `skip`
 * turns it off for a message that answers one stored earlier in the batch (then it reads as before).
 */
type ThreadCache = {
  ours: Map<string, CampaignEmailRow>;
  /** Our campaign emails referenced but not sent (their rows may change in the batch): read again when needed. */
  oursUnsent: Set<string>;
  known: Map<string, number>;
  looked: Set<string>;
  threadsById: Map<number, EmailThreadRow>;
  threadsByEnrolment: Map<number, EmailThreadRow>;
  enrolments: Map<number, typeof campaignEnrolments.$inferSelect>;
  sentByEnrolment: Map<number, CampaignEmailRow[]>;
  senders: Map<number, Sender>;
  storedIds: Set<string>;
  skip: 'all' | 'none';
};

const threadCaches = new WeakMap<Db, ThreadCache>();

/** The batch's cache when this transaction has one and the message being taken in may use it. */
const cacheOf = (tx: Db): ThreadCache | null => {
  const c = threadCaches.get(tx);
  return c && c.skip === 'none' ? c : null;
};

async function readThreadCache(db: Db, accountId: number, ids: string[], answered: string[]): Promise<ThreadCache> {
  const cache: ThreadCache = {
    ours: new Map(),
    oursUnsent: new Set(),
    known: new Map(),
    looked: new Set(ids),
    threadsById: new Map(),
    threadsByEnrolment: new Map(),
    enrolments: new Map(),
    sentByEnrolment: new Map(),
    senders: new Map(),
    storedIds: new Set(),
    skip: 'none',
  };
  if (!ids.length) return cache;
  const answeredSet = [...new Set(answered)];
  const [ours, known] = await Promise.all([
    db
      .select()
      .from(campaignEmails)
      .where(and(eq(campaignEmails.accountId, accountId), inArray(campaignEmails.messageId, ids))),
    answeredSet.length
      ? db
          .select({ threadId: emailThreadMessages.threadId, messageId: emailThreadMessages.messageId })
          .from(emailThreadMessages)
          .where(and(eq(emailThreadMessages.accountId, accountId), inArray(emailThreadMessages.messageId, answeredSet)))
      : Promise.resolve([]),
  ]);
  for (const o of ours) {
    // Two of our emails with one Message-ID: which one a lookup finds is the database's to say (read again when needed).
    if (o.status === 'sent' && !cache.ours.has(o.messageId)) cache.ours.set(o.messageId, o);
    else cache.oursUnsent.add(o.messageId);
  }
  for (const k of known) if (!cache.known.has(k.messageId)) cache.known.set(k.messageId, k.threadId);
  const enrolmentIds = [...new Set(ours.map((o) => o.enrolmentId))];
  const threadIds = [...new Set(known.map((k) => k.threadId))];
  if (!enrolmentIds.length && !threadIds.length) return cache;
  const threadWhere = [enrolmentIds.length ? inArray(emailThreads.enrolmentId, enrolmentIds) : undefined, threadIds.length ? inArray(emailThreads.id, threadIds) : undefined].filter((w) => w !== undefined);
  const [threads, enrolments, sent] = await Promise.all([
    db
      .select()
      .from(emailThreads)
      .where(and(eq(emailThreads.accountId, accountId), or(...threadWhere))),
    enrolmentIds.length
      ? db
          .select()
          .from(campaignEnrolments)
          .where(and(eq(campaignEnrolments.accountId, accountId), inArray(campaignEnrolments.id, enrolmentIds)))
      : Promise.resolve([]),
    enrolmentIds.length
      ? db
          .select()
          .from(campaignEmails)
          .where(and(eq(campaignEmails.accountId, accountId), inArray(campaignEmails.enrolmentId, enrolmentIds), eq(campaignEmails.status, 'sent')))
          .orderBy(asc(campaignEmails.enrolmentId), asc(campaignEmails.stepPosition))
      : Promise.resolve([]),
  ]);
  for (const t of threads) {
    cache.threadsById.set(t.id, t);
    if (t.enrolmentId !== null) cache.threadsByEnrolment.set(t.enrolmentId, t);
  }
  for (const e of enrolments) cache.enrolments.set(e.id, e);
  for (const e of sent) cache.sentByEnrolment.set(e.enrolmentId, [...(cache.sentByEnrolment.get(e.enrolmentId) ?? []), e]);
  cache.senders = await sendersOf(db, accountId, sent);
  return cache;
}

/** One message being taken in: where it came from, its clock, and what was read from it. Every step below works from it. */
type Ingestion = {
  input: IngestInput;
  accountId: number;
  /** The mailbox's own address, lower-cased. */
  mailboxAddress: string;
  /** When it was taken in. */
  now: Date;
  /** Its bytes as text (a delivery report is read from them). */
  raw: string;
  parsed: ParsedMail;
  messageId: string;
  fromEmail: string;
  fromName: string | null;
  subject: string;
  text: string;
  sentAt: Date;
  /** Its row's columns whatever it turns out to be (thread, direction and kind aside). */
  base: BaseRow;
};

/** The other side's message (not ours): its delivery report, if it is one, and its classification. */
type OtherSide = { own: false; dsn: BounceReport | null; classified: InboundClassification };

/** The thread a message answers, and our campaign email it answers (when it is one). */
type Found = { thread: EmailThreadRow; answered: CampaignEmailRow | null };

/** What the classification makes of the other side's message that answers ours. */
type ReplyJudgement = {
  classified: InboundClassification;
  /** An auto-reply, never a reply: an automatic status, or a wrong person told by the headers or the subject. */
  auto: boolean;
  /** An out-of-office: the return date it gives, and until when the prospect's unsent emails wait. */
  outOfOffice: { returnDate: Date | null; pausedUntil: Date } | null;
  /** The classifier was unsure and no AI provider settled it: the thread needs the user's review and the sequence holds. */
  needsReview: boolean;
};

/** The other side's message stored in its thread, with its classification and the thread's status after it. */
type StoredInbound = {
  outcome: 'stored';
  messageId: string;
  threadId: number;
  messageRowId: number;
  direction: 'inbound';
  replyStatus: ReplyStatus;
  threadReplyStatus: ReplyStatus | null;
};

const PARSE_OPTIONS = { skipImageLinks: true, skipTextToHtml: true };

/** Its Message-ID (made from its bytes when it has none). */
const messageIdOf = (parsed: Pick<ParsedMail, 'messageId'>, raw: string) => normaliseMessageId(parsed.messageId) ?? `<${createHash('sha256').update(raw).digest('hex').slice(0, 40)}@no-message-id.invalid>`;

/** The header section of a message, up to and with the empty line that ends it (all of it when there is none). */
function headerOf(raw: Buffer | string): Buffer | string {
  const ends = [raw.indexOf('\n\n'), raw.indexOf('\n\r\n')].filter((i) => i >= 0);
  if (!ends.length) return raw;
  const at = Math.min(...ends);
  const end = at + (raw.indexOf('\n\n') === at ? 2 : 3);
  return raw.slice(0, end);
}

/** The parsed message's fields, and its row's columns common to every kind. */
function readMessage(input: IngestInput, now: Date, raw: string, parsed: ParsedMail, messageId: string): Ingestion {
  const accountId = input.mailbox.accountId;
  const from = firstAddress(parsed.from);
  const fromEmail = (from?.address ?? '').toLowerCase();
  const fromName = from?.name || null;
  const subject = parsed.subject ?? '';
  const text = parsed.text ?? '';
  const sentAt = parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date : now;
  const html = typeof parsed.html === 'string' && parsed.html ? sanitizeRichText('email_body', parsed.html) || null : null;
  const base: BaseRow = {
    accountId,
    userEmailId: input.mailbox.id,
    messageId,
    inReplyTo: normaliseMessageId(parsed.inReplyTo?.split(/\s+/)[0]),
    references: answeredIds({ inReplyTo: undefined, references: parsed.references }).reverse().join(' ') || null,
    fromEmail,
    fromName,
    toEmails: addresses(parsed.to),
    ccEmails: addresses(parsed.cc),
    subject,
    text,
    html,
    sentAt,
    imapFolder: input.folder,
    imapUid: input.uid ?? null,
  };
  return { input, accountId, mailboxAddress: input.mailbox.email.toLowerCase(), now, raw, parsed, messageId, fromEmail, fromName, subject, text, sentAt, base };
}

/** The other side's message (not ours: not from the mailbox's own address, not in Sent / Drafts), read for a delivery report, classified; `ontoOurs`: it answers one of ours (the batch looked). */
async function otherSideOf(db: Db, m: Ingestion, dsn: BounceReport | null, ontoOurs: boolean): Promise<OtherSide> {
  const classified = await classifyInbound(db, m.accountId, m.parsed, { subject: m.subject, text: m.text, from: m.fromEmail, deliveryReport: dsn !== null }, m.input.provider ?? null, ontoOurs);
  return { own: false, dsn, classified };
}

/** One of our campaign emails (found in Sent): an outbound message of its enrolment's thread. Null when the message is none of them. */
async function ingestOwnCampaignEmail(tx: Db, m: Ingestion): Promise<IngestResult | null> {
  const cache = cacheOf(tx);
  const [ownCampaignEmail] = cache && !cache.oursUnsent.has(m.messageId) && cache.looked.has(m.messageId)
    ? [cache.ours.get(m.messageId)].filter((e) => e !== undefined)
    : await tx
        .select()
        .from(campaignEmails)
        .where(and(eq(campaignEmails.accountId, m.accountId), eq(campaignEmails.messageId, m.messageId)));
  if (!ownCampaignEmail) return null;
  const [thread] = cache?.threadsByEnrolment.has(ownCampaignEmail.enrolmentId)
    ? [cache.threadsByEnrolment.get(ownCampaignEmail.enrolmentId)!]
    : await tx
        .select()
        .from(emailThreads)
        .where(and(eq(emailThreads.accountId, m.accountId), eq(emailThreads.enrolmentId, ownCampaignEmail.enrolmentId)));
  // No thread yet (nobody answered): the thread is made when something answers it.
  if (!thread) return { outcome: 'unrelated', messageId: m.messageId };
  const id = await recordOwnCampaignEmail(tx, thread, ownCampaignEmail, { email: m.fromEmail || m.mailboxAddress, name: m.fromName }, { folder: m.input.folder, uid: m.input.uid ?? null });
  if (id === null) return { outcome: 'duplicate', messageId: m.messageId };
  return { outcome: 'stored', messageId: m.messageId, threadId: thread.id, messageRowId: id, direction: 'outbound', kind: 'own', effect: 'none' };
}

/** A message the user wrote from their mail client: outbound in the thread it answers (ours never starts one), never a reply. */
async function ingestOwnMessage(tx: Db, m: Ingestion): Promise<IngestResult> {
  // Ours answers a thread that exists; only the other side's message starts one.
  const found = await threadFor(tx, m.accountId, answeredIds(m.parsed), m.now, false);
  if (!found) return { outcome: 'unrelated', messageId: m.messageId };
  const { thread } = found;
  const [row] = await tx
    .insert(emailThreadMessages)
    .values({ ...m.base, threadId: thread.id, campaignEmailId: null, direction: 'outbound', kind: 'own' })
    .onConflictDoNothing()
    .returning({ id: emailThreadMessages.id });
  if (!row) return { outcome: 'duplicate', messageId: m.messageId };
  await touchThread(tx, thread, m.sentAt, {});
  // The user answered from their own mail client (found in Sent): an interaction with the prospect.
  await recordActivity(tx, {
    accountId: m.accountId,
    actorType: 'user',
    verb: 'mail_client_reply_sent',
    channel: 'email',
    prospectId: thread.prospectId,
    payload: { thread_id: thread.id, message_id: m.messageId, campaign_id: thread.campaignId, enrolment_id: thread.enrolmentId, user_email_id: m.input.mailbox.id, subject: m.subject },
    occurredAt: m.sentAt,
  });
  return { outcome: 'stored', messageId: m.messageId, threadId: thread.id, messageRowId: row.id, direction: 'outbound', kind: 'own', effect: 'none' };
}

/** The other side's message: a delivery report, else an answer to ours (an auto-reply or a person's reply); anything else is unrelated. */
async function ingestOtherSideMessage(tx: Db, m: Ingestion, side: OtherSide): Promise<IngestResult> {
  const bouncedIds = bouncedIdsOf(side.dsn);
  if (bouncedIds) return ingestBounce(tx, m, side.dsn, bouncedIds);
  const found = await threadFor(tx, m.accountId, answeredIds(m.parsed), m.now, true);
  if (!found) return { outcome: 'unrelated', messageId: m.messageId };
  const reply = judgeReply(m, side.classified);
  const stored = await storeInbound(tx, m, found, reply);
  if (!stored) return { outcome: 'duplicate', messageId: m.messageId };
  return reply.auto ? ingestAutoReply(tx, m, found, reply, stored) : ingestPersonsReply(tx, m, found, reply.classified, stored);
}

/** The Message-IDs a bounce returns (none: it is matched by its recipients); null when the message is no bounce. */
function bouncedIdsOf(report: BounceReport | null): string[] | null {
  if (!report) return null;
  return report.originalMessageId ? [report.originalMessageId] : [];
}

/** The classifier is the one judge of what the message is (docs/decisions.md: one source of truth). */
function judgeReply(m: Ingestion, classified: InboundClassification): ReplyJudgement {
  const auto = isAutomaticReplyStatus(classified.status) || (classified.status === 'wrong_person' && /^(header|subject):/.test(classified.rule));
  const needsReview = needsReviewOf(classified);
  if (classified.status !== 'out_of_office') return { classified, auto, outOfOffice: null, needsReview };
  const returnDate = returnDateOf(m.subject, m.text, m.sentAt);
  const pausedUntil = returnDate && returnDate > m.now ? returnDate : new Date(m.now.getTime() + OUT_OF_OFFICE_PAUSE_DAYS * DAY_MS);
  return { classified, auto, outOfOffice: { returnDate, pausedUntil }, needsReview };
}

/** An unsure classification (low confidence: the rules were unsure and no AI provider answered usably) waits for the user. */
export const needsReviewOf = (classified: Pick<ReplyClassification, 'confidence'>) => classified.confidence === 'low';

/** The message's row in its thread (null: it is there already), and its classification onto the thread. */
async function storeInbound(tx: Db, m: Ingestion, { thread, answered }: Found, { classified, auto, outOfOffice, needsReview }: ReplyJudgement): Promise<StoredInbound | null> {
  const [row] = await tx
    .insert(emailThreadMessages)
    .values({
      ...m.base,
      threadId: thread.id,
      campaignEmailId: answered?.id ?? null,
      direction: 'inbound',
      kind: auto ? 'auto_reply' : 'human',
      fromColleague: m.fromEmail !== thread.prospectEmail,
      replyStatus: classified.status,
      needsReview,
      details: {
        classification: { status: classified.status, source: classified.source, rule: classified.rule, ...(classified.aiFallback ? { ai_fallback: classified.aiFallback } : {}) },
        ...(outOfOffice ? { out_of_office: true, return_date: outOfOffice.returnDate?.toISOString().slice(0, 10) ?? null, paused_until: outOfOffice.pausedUntil.toISOString() } : {}),
      },
    })
    .onConflictDoNothing()
    .returning({ id: emailThreadMessages.id });
  if (!row) return null;
  const threadStatus = await applyReplyStatus(tx, thread, { reply_status: classified.status, reply_status_source: classified.source }, { messageRowId: row.id, prospectId: thread.prospectId });
  return { outcome: 'stored', messageId: m.messageId, threadId: thread.id, messageRowId: row.id, direction: 'inbound', replyStatus: classified.status, threadReplyStatus: threadStatus };
}

/** An auto-reply: logged as what came back, never as a reply, and never stops; an out-of-office pauses. */
async function ingestAutoReply(tx: Db, m: Ingestion, found: Found, { classified, outOfOffice, needsReview }: ReplyJudgement, stored: StoredInbound): Promise<IngestResult> {
  const { thread, answered } = found;
  if (needsReview) return holdReplyForReview(tx, m, found, classified, { ...stored, kind: 'auto_reply' });
  await touchThread(tx, thread, m.sentAt, {});
  // Logged as an interaction (what came back), never as a reply: the dashboard counts reply_received only.
  await recordActivity(tx, {
    accountId: m.accountId,
    actorType: 'system',
    verb: 'auto_reply_received',
    channel: 'email',
    prospectId: thread.prospectId,
    payload: {
      thread_id: thread.id,
      message_id: m.messageId,
      campaign_id: thread.campaignId,
      enrolment_id: thread.enrolmentId,
      campaign_email_id: answered?.id ?? null,
      subject: thread.subject,
      snippet: freshText(m.text).replace(/\s+/g, ' ').trim().slice(0, 200),
      reply_status: classified.status,
      return_date: outOfOffice?.returnDate?.toISOString().slice(0, 10) ?? null,
    },
    occurredAt: m.sentAt,
  });
  if (!outOfOffice) return { ...stored, kind: 'auto_reply', effect: 'none' };
  await pauseForOutOfOffice(tx, m, thread, outOfOffice);
  return { ...stored, kind: 'auto_reply', effect: 'paused', pausedUntil: outOfOffice.pausedUntil };
}

/** An out-of-office: the unsent emails of the address's active enrolments wait until its return (enrolment_paused is logged). */
async function pauseForOutOfOffice(tx: Db, m: Ingestion, thread: EmailThreadRow, { returnDate, pausedUntil }: NonNullable<ReplyJudgement['outOfOffice']>): Promise<void> {
  const paused = await pauseEnrolments(tx, m.accountId, thread.prospectEmail, pausedUntil);
  if (!paused.length) return;
  await recordActivity(tx, {
    accountId: m.accountId,
    actorType: 'system',
    verb: 'enrolment_paused',
    channel: 'email',
    prospectId: thread.prospectId,
    payload: { thread_id: thread.id, enrolment_ids: paused, until: pausedUntil.toISOString(), reason: 'out of office', return_date: returnDate?.toISOString().slice(0, 10) ?? null },
  });
}

/**
 * The classifier was unsure (low confidence; no AI provider, or it failed): the thread says "Needs your review",
 * is unread, and the prospect's unsent emails are held until the user sets a status (service.ts applies the
 * decision: an out-of-office or auto-reply releases the hold, a person's answer stops, an unsubscribe suppresses).
 * Nothing else acts on the sequence meanwhile: no stop, no pause, no suppression, no agent answer.
 */
async function holdReplyForReview(tx: Db, m: Ingestion, found: Found, classified: InboundClassification, stored: StoredInbound & { kind: 'human' | 'auto_reply' }): Promise<IngestResult> {
  const { thread } = found;
  const iso = m.sentAt.toISOString();
  const human = stored.kind === 'human';
  await tx
    .update(emailThreads)
    .set({
      needsReview: true,
      unread: true,
      lastMessageAt: sql`greatest(${emailThreads.lastMessageAt}, ${iso}::timestamptz)`,
      ...(human ? { repliedAt: sql`coalesce(${emailThreads.repliedAt}, ${iso}::timestamptz)` } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(emailThreads.accountId, thread.accountId), eq(emailThreads.id, thread.id)));
  await emitLiveEvent(tx, thread.accountId, 'thread_changed', { thread_id: thread.id, changed: ['messages', 'unread', 'needs_review'], unread: true, needs_review: true });
  const held = await holdForReview(tx, m.accountId, { email: thread.prospectEmail, prospectId: thread.prospectId });
  if (held.length) {
    await recordActivity(tx, {
      accountId: m.accountId,
      actorType: 'system',
      verb: 'enrolment_paused',
      channel: 'email',
      prospectId: thread.prospectId,
      payload: { thread_id: thread.id, enrolment_ids: held, until: null, reason: 'needs review', reply_status: classified.status },
    });
  }
  // Most likely a person's answer (the rules saw no automatic sign): counted and told as a reply, as before; the sequence waits for the user.
  if (human) {
    await recordReplyReceived(tx, m, found);
    await recordPositiveReply(tx, m, thread, classified);
    await tellProspectAnswered(tx, m, thread, classified.status);
  }
  return { ...stored, effect: 'held' };
}

/** A person's reply: the thread stops sending, then what a reply does elsewhere, in this order, in the reply's transaction. */
async function ingestPersonsReply(tx: Db, m: Ingestion, found: Found, classified: InboundClassification, stored: StoredInbound): Promise<IngestResult> {
  const { thread } = found;
  if (needsReviewOf(classified)) return holdReplyForReview(tx, m, found, classified, { ...stored, kind: 'human' });
  const unsubscribe = classified.status === 'unsubscribe';
  // A human answered: nothing more goes out to this prospect, on any channel of any campaign.
  await touchThread(tx, thread, m.sentAt, { human: true });
  await suppressOnReply(tx, m, found, unsubscribe);
  await stopProspectOnReply(tx, m, thread, unsubscribe);
  await stopCompanyOnReply(tx, m, thread);
  await recordReplyReceived(tx, m, found);
  await recordPositiveReply(tx, m, thread, classified);
  await tellProspectAnswered(tx, m, thread, classified.status);
  if (unsubscribe) await recordUnsubscribedByReply(tx, m, found);
  // The agent answers it on its own when auto_reply is on and the thread's status is one it answers (never an unsubscribe).
  const agentAnswerAt = m.input.jobs && !unsubscribe ? await scheduleAgentAnswer(tx, m.input.jobs, { accountId: m.accountId, id: stored.messageRowId, status: stored.threadReplyStatus ?? classified.status }, m.now) : null;
  return { ...stored, kind: 'human', effect: unsubscribe ? 'unsubscribed' : 'stopped', ...(agentAnswerAt ? { agentAnswerAt } : {}) };
}

/**
 * A reply that asks to unsubscribe puts the address on the list as "unsubscribed" (and the colleague who wrote it
 * too): the suppression stops the address's enrolments, and the send's own check refuses what was claimed. Any
 * other reply puts nothing there: the blacklist means do-not-contact (issue 25); the prospect is in conversation
 * instead (prospects.in_conversation_since, by the prospect_answered reaction), which keeps every later campaign
 * from enrolling them automatically.
 */
async function suppressOnReply(tx: Db, m: Ingestion, { thread, answered }: Found, unsubscribe: boolean): Promise<void> {
  if (!unsubscribe) return;
  const details = `Reply from ${m.fromEmail || 'unknown sender'}: ${m.subject}`.slice(0, 300);
  await suppress(tx, m.accountId, thread.prospectEmail, 'unsubscribed', details, { campaignEmailId: answered?.id ?? null });
  if (m.fromEmail && m.fromEmail !== thread.prospectEmail) await suppress(tx, m.accountId, m.fromEmail, 'unsubscribed', details, { campaignEmailId: answered?.id ?? null });
}

/**
 * Nothing more goes out to whoever answered: every active enrolment of the prospect (another address of theirs
 * too) and of the replying address stops, with the reason in the user's words; unsent emails are cancelled and
 * open tasks too (stopEnrolmentsWhere), in the reply's transaction.
 */
async function stopProspectOnReply(tx: Db, m: Ingestion, thread: EmailThreadRow, unsubscribe: boolean): Promise<void> {
  const reason = unsubscribe ? 'The prospect asked to unsubscribe in a reply' : 'The prospect replied';
  const whose = thread.prospectId === null ? eq(campaignEnrolments.email, thread.prospectEmail) : or(eq(campaignEnrolments.prospectId, thread.prospectId), eq(campaignEnrolments.email, thread.prospectEmail));
  for (const s of await stopEnrolmentsWhere(tx, m.accountId, and(whose), reason)) {
    await recordActivity(tx, {
      accountId: m.accountId,
      actorType: 'system',
      verb: 'enrolment_stopped',
      channel: 'email',
      prospectId: s.prospectId,
      payload: { campaign_id: s.campaignId, enrolment_id: s.id, reason },
    });
  }
}

/** The campaign asks for it: the same company's other prospects in this campaign stop too (never a free-mail domain). */
async function stopCompanyOnReply(tx: Db, m: Ingestion, thread: EmailThreadRow): Promise<void> {
  const domain = thread.prospectEmail.split('@')[1] ?? '';
  if (thread.campaignId === null || !domain || FREE_MAIL_DOMAINS.includes(domain)) return;
  const [campaign] = await tx
    .select({ stopCompanyOnReply: campaigns.stopCompanyOnReply })
    .from(campaigns)
    .where(and(eq(campaigns.accountId, m.accountId), eq(campaigns.id, thread.campaignId)));
  if (!campaign?.stopCompanyOnReply) return;
  const reason = `Someone at ${domain} replied`;
  const sameCompany = and(eq(campaignEnrolments.campaignId, thread.campaignId), sql`split_part(${campaignEnrolments.email}, '@', 2) = ${domain}`);
  for (const s of await stopEnrolmentsWhere(tx, m.accountId, sameCompany, reason)) {
    await recordActivity(tx, {
      accountId: m.accountId,
      actorType: 'system',
      verb: 'enrolment_stopped',
      channel: 'email',
      prospectId: s.prospectId,
      payload: { campaign_id: s.campaignId, enrolment_id: s.id, reason, thread_id: thread.id },
    });
  }
}

/** reply_received: the reply the dashboard counts (and notifies). */
async function recordReplyReceived(tx: Db, m: Ingestion, { thread, answered }: Found): Promise<void> {
  await recordActivity(tx, {
    accountId: m.accountId,
    actorType: 'system',
    verb: 'reply_received',
    channel: 'email',
    prospectId: thread.prospectId,
    payload: {
      kind: 'email',
      thread_id: thread.id,
      message_id: m.messageId,
      campaign_id: thread.campaignId,
      enrolment_id: thread.enrolmentId,
      campaign_email_id: answered?.id ?? null,
      subject: thread.subject,
      snippet: m.text.slice(0, 200),
      from_colleague: m.fromEmail !== thread.prospectEmail,
    },
    occurredAt: m.sentAt,
  });
}

/** An interested reply or a meeting request also logs reply_interested / meeting_requested (notifications). */
async function recordPositiveReply(tx: Db, m: Ingestion, thread: EmailThreadRow, classified: InboundClassification): Promise<void> {
  const positive = POSITIVE_VERBS[classified.status];
  if (!positive) return;
  await recordActivity(tx, {
    accountId: m.accountId,
    actorType: 'system',
    verb: positive,
    channel: 'email',
    prospectId: thread.prospectId,
    payload: { thread_id: thread.id, message_id: m.messageId, campaign_id: thread.campaignId, subject: thread.subject, snippet: freshText(m.text).replace(/\s+/g, ' ').trim().slice(0, 200), reply_status: classified.status, source: classified.source },
    occurredAt: m.sentAt,
  });
}

/**
 * A person answered: the layers above react (event `prospect_answered`; the pipeline card opens or moves forward as
 * the reply says, src/reactions.ts).
 */
async function tellProspectAnswered(tx: Db, m: Ingestion, thread: EmailThreadRow, replyStatus: ReplyStatus): Promise<void> {
  if (thread.prospectId === null) return;
  await publish(tx, m.accountId, 'prospect_answered', { prospect_id: thread.prospectId, thread_id: thread.id, channel: 'email', reply_status: replyStatus, user_id: null, at: m.now.toISOString() });
}

/** A reply that asks to unsubscribe logs email_unsubscribed (by reply). */
async function recordUnsubscribedByReply(tx: Db, m: Ingestion, { thread, answered }: Found): Promise<void> {
  await recordActivity(tx, {
    accountId: m.accountId,
    actorType: 'system',
    verb: 'email_unsubscribed',
    channel: 'email',
    prospectId: thread.prospectId,
    payload: { email: thread.prospectEmail, campaign_email_id: answered?.id ?? null, by_reply: true, thread_id: thread.id },
  });
}

async function touchThread(tx: Db, thread: EmailThreadRow, at: Date, options: { human?: boolean }) {
  const iso = at.toISOString();
  await tx
    .update(emailThreads)
    .set({
      lastMessageAt: sql`greatest(${emailThreads.lastMessageAt}, ${iso}::timestamptz)`,
      ...(options.human ? { unread: true, stopSending: true, repliedAt: sql`coalesce(${emailThreads.repliedAt}, ${iso}::timestamptz)` } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(emailThreads.accountId, thread.accountId), eq(emailThreads.id, thread.id)));
  await emitLiveEvent(
    tx,
    thread.accountId,
    'thread_changed',
    options.human ? { thread_id: thread.id, changed: ['messages', 'unread', 'stop_sending'], unread: true, stop_sending: true } : { thread_id: thread.id, changed: ['messages'] },
  );
}

type BaseRow = Omit<typeof emailThreadMessages.$inferInsert, 'threadId' | 'direction' | 'kind'>;

type BounceEffect = 'suppressed_bounce' | 'delay_recorded' | 'policy_recorded' | 'suppressed_complaint';

/** A failed recipient matched (or not) to the campaign email it answers. */
type BounceMatch = { recipient: BounceRecipient; address: string; email: CampaignEmailRow | null; matchedBy: 'message_id' | 'recipient' | null };

/**
 * A bounce report (bounces/: RFC 3464, plain text, ARF, SES): every failed recipient is matched to what we sent (the
 * returned Message-ID; else the recipient among the mailbox's sends of the last BOUNCE_MATCH_RECENT_DAYS) and recorded
 * in bounce_reports, matched or not (an unmatched one is never guessed onto someone else). On a match: permanent →
 * hard_bounce suppression (email_bounced); temporary → email_delayed, and repeated ones suppress; policy →
 * email_blocked against the mailbox, nobody suppressed; complaint → "complained" suppression (email_complained).
 * The bounce joins the thread of the first matched email as a message of kind bounce.
 */
async function ingestBounce(tx: Db, m: Ingestion, report: BounceReport | null, ids: string[]): Promise<IngestResult> {
  const { messageId } = m;
  const failed = (report?.recipients ?? []).filter((r) => r.class !== 'success');
  // A success notice (2.x.x: delivered, relayed) is nobody's business in the inbox.
  if (!report || !failed.length) return { outcome: 'unrelated', messageId };
  const byId = ids.length
    ? await tx
        .select()
        .from(campaignEmails)
        .where(and(eq(campaignEmails.accountId, m.accountId), inArray(campaignEmails.messageId, ids)))
        .orderBy(desc(campaignEmails.id))
        .limit(1)
    : [];
  const matches: BounceMatch[] = [];
  for (const recipient of failed) matches.push(await matchBounce(tx, m, recipient, byId[0] ?? null, failed.length));
  const first = matches.find((x) => x.email);
  // Recorded first, matched or not: the unique key makes a second reading of the same bounce add nothing.
  const fresh = await recordBounceReports(tx, m, report, matches);
  if (!first?.email) return { outcome: 'unrelated', messageId };
  const bounced = first.email;
  const thread = await threadOfCampaignEmail(tx, bounced, m.now);
  const r = first.recipient;
  const [row] = await tx
    .insert(emailThreadMessages)
    .values({
      ...m.base,
      // A bounce quotes whatever came back, binary included: PostgreSQL text takes no NUL.
      text: stripNul(m.base.text),
      html: m.base.html ? stripNul(m.base.html) : m.base.html,
      subject: stripNul(m.base.subject),
      threadId: thread.id,
      campaignEmailId: bounced.id,
      direction: 'inbound',
      kind: 'bounce',
      replyStatus: 'bounce',
      details: {
        status: r.status,
        action: r.action,
        final_recipient: first.address,
        diagnostic: r.diagnostic,
        permanent: r.class === 'permanent',
        class: r.class,
        reason: r.reason,
        report_kind: report.kind,
        ...(report.feedbackType ? { feedback_type: report.feedbackType } : {}),
        recipients: matches.map((x) => ({ address: x.address, status: x.recipient.status, class: x.recipient.class, reason: x.recipient.reason, campaign_email_id: x.email?.id ?? null })),
      },
    })
    .onConflictDoNothing()
    .returning({ id: emailThreadMessages.id });
  if (!row) return { outcome: 'duplicate', messageId };
  const threadStatus = await applyReplyStatus(tx, thread, { reply_status: 'bounce', reply_status_source: 'rules' }, { messageRowId: row.id, prospectId: bounced.prospectId });
  const stored = { outcome: 'stored' as const, messageId, threadId: thread.id, messageRowId: row.id, direction: 'inbound' as const, kind: 'bounce' as const, replyStatus: 'bounce' as const, threadReplyStatus: threadStatus };
  let effect: BounceEffect = 'delay_recorded';
  for (const match of matches) {
    if (!match.email || !fresh.has(match.address)) continue;
    const e = await applyBounce(tx, m, match, thread.id, report);
    if (match === first) effect = e;
  }
  return { ...stored, effect };
}

/** The campaign email a failed recipient answers: the returned Message-ID's (when it is that recipient's), else the recipient's newest recent send from this mailbox. */
async function matchBounce(tx: Db, m: Ingestion, recipient: BounceRecipient, byId: CampaignEmailRow | null, failedCount: number): Promise<BounceMatch> {
  const address = (recipient.address ?? '').toLowerCase();
  // The returned message is this recipient's when it was sent to them, or when the report names only one failure.
  if (byId && (!address || byId.toEmail.toLowerCase() === address || failedCount === 1)) return { recipient, address: address || byId.toEmail.toLowerCase(), email: byId, matchedBy: 'message_id' };
  if (!address) return { recipient, address, email: null, matchedBy: null };
  const since = new Date(m.now.getTime() - BOUNCE_MATCH_RECENT_DAYS * DAY_MS);
  const [recent] = await tx
    .select()
    .from(campaignEmails)
    .where(and(eq(campaignEmails.accountId, m.accountId), eq(campaignEmails.userEmailId, m.input.mailbox.id), sql`lower(${campaignEmails.toEmail}) = ${address}`, gte(campaignEmails.sentAt, since)))
    .orderBy(desc(campaignEmails.sentAt), desc(campaignEmails.id))
    .limit(1);
  return { recipient, address, email: recent ?? null, matchedBy: recent ? 'recipient' : null };
}

/** Every failed recipient into bounce_reports; answers the addresses written now (a repeat of the same bounce writes none). */
async function recordBounceReports(tx: Db, m: Ingestion, report: BounceReport, matches: BounceMatch[]): Promise<Set<string>> {
  const rows = matches.map((x) => ({
    accountId: m.accountId,
    userEmailId: m.input.mailbox.id,
    messageId: m.messageId,
    originalMessageId: report.originalMessageId,
    recipient: x.address,
    kind: report.kind,
    status: x.recipient.status || (x.recipient.class === 'complaint' ? '' : '5.0.0'),
    smtpCode: x.recipient.smtpCode,
    class: x.recipient.class as 'permanent' | 'temporary' | 'policy' | 'complaint',
    reason: x.recipient.reason,
    diagnostic: x.recipient.diagnostic?.slice(0, 1000) ?? null,
    campaignEmailId: x.email?.id ?? null,
    matchedBy: x.matchedBy,
    receivedAt: m.sentAt,
  }));
  const unique = [...new Map(rows.map((r) => [r.recipient, r])).values()];
  const written = await tx.insert(bounceReports).values(unique).onConflictDoNothing().returning({ recipient: bounceReports.recipient });
  return new Set(written.map((w) => w.recipient));
}

/** What one matched failure does: suppression by class, and its activity. */
async function applyBounce(tx: Db, m: Ingestion, match: BounceMatch, threadId: number, report: BounceReport): Promise<BounceEffect> {
  const email = match.email!;
  const r = match.recipient;
  const status = bounceStatus(r);
  let cls = r.class;
  let repeated: string | null = null;
  if (cls === 'permanent') await suppressHardBounce(tx, m.accountId, email, match.address, status, r);
  else if (cls === 'complaint') await suppress(tx, m.accountId, match.address, 'complained', `Spam complaint (${report.feedbackType ?? 'abuse'}) about ${email.subject}`.slice(0, 300), { campaignEmailId: email.id });
  else if (cls === 'temporary') {
    repeated = await repeatedTemporaryFailures(tx, m, match.address);
    if (repeated) {
      await suppress(tx, m.accountId, match.address, 'hard_bounce', repeated, { campaignEmailId: email.id });
      cls = 'permanent';
    }
  }
  const verb = cls === 'permanent' ? 'email_bounced' : cls === 'complaint' ? 'email_complained' : cls === 'policy' ? 'email_blocked' : 'email_delayed';
  await recordActivity(tx, {
    accountId: m.accountId,
    actorType: 'system',
    verb,
    channel: 'email',
    prospectId: email.prospectId,
    // The send-time bounce's payload (campaigns/outbox.ts), plus: it came back after the email was sent (its email_sent exists).
    payload: {
      kind: 'campaign',
      campaign_id: email.campaignId,
      enrolment_id: email.enrolmentId,
      campaign_email_id: email.id,
      step: email.stepPosition,
      user_email_id: email.userEmailId,
      message_id: email.messageId,
      email: match.address,
      code: r.smtpCode,
      reason: [status, r.diagnostic].filter(Boolean).join(' ').slice(0, 500) || 'Bounced',
      status,
      bounce_class: r.class,
      bounce_reason: r.reason,
      matched_by: match.matchedBy,
      ...(repeated ? { repeated_temporary: true } : {}),
      ...(report.feedbackType ? { feedback_type: report.feedbackType } : {}),
      after_send: true,
      thread_id: threadId,
    },
  });
  return cls === 'permanent' ? 'suppressed_bounce' : cls === 'complaint' ? 'suppressed_complaint' : cls === 'policy' ? 'policy_recorded' : 'delay_recorded';
}

/**
 * Repeated temporary failures of one address (issue 25): BOUNCE_SOFT_REPEAT_COUNT or more on BOUNCE_SOFT_REPEAT_DAYS
 * or more distinct days within BOUNCE_SOFT_REPEAT_WINDOW_DAYS (this one included, bounce_reports) → why it is
 * suppressed now; null while it is not.
 */
async function repeatedTemporaryFailures(tx: Db, m: Ingestion, address: string): Promise<string | null> {
  const since = new Date(m.now.getTime() - BOUNCE_SOFT_REPEAT_WINDOW_DAYS * DAY_MS);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int`, days: sql<number>`count(distinct (${bounceReports.receivedAt} at time zone 'UTC')::date)::int`, firstAt: sql<string>`min(${bounceReports.receivedAt})::text` })
    .from(bounceReports)
    .where(and(eq(bounceReports.accountId, m.accountId), eq(bounceReports.recipient, address), eq(bounceReports.class, 'temporary'), gte(bounceReports.receivedAt, since)));
  const n = Number(row?.n ?? 0);
  const days = Number(row?.days ?? 0);
  if (n < BOUNCE_SOFT_REPEAT_COUNT || days < BOUNCE_SOFT_REPEAT_DAYS) return null;
  return `Repeated temporary failures: ${n} on ${days} days since ${String(row?.firstAt ?? '').slice(0, 10)} (within ${BOUNCE_SOFT_REPEAT_WINDOW_DAYS} days)`;
}

const stripNul = <T extends string | null | undefined>(s: T): T => (typeof s === 'string' ? (s.replaceAll(String.fromCharCode(0), '') as T) : s);

/** The enhanced code a recipient's failure is told by ("5.0.0" when the report gives none). */
function bounceStatus(r: BounceRecipient): string {
  return r.status || (r.class === 'temporary' ? '4.0.0' : '5.0.0');
}

/** A permanent failure: the address goes on the list as hard_bounce, which stops its enrolments. */
async function suppressHardBounce(tx: Db, accountId: number, bounced: CampaignEmailRow, recipient: string, status: string, r: BounceRecipient): Promise<void> {
  const diagnostic = [status, r.diagnostic].filter(Boolean).join(' ').slice(0, 300);
  await suppress(tx, accountId, recipient, 'hard_bounce', diagnostic || 'Bounced', { campaignEmailId: bounced.id });
}

/** The activity (and notification event) an inbound human message's status fires besides reply_received. */
const POSITIVE_VERBS: Partial<Record<ReplyStatus, 'reply_interested' | 'meeting_requested'>> = { interested: 'reply_interested', meeting_request: 'meeting_requested' };

type InboundClassification = ReplyClassification & { aiFallback?: string };

/**
 * The classification of a message from the other side, outside any transaction. The AI provider is asked
 * (by classifyReply, when the rules are unsure) only for a message that threads onto ours: a newsletter
 * that is not stored costs no AI call.
 */
async function classifyInbound(
  db: Db,
  accountId: number,
  parsed: ParsedMail,
  input: { subject: string; text: string; from: string; deliveryReport: boolean },
  provider: TextProvider | null,
  ontoOurs?: boolean,
): Promise<InboundClassification> {
  // The same reading of the message as the fixture tests make (classify-fixtures.ts): what they measure is what this classifies.
  const replyInput = replyInputOfParsed(parsed, input.deliveryReport);
  const byRules = classifyByRules(replyInput);
  if (byRules.confidence === 'high' || !provider || provider.name === 'composer' || !(ontoOurs ?? (await threadsOntoOurs(db, accountId, answeredIds(parsed))))) return { ...byRules, source: 'rules' };
  let aiFallback: string | undefined;
  const result = await classifyReply(replyInput, { provider, onAiFallback: (reason) => (aiFallback = reason.slice(0, 300)) });
  return aiFallback ? { ...result, aiFallback } : result;
}

async function threadsOntoOurs(db: Db, accountId: number, ids: string[]): Promise<boolean> {
  if (!ids.length) return false;
  const [known] = await db
    .select({ id: emailThreadMessages.id })
    .from(emailThreadMessages)
    .where(and(eq(emailThreadMessages.accountId, accountId), inArray(emailThreadMessages.messageId, ids)))
    .limit(1);
  if (known) return true;
  const [ours] = await db
    .select({ id: campaignEmails.id })
    .from(campaignEmails)
    .where(and(eq(campaignEmails.accountId, accountId), inArray(campaignEmails.messageId, ids)))
    .limit(1);
  return ours !== undefined;
}

/**
 * A new classification onto its thread (re-read under a row lock: a user's PUT in between is seen):
 * nextReplyStatus decides (a user's correction stays; an automatic message does not replace a person's
 * answer). A change is logged as reply_status_changed by the system with its source. Returns the thread's status.
 */
async function applyReplyStatus(tx: Db, thread: EmailThreadRow, classified: ReplyStatusState, ctx: { messageRowId: number; prospectId: number | null }): Promise<ReplyStatus | null> {
  const [current] = await tx
    .select({ replyStatus: emailThreads.replyStatus, replyStatusSource: emailThreads.replyStatusSource })
    .from(emailThreads)
    .where(and(eq(emailThreads.accountId, thread.accountId), eq(emailThreads.id, thread.id)))
    .for('update');
  const before: ReplyStatusState | null = current?.replyStatus ? { reply_status: current.replyStatus as ReplyStatus, reply_status_source: (current.replyStatusSource ?? 'rules') as ReplyStatusSource } : null;
  const next = nextReplyStatus(before, classified);
  if (before && before.reply_status === next.reply_status && before.reply_status_source === next.reply_status_source) return before.reply_status;
  await tx
    .update(emailThreads)
    .set({ replyStatus: next.reply_status, replyStatusSource: next.reply_status_source, updatedAt: new Date() })
    .where(and(eq(emailThreads.accountId, thread.accountId), eq(emailThreads.id, thread.id)));
  if (before?.reply_status !== next.reply_status) {
    await recordActivity(tx, {
      accountId: thread.accountId,
      actorType: 'system',
      verb: 'reply_status_changed',
      channel: 'email',
      prospectId: ctx.prospectId,
      payload: { thread_id: thread.id, from: before?.reply_status ?? null, to: next.reply_status, source: next.reply_status_source, via: 'ingestion', reply_id: ctx.messageRowId },
    });
  }
  return next.reply_status;
}

/*
 * The set-based path of a batch (ingestBatch). Messages that touch no row another one of the batch touches (their
 * thread, their prospect, their addresses, and every enrolment of those) are taken in together, a segment at a
 * time, with one statement per table and step for the segment instead of one per message: bounce reports, threads
 * and their copies of our emails, the messages, the threads' statuses (read under lock, then one update with what
 * touchThread sets), suppressions, pauses, stops. Each message keeps its own order of effects (its activities, live
 * events and events come in the order ingestMessage gives them; only messages of one segment interleave, and they
 * share nothing). What the fast path does not cover goes one by one through the functions above, as before: our own
 * mail, a message answering one stored earlier in the batch, one the batch's reads do not settle (a lookup the cache
 * cannot answer, a bounce matched by recipient), an unsure one (needs review), a reply that stops a whole company.
 * A message that shares a row with one of the current segment closes the segment first, so the order holds.
 */

/** A message the segment takes in: its thread (found, or to be made from our email it answers) and what it is. */
type FastItem = {
  c: Candidate;
  m: Ingestion;
  /** The thread it goes to when the batch knew it; else made (or found) from `ensure`'s enrolment. */
  thread: EmailThreadRow | null;
  ensure: CampaignEmailRow | null;
  answered: CampaignEmailRow | null;
} & ({ kind: 'reply'; side: OtherSide; reply: ReplyJudgement } | { kind: 'bounce'; side: OtherSide; report: BounceReport; matches: BounceMatch[] });

type EnrolmentIdentity = { id: number; prospectId: number; email: string };

/** Who a message concerns, as the batch's cache tells before it is taken in (the keys its segment is checked by). */
type Whom = { enrolmentId: number | null; threadId: number | null; prospectId: number | null; prospectEmail: string; campaignId: number | null; emails: string[] };

/** The segments of a batch: the enrolments of everyone the candidates concern (read once), the campaigns' company rule, the keys taken so far. */
async function segmentsOf(tx: Db, cache: ThreadCache, candidates: Candidate[]) {
  const accountId = candidates[0]!.m.accountId;
  const whoms = candidates.map((c) => whomOf(cache, c)).filter((w) => w !== null);
  const prospects = [...new Set(whoms.map((w) => w.prospectId).filter((p) => p !== null))];
  const emails = [...new Set(whoms.flatMap((w) => w.emails))];
  const campaignIds = [...new Set(whoms.map((w) => w.campaignId).filter((id) => id !== null))];
  const enrolments: EnrolmentIdentity[] =
    prospects.length || emails.length
      ? await tx
          .select({ id: campaignEnrolments.id, prospectId: campaignEnrolments.prospectId, email: campaignEnrolments.email })
          .from(campaignEnrolments)
          .where(and(eq(campaignEnrolments.accountId, accountId), or(prospects.length ? inArray(campaignEnrolments.prospectId, prospects) : undefined, emails.length ? inArray(campaignEnrolments.email, emails) : undefined)))
      : [];
  const companyRule = new Map<number, boolean>();
  if (campaignIds.length) {
    const rows = await tx
      .select({ id: campaigns.id, stopCompanyOnReply: campaigns.stopCompanyOnReply })
      .from(campaigns)
      .where(and(eq(campaigns.accountId, accountId), inArray(campaigns.id, campaignIds)));
    for (const r of rows) companyRule.set(r.id, r.stopCompanyOnReply);
  }
  const readProspects = new Set(prospects);
  const readEmails = new Set(emails);
  const byProspect = new Map<number, EnrolmentIdentity[]>();
  const byEmail = new Map<string, EnrolmentIdentity[]>();
  for (const e of enrolments) {
    byProspect.set(e.prospectId, [...(byProspect.get(e.prospectId) ?? []), e]);
    byEmail.set(e.email, [...(byEmail.get(e.email) ?? []), e]);
  }
  let taken = new Set<string>();
  return {
    companyRule,
    /** The rows a message may touch, as keys; null when the batch's reads do not tell (it goes alone). */
    keysOf(c: Candidate): string[] | null {
      const whom = whomOf(cache, c);
      if (!whom) return null;
      const keys = [`enrolment:${whom.enrolmentId}`];
      if (whom.threadId !== null) keys.push(`thread:${whom.threadId}`);
      const reached: EnrolmentIdentity[] = [];
      if (whom.prospectId !== null) {
        if (!readProspects.has(whom.prospectId)) return null;
        keys.push(`prospect:${whom.prospectId}`);
        reached.push(...(byProspect.get(whom.prospectId) ?? []));
      }
      for (const email of whom.emails) {
        if (!readEmails.has(email)) return null;
        keys.push(`email:${email}`);
        reached.push(...(byEmail.get(email) ?? []));
      }
      for (const e of reached) keys.push(`prospect:${e.prospectId}`, `email:${e.email}`, `enrolment:${e.id}`);
      return keys;
    },
    conflicts: (keys: string[]) => keys.some((k) => taken.has(k)),
    add: (keys: string[]) => {
      for (const k of keys) taken.add(k);
    },
    reset: () => {
      taken = new Set();
    },
  };
}

type Segments = Awaited<ReturnType<typeof segmentsOf>>;

/** The thread a message of the other side goes to, as the batch's reads tell (threadFor's answer without a statement); null when they do not. */
function cachedThreadOf(cache: ThreadCache, ids: string[]): { thread: EmailThreadRow | null; ensure: CampaignEmailRow | null; answered: CampaignEmailRow | null } | null {
  if (!ids.length || !ids.every((id) => cache.looked.has(id) && !cache.oursUnsent.has(id))) return null;
  for (const id of ids) {
    const campaignEmail = cache.ours.get(id) ?? null;
    const hit = cache.known.get(id);
    if (hit !== undefined) {
      const thread = cache.threadsById.get(hit);
      // Not read with the batch (threadFor reads it, and goes on when it is gone).
      if (!thread) return null;
      return { thread, ensure: null, answered: campaignEmail };
    }
    if (campaignEmail) return batchReadEnrolment(cache, campaignEmail) ? { thread: null, ensure: campaignEmail, answered: campaignEmail } : null;
  }
  return null;
}

const batchReadEnrolment = (cache: ThreadCache, email: CampaignEmailRow) => cache.sentByEnrolment.has(email.enrolmentId) && cache.enrolments.has(email.enrolmentId);

/** Whether the message may take the set-based path at all, and the thread and bounce match it would get. */
function fastTargetOf(cache: ThreadCache, c: Candidate): { thread: EmailThreadRow | null; ensure: CampaignEmailRow | null; answered: CampaignEmailRow | null; matches?: BounceMatch[]; report?: BounceReport } | null {
  if (c.side.own) return null;
  const { m } = c;
  const answered = answeredIds(m.parsed);
  // It answers one stored earlier in the batch (the cache no longer tells), or it may be one of our campaign emails.
  if (answered.some((id) => cache.storedIds.has(id))) return null;
  if (!cache.looked.has(m.messageId) || cache.oursUnsent.has(m.messageId) || cache.ours.has(m.messageId)) return null;
  const bouncedIds = bouncedIdsOf(c.side.dsn);
  if (!bouncedIds) return cachedThreadOf(cache, answered);
  const report = c.side.dsn!;
  const failed = report.recipients.filter((r) => r.class !== 'success');
  const id = bouncedIds[0];
  if (!failed.length || id === undefined || !cache.looked.has(id) || cache.oursUnsent.has(id)) return null;
  const byId = cache.ours.get(id);
  if (!byId || !batchReadEnrolment(cache, byId)) return null;
  const matches: BounceMatch[] = [];
  for (const recipient of failed) {
    const address = (recipient.address ?? '').toLowerCase();
    // Only the returned Message-ID's matches (matchBounce's first rule); a match by recipient reads, and goes alone.
    if (!(!address || byId.toEmail.toLowerCase() === address || failed.length === 1)) return null;
    matches.push({ recipient, address: address || byId.toEmail.toLowerCase(), email: byId, matchedBy: 'message_id' });
  }
  return { thread: null, ensure: byId, answered: byId, matches, report };
}

function whomOf(cache: ThreadCache, c: Candidate): Whom | null {
  const target = fastTargetOf(cache, c);
  if (!target) return null;
  const known = target.thread ?? (target.ensure ? (cache.threadsByEnrolment.get(target.ensure.enrolmentId) ?? null) : null);
  const ensure = target.ensure;
  const prospectEmail = known ? known.prospectEmail : (cache.enrolments.get(ensure!.enrolmentId)?.email ?? ensure!.toEmail).toLowerCase();
  const emails = new Set([prospectEmail]);
  // A person's reply may put its sender on the list too (an unsubscribing colleague); a report's or an auto-reply's sender is written nowhere.
  if (c.m.fromEmail && !target.report && !c.side.own && !judgeReply(c.m, c.side.classified).auto) emails.add(c.m.fromEmail);
  for (const match of target.matches ?? []) emails.add(match.address.trim().toLowerCase());
  return {
    enrolmentId: known ? known.enrolmentId : ensure!.enrolmentId,
    threadId: known?.id ?? null,
    prospectId: known ? known.prospectId : ensure!.prospectId,
    prospectEmail,
    campaignId: known ? known.campaignId : ensure!.campaignId,
    emails: [...emails],
  };
}

/** The message as a segment's item, or null: it goes alone (see above). */
function fastItemOf(cache: ThreadCache, segments: Segments, c: Candidate): FastItem | null {
  const target = fastTargetOf(cache, c);
  if (!target || c.side.own) return null;
  const side = c.side;
  const base = { c, m: c.m, thread: target.thread, ensure: target.ensure, answered: target.answered };
  if (target.report) return { ...base, kind: 'bounce', side, report: target.report, matches: target.matches! };
  const reply = judgeReply(c.m, side.classified);
  if (reply.needsReview) return null;
  if (!reply.auto) {
    // The campaign's company rule (stopCompanyOnReply): a reply that stops a company goes alone.
    const whom = whomOf(cache, c)!;
    const domain = whom.prospectEmail.split('@')[1] ?? '';
    if (whom.campaignId !== null && domain && !FREE_MAIL_DOMAINS.includes(domain) && segments.companyRule.get(whom.campaignId) !== false) return null;
  }
  return { ...base, kind: 'reply', side, reply };
}

const isoOf = (d: Date) => d.toISOString();

/** A segment taken in: the steps of each message, each step once for all of them (see above), in the order ingestMessage takes them. */
async function takeSegment(tx: Db, cache: ThreadCache, items: FastItem[], results: Array<IngestResult | undefined>): Promise<void> {
  const accountId = items[0]!.m.accountId;
  const mailboxId = items[0]!.m.input.mailbox.id;
  const now = items[0]!.m.now;

  // 1. Bounce reports, matched or not (recordBounceReports): what is written now is what acts.
  const bounces = items.filter((i): i is FastItem & { kind: 'bounce' } => i.kind === 'bounce');
  const fresh = new Map<FastItem, Set<string>>();
  if (bounces.length) {
    const rows = bounces.flatMap((b) => {
      const one = b.matches.map((x) => ({
        accountId,
        userEmailId: mailboxId,
        messageId: b.m.messageId,
        originalMessageId: b.report.originalMessageId,
        recipient: x.address,
        kind: b.report.kind,
        status: x.recipient.status || (x.recipient.class === 'complaint' ? '' : '5.0.0'),
        smtpCode: x.recipient.smtpCode,
        class: x.recipient.class as 'permanent' | 'temporary' | 'policy' | 'complaint',
        reason: x.recipient.reason,
        diagnostic: x.recipient.diagnostic?.slice(0, 1000) ?? null,
        campaignEmailId: x.email?.id ?? null,
        matchedBy: x.matchedBy,
        receivedAt: b.m.sentAt,
      }));
      return [...new Map(one.map((r) => [r.recipient, r])).values()];
    });
    const written = await tx.insert(bounceReports).values(rows).onConflictDoNothing().returning({ messageId: bounceReports.messageId, recipient: bounceReports.recipient });
    for (const b of bounces) fresh.set(b, new Set(written.filter((w) => w.messageId === b.m.messageId).map((w) => w.recipient)));
  }

  // 2. Threads: made from our email each answers (threadOfCampaignEmail), with every sent email of the enrolment copied in.
  const ensuring = items.filter((i) => i.thread === null);
  if (ensuring.length) {
    const made = await bulkInsert(
      tx,
      emailThreads,
      ensuring.map((i) => {
          const email = i.ensure!;
          const sent = cache.sentByEnrolment.get(email.enrolmentId)!;
          const first = sent[0] ?? email;
          return {
            accountId,
            prospectId: email.prospectId,
            enrolmentId: email.enrolmentId,
            campaignId: email.campaignId,
            userEmailId: first.userEmailId,
            virtualEmployeeId: first.virtualEmployeeId,
            subject: first.subject,
            prospectEmail: (cache.enrolments.get(email.enrolmentId)?.email ?? email.toEmail).toLowerCase(),
            lastMessageAt: sent.at(-1)?.sentAt ?? i.m.now,
          };
      }),
      { onConflict: { doNothing: true, target: [emailThreads.accountId, emailThreads.enrolmentId] }, returning: 'all' },
    );
    const created = new Map(made.map((t) => [t.enrolmentId, t]));
    const missing = ensuring.filter((i) => !created.has(i.ensure!.enrolmentId) && !cache.threadsByEnrolment.has(i.ensure!.enrolmentId)).map((i) => i.ensure!.enrolmentId);
    if (missing.length) {
      const found = await tx
        .select()
        .from(emailThreads)
        .where(and(eq(emailThreads.accountId, accountId), inArray(emailThreads.enrolmentId, missing)));
      for (const t of found) cache.threadsByEnrolment.set(t.enrolmentId!, t);
    }
    for (const i of ensuring) {
      const enrolmentId = i.ensure!.enrolmentId;
      i.thread = created.get(enrolmentId) ?? cache.threadsByEnrolment.get(enrolmentId) ?? null;
      if (!i.thread) throw new Error(`The thread of enrolment ${enrolmentId} was neither made nor found`);
      cache.threadsByEnrolment.set(enrolmentId, i.thread);
      cache.threadsById.set(i.thread.id, i.thread);
    }
    const copies = ensuring.flatMap((i) => cache.sentByEnrolment.get(i.ensure!.enrolmentId)!.map((email) => ownCampaignEmailRow(i.thread!, email, email.userEmailId === null ? undefined : cache.senders.get(email.userEmailId))));
    const copied = await bulkInsert(tx, emailThreadMessages, copies, { onConflict: { doNothing: true }, returning: ['threadId'] });
    const copiedPer = new Map<number, number>();
    for (const r of copied) copiedPer.set(r.threadId, (copiedPer.get(r.threadId) ?? 0) + 1);
    // A thread there already whose copies were not all in: its last message time follows (recordOwnCampaignEmails).
    const later = ensuring.filter((i) => !created.has(i.ensure!.enrolmentId) && copiedPer.has(i.thread!.id));
    if (later.length) {
      const values = later.map((i) => {
        const sent = cache.sentByEnrolment.get(i.ensure!.enrolmentId)!;
        const latest = new Date(Math.max(...sent.map((e) => (e.sentAt ?? e.updatedAt).getTime())));
        return sql`(${i.thread!.id}::int, ${isoOf(latest)}::timestamptz)`;
      });
      await tx.execute(sql`update email_threads t set last_message_at = greatest(t.last_message_at, v.at), updated_at = ${isoOf(new Date())}::timestamptz
        from (values ${sql.join(values, sql`, `)}) as v(id, at) where t.account_id = ${accountId} and t.id = v.id`);
    }
    for (const i of ensuring) for (let n = copiedPer.get(i.thread!.id) ?? 0; n > 0; n--) await emitLiveEvent(tx, accountId, 'thread_changed', { thread_id: i.thread!.id, changed: ['messages'] });
  }

  // 3. The messages (storeInbound, ingestBounce): one there already is a duplicate, and nothing more is done for it.
  const rows = items.map((i): typeof emailThreadMessages.$inferInsert => {
    const thread = i.thread!;
    if (i.kind === 'bounce') {
      const first = i.matches[0]!;
      const r = first.recipient;
      return {
        ...i.m.base,
        text: stripNul(i.m.base.text),
        html: i.m.base.html ? stripNul(i.m.base.html) : i.m.base.html,
        subject: stripNul(i.m.base.subject),
        threadId: thread.id,
        campaignEmailId: i.answered!.id,
        direction: 'inbound',
        kind: 'bounce',
        replyStatus: 'bounce',
        details: {
          status: r.status,
          action: r.action,
          final_recipient: first.address,
          diagnostic: r.diagnostic,
          permanent: r.class === 'permanent',
          class: r.class,
          reason: r.reason,
          report_kind: i.report.kind,
          ...(i.report.feedbackType ? { feedback_type: i.report.feedbackType } : {}),
          recipients: i.matches.map((x) => ({ address: x.address, status: x.recipient.status, class: x.recipient.class, reason: x.recipient.reason, campaign_email_id: x.email?.id ?? null })),
        },
      };
    }
    const { classified, auto, outOfOffice, needsReview } = i.reply;
    return {
      ...i.m.base,
      threadId: thread.id,
      campaignEmailId: i.answered?.id ?? null,
      direction: 'inbound',
      kind: auto ? 'auto_reply' : 'human',
      fromColleague: i.m.fromEmail !== thread.prospectEmail,
      replyStatus: classified.status,
      needsReview,
      details: {
        classification: { status: classified.status, source: classified.source, rule: classified.rule, ...(classified.aiFallback ? { ai_fallback: classified.aiFallback } : {}) },
        ...(outOfOffice ? { out_of_office: true, return_date: outOfOffice.returnDate?.toISOString().slice(0, 10) ?? null, paused_until: outOfOffice.pausedUntil.toISOString() } : {}),
      },
    };
  });
  const inserted = await bulkInsert(tx, emailThreadMessages, rows, { onConflict: { doNothing: true }, returning: ['id', 'messageId'] });
  const rowIds = new Map(inserted.map((r) => [r.messageId, r.id]));
  const stored: Array<FastItem & { rowId: number }> = [];
  for (const i of items) {
    const rowId = rowIds.get(i.m.messageId);
    if (rowId === undefined) results[i.c.index] = { outcome: 'duplicate', messageId: i.m.messageId };
    else stored.push(Object.assign(i, { rowId }));
  }
  if (!stored.length) return;

  // 4. Each thread's status, read again under lock (applyReplyStatus), and what touchThread sets, in one update.
  const current = await tx
    .select({ id: emailThreads.id, replyStatus: emailThreads.replyStatus, replyStatusSource: emailThreads.replyStatusSource })
    .from(emailThreads)
    .where(and(eq(emailThreads.accountId, accountId), inArray(emailThreads.id, [...new Set(stored.map((i) => i.thread!.id))])))
    .for('update');
  const currentOf = new Map(current.map((r) => [r.id, r]));
  const threadStatus = new Map<FastItem, ReplyStatus | null>();
  const updates: ReturnType<typeof sql>[] = [];
  for (const i of stored) {
    const thread = i.thread!;
    const classified: ReplyStatusState = i.kind === 'bounce' ? { reply_status: 'bounce', reply_status_source: 'rules' } : { reply_status: i.reply.classified.status, reply_status_source: i.reply.classified.source };
    const row = currentOf.get(thread.id);
    const before: ReplyStatusState | null = row?.replyStatus ? { reply_status: row.replyStatus as ReplyStatus, reply_status_source: (row.replyStatusSource ?? 'rules') as ReplyStatusSource } : null;
    const next = nextReplyStatus(before, classified);
    const change = !(before && before.reply_status === next.reply_status && before.reply_status_source === next.reply_status_source);
    threadStatus.set(i, change ? next.reply_status : before!.reply_status);
    if (change && before?.reply_status !== next.reply_status) {
      await recordActivity(tx, {
        accountId,
        actorType: 'system',
        verb: 'reply_status_changed',
        channel: 'email',
        prospectId: i.kind === 'bounce' ? i.answered!.prospectId : thread.prospectId,
        payload: { thread_id: thread.id, from: before?.reply_status ?? null, to: next.reply_status, source: next.reply_status_source, via: 'ingestion', reply_id: i.rowId },
      });
    }
    // A bounce does not touch its thread; an auto-reply moves its time; a person's reply also marks it unread and stopped.
    const touch = i.kind === 'reply';
    const human = i.kind === 'reply' && !i.reply.auto;
    if (change || touch) updates.push(sql`(${thread.id}::int, ${change}::boolean, ${next.reply_status}::text, ${next.reply_status_source}::text, ${touch}::boolean, ${human}::boolean, ${isoOf(i.m.sentAt)}::timestamptz)`);
  }
  if (updates.length) {
    await tx.execute(sql`update email_threads t set
        reply_status = case when v.set_status then v.status else t.reply_status end,
        reply_status_source = case when v.set_status then v.source else t.reply_status_source end,
        last_message_at = case when v.touch then greatest(t.last_message_at, v.at) else t.last_message_at end,
        unread = t.unread or v.human,
        stop_sending = t.stop_sending or v.human,
        replied_at = case when v.human then coalesce(t.replied_at, v.at) else t.replied_at end,
        updated_at = ${isoOf(new Date())}::timestamptz
      from (values ${sql.join(updates, sql`, `)}) as v(id, set_status, status, source, touch, human, at)
      where t.account_id = ${accountId} and t.id = v.id`);
  }
  const replies = stored.filter((i): i is FastItem & { kind: 'reply'; rowId: number } => i.kind === 'reply');
  for (const i of replies) {
    const thread = i.thread!;
    await emitLiveEvent(tx, accountId, 'thread_changed', i.reply.auto ? { thread_id: thread.id, changed: ['messages'] } : { thread_id: thread.id, changed: ['messages', 'unread', 'stop_sending'], unread: true, stop_sending: true });
  }
  const storedOf = (i: FastItem & { rowId: number }) => ({ outcome: 'stored' as const, messageId: i.m.messageId, threadId: i.thread!.id, messageRowId: i.rowId, direction: 'inbound' as const, threadReplyStatus: threadStatus.get(i) ?? null });

  // 5. Auto-replies: logged, and an out-of-office pauses the address's active enrolments (ingestAutoReply, pauseEnrolments).
  const autos = replies.filter((i) => i.reply.auto);
  for (const i of autos) {
    const { thread, answered } = { thread: i.thread!, answered: i.answered };
    await recordActivity(tx, {
      accountId,
      actorType: 'system',
      verb: 'auto_reply_received',
      channel: 'email',
      prospectId: thread.prospectId,
      payload: {
        thread_id: thread.id,
        message_id: i.m.messageId,
        campaign_id: thread.campaignId,
        enrolment_id: thread.enrolmentId,
        campaign_email_id: answered?.id ?? null,
        subject: thread.subject,
        snippet: freshText(i.m.text).replace(/\s+/g, ' ').trim().slice(0, 200),
        reply_status: i.reply.classified.status,
        return_date: i.reply.outOfOffice?.returnDate?.toISOString().slice(0, 10) ?? null,
      },
      occurredAt: i.m.sentAt,
    });
  }
  const away = autos.filter((i) => i.reply.outOfOffice);
  if (away.length) {
    const active = await tx
      .select({ id: campaignEnrolments.id, email: campaignEnrolments.email })
      .from(campaignEnrolments)
      .where(and(eq(campaignEnrolments.accountId, accountId), inArray(campaignEnrolments.email, [...new Set(away.map((i) => i.thread!.prospectEmail))]), eq(campaignEnrolments.status, 'active')));
    const pauses = away.map((i) => ({ i, ids: active.filter((a) => a.email === i.thread!.prospectEmail).map((a) => a.id) }));
    const values = pauses.flatMap(({ i, ids }) => ids.map((id) => sql`(${id}::int, ${isoOf(i.reply.outOfOffice!.pausedUntil)}::timestamptz)`));
    if (values.length) {
      await tx.execute(sql`update campaign_emails ce set send_after = greatest(coalesce(ce.send_after, v.until), v.until), updated_at = ${isoOf(new Date())}::timestamptz
        from (values ${sql.join(values, sql`, `)}) as v(enrolment_id, until)
        where ce.account_id = ${accountId} and ce.enrolment_id = v.enrolment_id and ce.status in (${sql.join(
          UNSENT_STATUSES.map((s) => sql`${s}`),
          sql`, `,
        )})`);
    }
    for (const { i, ids } of pauses) {
      if (!ids.length) continue;
      const { returnDate, pausedUntil } = i.reply.outOfOffice!;
      await recordActivity(tx, {
        accountId,
        actorType: 'system',
        verb: 'enrolment_paused',
        channel: 'email',
        prospectId: i.thread!.prospectId,
        payload: { thread_id: i.thread!.id, enrolment_ids: ids, until: pausedUntil.toISOString(), reason: 'out of office', return_date: returnDate?.toISOString().slice(0, 10) ?? null },
      });
    }
  }
  for (const i of autos) results[i.c.index] = { ...storedOf(i), replyStatus: i.reply.classified.status, kind: 'auto_reply', ...(i.reply.outOfOffice ? { effect: 'paused', pausedUntil: i.reply.outOfOffice.pausedUntil } : { effect: 'none' }) };

  // 6. Suppressions (suppress): an unsubscribing reply's addresses; a bounce's permanent failures, complaints and repeated temporary ones.
  const humans = replies.filter((i) => !i.reply.auto);
  const storedBounces = stored.filter((i): i is FastItem & { kind: 'bounce'; rowId: number } => i.kind === 'bounce');
  const acting = storedBounces.flatMap((b) => b.matches.filter((x) => x.email && fresh.get(b)!.has(x.address)).map((match) => ({ b, match })));
  const temporary = [...new Set(acting.filter((a) => a.match.recipient.class === 'temporary').map((a) => a.match.address))];
  const repeats = new Map<string, string | null>();
  if (temporary.length) {
    const since = new Date(now.getTime() - BOUNCE_SOFT_REPEAT_WINDOW_DAYS * DAY_MS);
    const counted = await tx
      .select({ recipient: bounceReports.recipient, n: sql<number>`count(*)::int`, days: sql<number>`count(distinct (${bounceReports.receivedAt} at time zone 'UTC')::date)::int`, firstAt: sql<string>`min(${bounceReports.receivedAt})::text` })
      .from(bounceReports)
      .where(and(eq(bounceReports.accountId, accountId), inArray(bounceReports.recipient, temporary), eq(bounceReports.class, 'temporary'), gte(bounceReports.receivedAt, since)))
      .groupBy(bounceReports.recipient);
    for (const address of temporary) {
      const row = counted.find((r) => r.recipient === address);
      const n = Number(row?.n ?? 0);
      const days = Number(row?.days ?? 0);
      repeats.set(address, n < BOUNCE_SOFT_REPEAT_COUNT || days < BOUNCE_SOFT_REPEAT_DAYS ? null : `Repeated temporary failures: ${n} on ${days} days since ${String(row?.firstAt ?? '').slice(0, 10)} (within ${BOUNCE_SOFT_REPEAT_WINDOW_DAYS} days)`);
    }
  }
  const suppressions: Array<{ email: string; reason: 'unsubscribed' | 'hard_bounce' | 'complained'; details: string; campaignEmailId: number | null }> = [];
  for (const i of humans) {
    if (i.reply.classified.status !== 'unsubscribe') continue;
    const details = `Reply from ${i.m.fromEmail || 'unknown sender'}: ${i.m.subject}`.slice(0, 300);
    suppressions.push({ email: i.thread!.prospectEmail, reason: 'unsubscribed', details, campaignEmailId: i.answered?.id ?? null });
    if (i.m.fromEmail && i.m.fromEmail !== i.thread!.prospectEmail) suppressions.push({ email: i.m.fromEmail, reason: 'unsubscribed', details, campaignEmailId: i.answered?.id ?? null });
  }
  for (const { b, match } of acting) {
    const r = match.recipient;
    const email = match.email!;
    if (r.class === 'permanent') {
      const diagnostic = [bounceStatus(r), r.diagnostic].filter(Boolean).join(' ').slice(0, 300);
      suppressions.push({ email: match.address, reason: 'hard_bounce', details: diagnostic || 'Bounced', campaignEmailId: email.id });
    } else if (r.class === 'complaint') {
      suppressions.push({ email: match.address, reason: 'complained', details: `Spam complaint (${b.report.feedbackType ?? 'abuse'}) about ${email.subject}`.slice(0, 300), campaignEmailId: email.id });
    } else if (r.class === 'temporary' && repeats.get(match.address)) {
      suppressions.push({ email: match.address, reason: 'hard_bounce', details: repeats.get(match.address)!, campaignEmailId: email.id });
    }
  }
  if (suppressions.length) {
    const entries = suppressions.map((s) => ({ accountId, email: s.email.trim().toLowerCase(), reason: s.reason, details: s.details, campaignEmailId: s.campaignEmailId }));
    await tx
      .insert(blacklistedEmails)
      .values([...new Map(entries.map((e) => [e.email, e])).values()])
      .onConflictDoNothing({ target: [blacklistedEmails.accountId, blacklistedEmails.email] });
    // Each one's event, as suppress publishes it: the campaigns stop the address's enrolments (src/reactions.ts).
    for (const e of entries) await stopEnrolments(tx, accountId, { kind: 'email', email: e.email }, e.reason);
  }

  // 7. The bounces' activities (applyBounce), and their results.
  for (const b of storedBounces) {
    let effect: BounceEffect = 'delay_recorded';
    for (const { match } of acting.filter((a) => a.b === b)) {
      const email = match.email!;
      const r = match.recipient;
      const status = bounceStatus(r);
      const repeated = r.class === 'temporary' ? (repeats.get(match.address) ?? null) : null;
      const cls = repeated ? 'permanent' : r.class;
      const verb = cls === 'permanent' ? 'email_bounced' : cls === 'complaint' ? 'email_complained' : cls === 'policy' ? 'email_blocked' : 'email_delayed';
      await recordActivity(tx, {
        accountId,
        actorType: 'system',
        verb,
        channel: 'email',
        prospectId: email.prospectId,
        payload: {
          kind: 'campaign',
          campaign_id: email.campaignId,
          enrolment_id: email.enrolmentId,
          campaign_email_id: email.id,
          step: email.stepPosition,
          user_email_id: email.userEmailId,
          message_id: email.messageId,
          email: match.address,
          code: r.smtpCode,
          reason: [status, r.diagnostic].filter(Boolean).join(' ').slice(0, 500) || 'Bounced',
          status,
          bounce_class: r.class,
          bounce_reason: r.reason,
          matched_by: match.matchedBy,
          ...(repeated ? { repeated_temporary: true } : {}),
          ...(b.report.feedbackType ? { feedback_type: b.report.feedbackType } : {}),
          after_send: true,
          thread_id: b.thread!.id,
        },
      });
      const e: BounceEffect = cls === 'permanent' ? 'suppressed_bounce' : cls === 'complaint' ? 'suppressed_complaint' : cls === 'policy' ? 'policy_recorded' : 'delay_recorded';
      if (match === b.matches[0]) effect = e;
    }
    results[b.c.index] = { ...storedOf(b), kind: 'bounce', replyStatus: 'bounce', effect };
  }

  // 8. A person's reply stops whoever answered (stopProspectOnReply): every active enrolment of the prospect and of the address, one statement per reason.
  if (!humans.length) return;
  const reasonOf = (i: FastItem & { kind: 'reply' }) => (i.reply.classified.status === 'unsubscribe' ? 'The prospect asked to unsubscribe in a reply' : 'The prospect replied');
  const stoppedOf = new Map<FastItem, Array<{ id: number; prospectId: number; campaignId: number }>>();
  for (const reason of [...new Set(humans.map(reasonOf))]) {
    const group = humans.filter((i) => reasonOf(i) === reason);
    const prospectIds = group.map((i) => i.thread!.prospectId).filter((p) => p !== null);
    const whose = or(prospectIds.length ? inArray(campaignEnrolments.prospectId, prospectIds) : undefined, inArray(campaignEnrolments.email, group.map((i) => i.thread!.prospectEmail)));
    for (const s of await stopEnrolmentsWhere(tx, accountId, and(whose), reason)) {
      const owner = group.find((i) => (i.thread!.prospectId !== null && i.thread!.prospectId === s.prospectId) || i.thread!.prospectEmail === s.email);
      if (owner) stoppedOf.set(owner, [...(stoppedOf.get(owner) ?? []), s]);
    }
  }
  // 9. Then, reply by reply, what ingestPersonsReply does after the stop: logs, the prospect_answered event, the agent's answer.
  for (const i of humans) {
    const reason = reasonOf(i);
    for (const s of stoppedOf.get(i) ?? []) {
      await recordActivity(tx, { accountId, actorType: 'system', verb: 'enrolment_stopped', channel: 'email', prospectId: s.prospectId, payload: { campaign_id: s.campaignId, enrolment_id: s.id, reason } });
    }
  }
  for (const i of humans) {
    const found = { thread: i.thread!, answered: i.answered };
    const classified = i.reply.classified;
    const unsubscribe = classified.status === 'unsubscribe';
    await recordReplyReceived(tx, i.m, found);
    await recordPositiveReply(tx, i.m, found.thread, classified);
    await tellProspectAnswered(tx, i.m, found.thread, classified.status);
    if (unsubscribe) await recordUnsubscribedByReply(tx, i.m, found);
    const threadReplyStatus = threadStatus.get(i) ?? null;
    const agentAnswerAt = i.m.input.jobs && !unsubscribe ? await scheduleAgentAnswer(tx, i.m.input.jobs, { accountId, id: i.rowId, status: threadReplyStatus ?? classified.status }, i.m.now) : null;
    results[i.c.index] = { ...storedOf(i), replyStatus: classified.status, kind: 'human', effect: unsubscribe ? 'unsubscribed' : 'stopped', ...(agentAnswerAt ? { agentAnswerAt } : {}) };
  }
}
