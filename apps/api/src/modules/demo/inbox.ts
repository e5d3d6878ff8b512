import { and, asc, count, eq, gt, inArray, max, ne } from 'drizzle-orm';
import type { ReplyStatus } from '@shared/schemas/inbox';
import { classifyByRules } from '../inbox/classify';
import { ingestMessage } from '../inbox/ingest';
import type { Db } from '../../db/client';
import { DEMO_CAMPAIGN, DEMO_MAILBOX } from './activity';
import { activities, blacklistedEmails, campaignEmails, campaignEnrolments, campaigns, emailThreadMessages, emailThreads, pipelineMoves, pipelineOpportunities, prospects, userEmails } from '../../db/schema';

/**
 * The demo account's inbox: a dozen prospects of the demo campaign answered over the last weeks. Each
 * answer is written as the raw message a mail server would hold (threaded onto the campaign emails we
 * actually sent them, by In-Reply-To and References) and taken in by the engine's own ingestion
 * (modules/inbox/ingest.ts), so the threads, the stopped and paused sequences, the blacklist and the
 * activity log (reply_received: the dashboard's replies) are what a real mailbox sync would have made.
 * Ingestion stamps its side effects with the moment it runs; the seed then dates them at the answer's
 * time, as if the sync had run then. Deterministic for a given moment (the campaign's outbox decides who
 * answers); nothing here sends or schedules anything (the seed runs before the app's listeners exist).
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Answers fall in this many days before the campaign's last send (today, for a fresh demo). */
const WINDOW_DAYS = 42;

type Prospect = { first: string; full: string; company: string; email: string };
type DemoReply = {
  key: string;
  /** What the classifier makes of it (the seed stores the classifier's answer; demo-seed.test.ts checks it is this). */
  status: ReplyStatus;
  /** Hours after the email it answers. */
  afterHours: number;
  unread: boolean;
  starred: boolean;
  /** A colleague at the prospect's company answers instead of the prospect. */
  colleague?: { first: string; last: string };
  /** An automatic out-of-office note: sent minutes after our email, back in `backInDays` days from the seeding day. */
  outOfOffice?: { backInDays: number };
  body: (p: Prospect, extra: { backOn: string }) => string;
  /** The user's answer, sent from their mail client this many hours after the reply (found in Sent). */
  answer?: { afterHours: number; body: (p: Prospect) => string };
};

export const DEMO_REPLIES: readonly DemoReply[] = [
  {
    key: 'interested',
    status: 'interested',
    afterHours: 3,
    unread: true,
    starred: true,
    body: (p) =>
      `Hi Jamie,\n\nGood timing, our forecast calls have been painful this quarter. I'm interested: can you send me more details on how the deal scoring works and what the rollout looks like for a team of about 40 reps?\n\nThanks,\n${p.first}`,
  },
  {
    key: 'meeting',
    status: 'meeting_request',
    afterHours: 5,
    unread: true,
    starred: true,
    body: (p) => `Hi Jamie,\n\nHappy to take a look. Let's set up a call: does Thursday at 2pm ET work for you? Send over an invite.\n\nBest,\n${p.first}`,
  },
  {
    key: 'meeting-answered',
    status: 'meeting_request',
    afterHours: 20,
    unread: false,
    starred: true,
    body: (p) => `Jamie,\n\nWe are evaluating forecasting tools right now. Can we book a 30 minute call next week? Tuesday or Wednesday afternoon works for me.\n\n${p.first}`,
    answer: {
      afterHours: 2,
      body: (p) =>
        `Hi ${p.first},\n\nThanks for getting back to me. Tuesday at 3pm your time works; I've sent a calendar invite with a dial-in. I'll bring a short walkthrough of the deal scoring on a sample pipeline.\n\nBest,\nJamie`,
    },
  },
  {
    key: 'interested-pricing',
    status: 'interested',
    afterHours: 26,
    unread: false,
    starred: false,
    body: (p) => `Hi Jamie,\n\nSounds interesting. What does pricing look like, and does it work with Salesforce out of the box?\n\nRegards,\n${p.first}`,
  },
  {
    key: 'not-now',
    status: 'not_now',
    afterHours: 30,
    unread: false,
    starred: false,
    body: (p) => `Hi Jamie,\n\nThanks for reaching out. Not the right time for us, we're in the middle of a reorg. Reach out again next quarter.\n\n${p.first}`,
  },
  {
    key: 'not-interested',
    status: 'not_interested',
    afterHours: 6,
    unread: false,
    starred: false,
    body: (p) => `Thanks Jamie, but we're not interested. We already use a forecasting tool and are happy with it.\n\n${p.first}`,
  },
  {
    key: 'out-of-office',
    status: 'out_of_office',
    afterHours: 0.05,
    unread: true,
    starred: false,
    outOfOffice: { backInDays: 6 },
    body: (p, { backOn }) =>
      `Thank you for your email. I am out of the office with limited access to email and will be back on ${backOn}. For anything urgent, please contact sales-ops@${p.email.split('@')[1]}.\n\n${p.full}`,
  },
  {
    key: 'wrong-person',
    status: 'wrong_person',
    afterHours: 9,
    unread: false,
    starred: false,
    body: (p) =>
      `Hi Jamie,\n\nI'm not the right person for this. Our revenue operations lead, Dana Whitfield, owns forecasting tools; please reach out to dana.whitfield@${p.email.split('@')[1]} instead.\n\n${p.first}`,
  },
  {
    key: 'unsubscribe',
    status: 'unsubscribe',
    afterHours: 4,
    unread: false,
    starred: false,
    body: () => 'Please remove me from your mailing list.',
  },
  {
    key: 'colleague',
    status: 'interested',
    afterHours: 28,
    unread: true,
    starred: false,
    colleague: { first: 'Priya', last: 'Shah' },
    body: (p) =>
      `Hi Jamie,\n\n${p.first} forwarded your note to me; I run sales operations at ${p.company} and look after our forecasting. We'd be interested in learning more. Could you send a short overview and pricing?\n\nBest,\nPriya Shah\nSales Operations, ${p.company}`,
  },
  {
    key: 'not-interested-2',
    status: 'not_interested',
    afterHours: 2,
    unread: true,
    starred: false,
    body: (p) => `No thanks, not interested.\n\n${p.first}`,
  },
  {
    key: 'interested-3',
    status: 'interested',
    afterHours: 44,
    unread: false,
    starred: false,
    body: (p) => `Hi Jamie,\n\nThis could be useful for us. Do you have a case study from a company our size? Happy to learn more.\n\n${p.first}`,
  },
];

type Candidate = {
  enrolmentId: number;
  status: string;
  prospect: Prospect;
  sent: Array<{ messageId: string; subject: string; bodyText: string; sentAt: Date }>;
  unsent: number;
  lastSentAt: Date;
};

const rfc2822 = (d: Date) => d.toUTCString().replace('GMT', '+0000');
const quote = (text: string) =>
  text
    .split('\n')
    .map((l) => (l ? `> ${l}` : '>'))
    .join('\n');
const longDate = (d: Date) => d.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** The raw message (RFC 5322) as the prospect's mail client would have sent it, quoting the email it answers. */
function rawReply(o: { from: string; fromName: string; to: string; toName: string; subject: string; date: Date; messageId: string; answers: string[]; text: string; quoted?: { at: Date; by: string; text: string }; auto?: boolean }): string {
  const body = o.quoted ? `${o.text}\n\nOn ${rfc2822(o.quoted.at)}, ${o.quoted.by} wrote:\n${quote(o.quoted.text)}\n` : `${o.text}\n`;
  return [
    `From: ${o.fromName} <${o.from}>`,
    `To: ${o.toName} <${o.to}>`,
    `Subject: ${o.subject}`,
    `Date: ${rfc2822(o.date)}`,
    `Message-ID: ${o.messageId}`,
    `In-Reply-To: ${o.answers.at(-1)}`,
    `References: ${o.answers.join(' ')}`,
    ...(o.auto ? ['Auto-Submitted: auto-replied', 'X-Autoreply: yes'] : []),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    body,
  ].join('\r\n');
}

/** The enrolments of the demo campaign that a reply can answer: something sent, newest last send first. */
async function candidates(db: Db, accountId: number, campaignId: number): Promise<Candidate[]> {
  const enrolments = await db
    .select({ id: campaignEnrolments.id, status: campaignEnrolments.status, email: campaignEnrolments.email, first: prospects.firstName, full: prospects.fullName, company: prospects.company })
    .from(campaignEnrolments)
    .innerJoin(prospects, and(eq(prospects.accountId, accountId), eq(prospects.id, campaignEnrolments.prospectId)))
    .where(and(eq(campaignEnrolments.accountId, accountId), eq(campaignEnrolments.campaignId, campaignId), inArray(campaignEnrolments.status, ['active', 'finished'])))
    .orderBy(asc(campaignEnrolments.id));
  const emails = await db
    .select({ enrolmentId: campaignEmails.enrolmentId, status: campaignEmails.status, messageId: campaignEmails.messageId, subject: campaignEmails.subject, bodyText: campaignEmails.bodyText, sentAt: campaignEmails.sentAt })
    .from(campaignEmails)
    .where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.campaignId, campaignId)))
    .orderBy(asc(campaignEmails.stepPosition));
  const out: Candidate[] = [];
  for (const e of enrolments) {
    const mine = emails.filter((m) => m.enrolmentId === e.id);
    const sent = mine.filter((m) => m.status === 'sent' && m.sentAt).map((m) => ({ messageId: m.messageId, subject: m.subject, bodyText: m.bodyText, sentAt: m.sentAt! }));
    if (!sent.length) continue;
    const full = e.full || e.email;
    const first = e.first || full.split(' ')[0] || 'there';
    out.push({
      enrolmentId: e.id,
      status: e.status,
      prospect: { first, full, company: e.company ?? 'your company', email: e.email },
      sent,
      unsent: mine.filter((m) => ['draft', 'scheduled', 'queued'].includes(m.status)).length,
      lastSentAt: sent.at(-1)!.sentAt,
    });
  }
  return out.sort((a, b) => b.lastSentAt.getTime() - a.lastSentAt.getTime() || a.enrolmentId - b.enrolmentId);
}

/**
 * Seeds the demo inbox once: does nothing when the demo campaign has a thread already (or does not
 * exist). Returns the number of threads made.
 */
export async function seedDemoInbox(db: Db, accountId: number, now: Date): Promise<number> {
  const [campaign] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.accountId, accountId), eq(campaigns.name, DEMO_CAMPAIGN.name)))
    .limit(1);
  if (!campaign) return 0;
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(emailThreads)
    .where(and(eq(emailThreads.accountId, accountId), eq(emailThreads.campaignId, campaign.id)));
  if (Number(n) > 0) return 0;
  const [mailbox] = await db
    .select({ id: userEmails.id, accountId: userEmails.accountId, email: userEmails.email })
    .from(userEmails)
    .where(and(eq(userEmails.accountId, accountId), eq(userEmails.email, DEMO_MAILBOX.email)));
  if (!mailbox) return 0;

  const all = await candidates(db, accountId, campaign.id);
  if (!all.length) return 0;
  // Answers land in the weeks before the last send (today, unless the demo was seeded long ago).
  const anchor = Math.min(now.getTime(), all[0]!.lastSentAt.getTime() + DAY_MS);
  const latest = anchor - 2 * DAY_MS;
  const used = new Set<number>();
  // The out-of-office note answers a recent email of a sequence still running (it pauses what is left).
  const oooFor = all.find((c) => c.status === 'active' && c.unsent > 0 && c.lastSentAt.getTime() <= anchor - HOUR_MS);
  const pool = all.filter((c) => c.lastSentAt.getTime() <= latest && c.lastSentAt.getTime() >= anchor - WINDOW_DAYS * DAY_MS);
  const plan: Array<{ reply: DemoReply; to: Candidate }> = [];
  const others = DEMO_REPLIES.filter((r) => !r.outOfOffice);
  others.forEach((reply, i) => {
    // Spread over the window: the i-th answer takes the candidate at i / n of the pool (newest first).
    let at = Math.floor((i * pool.length) / others.length);
    while (at < pool.length && (used.has(pool[at]!.enrolmentId) || pool[at]!.enrolmentId === oooFor?.enrolmentId)) at++;
    const to = pool[at];
    if (!to) return;
    used.add(to.enrolmentId);
    plan.push({ reply, to });
  });
  const ooo = DEMO_REPLIES.find((r) => r.outOfOffice);
  if (ooo && oooFor) plan.push({ reply: ooo, to: oooFor });

  // Ingestion as the app runs it: a suppression stops the address's enrolments (the app's reactions, src/reactions.ts).
  {
    let made = 0;
    for (const { reply, to } of plan) {
      const p = to.prospect;
      const answered = to.sent.at(-1)!;
      const at = new Date(Math.min(answered.sentAt.getTime() + reply.afterHours * HOUR_MS, now.getTime() - HOUR_MS));
      const domain = p.email.split('@')[1]!;
      const from = reply.colleague ? `${reply.colleague.first}.${reply.colleague.last}@${domain}`.toLowerCase() : p.email;
      const fromName = reply.colleague ? `${reply.colleague.first} ${reply.colleague.last}` : p.full;
      const back = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + (reply.outOfOffice?.backInDays ?? 0) * DAY_MS);
      const text = reply.body(p, { backOn: longDate(back) });
      const messageId = `<demo-${reply.key}-${to.enrolmentId}@${domain}>`;
      const raw = rawReply({
        from,
        fromName,
        to: DEMO_MAILBOX.email,
        toName: DEMO_MAILBOX.senderName,
        subject: reply.outOfOffice ? `Out of office: ${answered.subject}` : `Re: ${answered.subject}`,
        date: at,
        messageId,
        answers: to.sent.map((s) => s.messageId),
        text,
        quoted: reply.outOfOffice ? undefined : { at: answered.sentAt, by: `${DEMO_MAILBOX.senderName} <${DEMO_MAILBOX.email}>`, text: answered.bodyText },
        auto: Boolean(reply.outOfOffice),
      });
      const result = await ingestAt(db, accountId, at, () => ingestMessage(db, { mailbox, folder: 'INBOX', role: 'inbox', raw, uid: null, now }));
      if (result.outcome !== 'stored') continue;
      made++;
      const threadId = result.threadId;
      let last = at;
      if (reply.answer) {
        const answerAt = new Date(Math.min(at.getTime() + reply.answer.afterHours * HOUR_MS, now.getTime() - 30 * 60_000));
        const answerRaw = rawReply({
          from: DEMO_MAILBOX.email,
          fromName: DEMO_MAILBOX.senderName,
          to: p.email,
          toName: p.full,
          subject: `Re: ${answered.subject}`,
          date: answerAt,
          messageId: `<demo-answer-${to.enrolmentId}@${DEMO_MAILBOX.domain}>`,
          answers: [...to.sent.map((s) => s.messageId), messageId],
          text: reply.answer.body(p),
          quoted: { at, by: `${fromName} <${from}>`, text },
        });
        await ingestAt(db, accountId, answerAt, () => ingestMessage(db, { mailbox, folder: 'Sent', role: 'sent', raw: answerRaw, uid: null, now }));
        last = answerAt;
      }
      // What ingestion leaves to the classifier and to the user: the status, and whether it was read or starred.
      const status = classifyByRules({ subject: reply.outOfOffice ? 'Out of office' : `Re: ${answered.subject}`, text, headers: reply.outOfOffice ? { 'auto-submitted': 'auto-replied' } : null, from }).status;
      await db
        .update(emailThreads)
        .set({ replyStatus: status, unread: reply.unread, starred: reply.starred, createdAt: at, updatedAt: last })
        .where(and(eq(emailThreads.accountId, accountId), eq(emailThreads.id, threadId)));
    }
    return made;
  }
}

/**
 * Runs one ingestion and dates what it wrote at `at` (the message's arrival) instead of the seeding
 * moment: its activities, the thread's messages' creation, the stopped enrolments and their cancelled
 * emails, the blacklist entry, and the pipeline card's moves.
 */
async function ingestAt<T>(db: Db, accountId: number, at: Date, run: () => Promise<T>): Promise<T> {
  const [before] = await db.select({ id: max(activities.id) }).from(activities).where(eq(activities.accountId, accountId));
  const [threadsBefore] = await db.select({ id: max(emailThreadMessages.id) }).from(emailThreadMessages).where(eq(emailThreadMessages.accountId, accountId));
  const [listBefore] = await db.select({ id: max(blacklistedEmails.id) }).from(blacklistedEmails).where(eq(blacklistedEmails.accountId, accountId));
  const [movesBefore] = await db.select({ id: max(pipelineMoves.id) }).from(pipelineMoves).where(eq(pipelineMoves.accountId, accountId));
  const result = await run();
  const written = await db
    .update(activities)
    .set({ occurredAt: at })
    .where(and(eq(activities.accountId, accountId), gt(activities.id, before?.id ?? 0), ne(activities.verb, 'reply_received')))
    .returning({ verb: activities.verb, payload: activities.payload });
  await db
    .update(emailThreadMessages)
    .set({ createdAt: at })
    .where(and(eq(emailThreadMessages.accountId, accountId), gt(emailThreadMessages.id, threadsBefore?.id ?? 0)));
  await db
    .update(blacklistedEmails)
    .set({ createdAt: at })
    .where(and(eq(blacklistedEmails.accountId, accountId), gt(blacklistedEmails.id, listBefore?.id ?? 0)));
  // The pipeline card the answer opened or moved: its history and its place in the column date from the answer too.
  const moved = await db
    .update(pipelineMoves)
    .set({ movedAt: at })
    .where(and(eq(pipelineMoves.accountId, accountId), gt(pipelineMoves.id, movesBefore?.id ?? 0)))
    .returning({ opportunityId: pipelineMoves.opportunityId, fromStatus: pipelineMoves.fromStatus });
  for (const m of moved) {
    await db
      .update(pipelineOpportunities)
      .set({ enteredAt: at, updatedAt: at, ...(m.fromStatus === null ? { createdAt: at } : {}) })
      .where(and(eq(pipelineOpportunities.accountId, accountId), eq(pipelineOpportunities.id, m.opportunityId)));
  }
  const stopped = written.filter((a) => a.verb === 'enrolment_stopped').map((a) => Number((a.payload as { enrolment_id?: unknown }).enrolment_id)).filter(Number.isFinite);
  if (stopped.length) {
    await db
      .update(campaignEnrolments)
      .set({ stoppedAt: at, updatedAt: at })
      .where(and(eq(campaignEnrolments.accountId, accountId), inArray(campaignEnrolments.id, stopped)));
    await db
      .update(campaignEmails)
      .set({ updatedAt: at })
      .where(and(eq(campaignEmails.accountId, accountId), inArray(campaignEmails.enrolmentId, stopped), eq(campaignEmails.status, 'cancelled')));
  }
  return result;
}
