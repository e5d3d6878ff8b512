import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { campaignEmails, campaignEnrolments, campaigns, campaignSteps, personas, prospects, userEmails, type UserEmailRow } from '../../db/schema';
import type { TestApp } from '../../testing/harness';

/**
 * Vitest-side helpers of the inbox tests: an account's campaign with one prospect whose step 1 went out
 * (written straight into the tables, as the outbox leaves them) and fixture messages filled in.
 */

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
let seq = 0;

export type SentEmail = {
  prospectEmail: string;
  prospectId: number;
  enrolmentId: number;
  campaignId: number;
  step1: typeof campaignEmails.$inferSelect;
  step2: typeof campaignEmails.$inferSelect;
};

/** A mailbox row of the account (no server behind it: ingestion needs none). */
export async function seedMailbox(t: TestApp, accountId: number, email = `ada${++seq}@good.example`): Promise<UserEmailRow> {
  const [row] = await t.db.db
    .insert(userEmails)
    .values({
      accountId,
      email,
      domain: email.split('@')[1]!,
      senderName: 'Ada Agent',
      smtpHost: '127.0.0.1',
      smtpPort: 2525,
      smtpSecurity: 'none',
      smtpUsername: email,
      imapHost: '127.0.0.1',
      imapPort: 1143,
      imapSecurity: 'none',
      imapUsername: email,
      dailyLimit: 40,
      hourlyLimit: 10,
      minGapSeconds: 60,
    })
    .returning();
  return row!;
}

/** A running campaign's enrolment whose step 1 was sent from `mailbox` (step 2 scheduled). */
export async function seedSentEmail(t: TestApp, accountId: number, mailbox: Pick<UserEmailRow, 'id' | 'email'>, sentAt = new Date('2026-11-23T09:00:00Z')): Promise<SentEmail> {
  const tag = `${++seq}x${Date.now().toString(36)}`;
  const db = t.db.db;
  const prospectEmail = `pat.${tag}@prospect-${tag}.example`;
  const [persona] = await db.insert(personas).values({ accountId, name: `Inbox persona ${tag}` }).returning();
  const [prospect] = await db.insert(prospects).values({ accountId, source: 'import', fullName: `Pat Lee ${tag}`, email: prospectEmail }).returning();
  const [campaign] = await db.insert(campaigns).values({ accountId, name: `Inbox campaign ${tag}`, personaId: persona!.id, mode: 'autonomous', status: 'running' }).returning();
  const steps = await db
    .insert(campaignSteps)
    .values([
      { accountId, campaignId: campaign!.id, position: 1, delayDays: 0 },
      { accountId, campaignId: campaign!.id, position: 2, delayDays: 3 },
    ])
    .returning();
  const [enrolment] = await db
    .insert(campaignEnrolments)
    .values({ accountId, campaignId: campaign!.id, prospectId: prospect!.id, email: prospectEmail, userEmailId: mailbox.id, exclusive: false })
    .returning();
  const domain = mailbox.email.split('@')[1];
  const first = `<step1-${tag}@${domain}>`;
  const common = { accountId, campaignId: campaign!.id, enrolmentId: enrolment!.id, prospectId: prospect!.id, userEmailId: mailbox.id, toEmail: prospectEmail };
  const [step1] = await db
    .insert(campaignEmails)
    .values({ ...common, stepId: steps[0]!.id, stepPosition: 1, subject: `Quick question ${tag}`, bodyHtml: '<p>Hello Pat</p>', bodyText: 'Hello Pat', messageId: first, status: 'sent', sentAt, dueAt: sentAt })
    .returning();
  const [step2] = await db
    .insert(campaignEmails)
    .values({
      ...common,
      stepId: steps[1]!.id,
      stepPosition: 2,
      delayDays: 3,
      subject: `Re: Quick question ${tag}`,
      bodyHtml: '<p>Following up</p>',
      bodyText: 'Following up',
      messageId: `<step2-${tag}@${domain}>`,
      inReplyTo: first,
      references: first,
      status: 'scheduled',
      dueAt: new Date(sentAt.getTime() + 3 * 86_400_000),
    })
    .returning();
  return { prospectEmail, prospectId: prospect!.id, enrolmentId: enrolment!.id, campaignId: campaign!.id, step1: step1!, step2: step2! };
}

/** A fixture message with its placeholders filled in; a fresh Message-ID unless given. */
export function fixture(name: string, values: { to: string; original: string; mailbox: string; subject: string; messageId?: string }): string {
  const messageId = values.messageId ?? `<${name.replace(/\W/g, '')}-${++seq}-${Date.now().toString(36)}@mail.example>`;
  return fs
    .readFileSync(path.join(FIXTURES, name), 'utf8')
    .replaceAll('{{TODOMAIN}}', values.to.split('@')[1]!)
    .replaceAll('{{TO}}', values.to)
    .replaceAll('{{ORIGINAL}}', values.original)
    .replaceAll('{{MAILBOX}}', values.mailbox)
    .replaceAll('{{SUBJECT}}', values.subject)
    .replaceAll('{{MSGID}}', messageId)
    .replace(/\r?\n/g, '\r\n');
}

export const enrolmentOf = async (t: TestApp, accountId: number, id: number) =>
  (await t.db.db.select().from(campaignEnrolments).where(and(eq(campaignEnrolments.accountId, accountId), eq(campaignEnrolments.id, id))))[0]!;
export const campaignEmailOf = async (t: TestApp, accountId: number, id: number) =>
  (await t.db.db.select().from(campaignEmails).where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.id, id))))[0]!;
