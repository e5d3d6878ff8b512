import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign, VirtualEmployee } from '@shared/schemas/campaigns';
import type { SendingCapacity } from '@shared/schemas/user-emails';
import { accounts, autoCommunicationSettings, campaignEmails, personaProspects, personas, userEmails } from '../../db/schema';
import { inAccount } from '../../db/tenancy';
import { imapConnector } from '../../lib/mail/imap';
import { smtpConnector } from '../../lib/mail/smtp';
import type { Deps } from '../../lib/route';
import { DB_KINDS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type TestApp } from '../../testing/harness';
import { connectLoopbackMailbox } from '../../testing/loopback-mailbox';
import { startHoodiecrow, startRecordingSmtpServer, TEST_CERT } from '../../testing/mail-servers';
import { isSuppressed } from '../blacklist/suppression';
import { accountIdOf } from '../messaging/ownership.test-helpers';
import { seedProspects } from '../prospects/ownership.test-helpers';
import { OBJECT_SENTENCE, UNSUBSCRIBE_LINE } from '../sending/footer';
import { postJson } from './ownership.test-helpers';
import { runSendTick } from './send-job';

const ALLOW = ['localhost', '127.0.0.1'];
const mailOptions = { allowHosts: ALLOW, tls: { ca: TEST_CERT.cert } };

/**
 * The compliance footer at send time (issue 11), read from the message a real SMTP server on loopback
 * received, and the capacity of one campaign's mailboxes (GET user_emails/capacity?campaign_id=).
 */
describe.each(DB_KINDS)('the compliance footer and campaign capacity (%s)', (kind) => {
  let t: TestApp;
  let smtpServer: Awaited<ReturnType<typeof startRecordingSmtpServer>>;
  let imapServer: Awaited<ReturnType<typeof startHoodiecrow>>;
  let u: Awaited<ReturnType<typeof signedInUser>>;
  let accountId: number;
  let employee: VirtualEmployee;
  let mailboxId: number;
  let seq = 0;

  beforeAll(async () => {
    smtpServer = await startRecordingSmtpServer({ security: 'starttls' });
    imapServer = await startHoodiecrow();
    t = await startTestApp(kind, { env: { GUARDED_FETCH_ALLOW_HOSTS: ALLOW.join(',') }, mail: { smtp: smtpConnector(mailOptions), imap: imapConnector(mailOptions) } });
    u = await signedInUser(t, 'footer');
    accountId = await accountIdOf(t, u);
    await t.db.db.update(accounts).set({ name: 'Northwind Analytics' }).where(eq(accounts.id, accountId));
    // Open all day, every day (UTC), so the real clock is inside the window.
    await t.db.db.insert(autoCommunicationSettings).values({
      accountId,
      timeZone: 'UTC',
      workingDays: [1, 2, 3, 4, 5, 6, 7],
      workStart: '00:00',
      workEnd: '23:59',
      dailyLimitEmail: 100,
      dailyLimitLinkedin: 20,
      dailyLimitPhone: 10,
      autoReply: false,
      mode: 'autonomous',
    });
    const mailbox = await connectLoopbackMailbox(t, u.headers, { smtp: smtpServer.port, imap: imapServer.port }, { hourly_limit: 40, min_gap_seconds: 0 });
    mailboxId = mailbox.id;
    employee = await postJson<VirtualEmployee>(t, u, '/virtual_employees', { name: 'Ada Agent', title: 'SDR', user_email_ids: [mailbox.id] });
  });
  afterAll(async () => {
    await t?.close();
    await smtpServer?.close();
    await imapServer?.close();
  });

  const deps = () => ({ db: t.db.db, config: t.config, jobs: t.app.jobs, mail: { smtp: smtpConnector(mailOptions), imap: imapConnector(mailOptions) } }) as unknown as Deps;
  const settings = (payload: object) => t.app.inject({ method: 'PUT', url: v1('/compliance_settings'), headers: u.headers, payload });

  /** Starts an autonomous campaign over one prospect from `source`, drains the queue, and answers the received step-1 message. */
  async function sendOne(source: 'extension' | 'import' | 'search' | 'manual') {
    const tag = `f${++seq}x${Date.now().toString(36)}`;
    const [persona] = await t.db.db.insert(personas).values({ accountId, name: `Persona ${tag}` }).returning();
    const email = `pat@${tag}.example`;
    const [prospect] = await seedProspects(t, accountId, [{ fullName: 'Pat Lee', firstName: 'Pat', company: 'Acme', title: 'Head of Sales', email, source }]);
    await t.db.db.insert(personaProspects).values({ accountId, personaId: persona!.id, prospectId: prospect!.id });
    const campaign = await postJson<Campaign>(t, u, '/campaigns', { name: `Campaign ${tag}`, person_id: persona!.id, virtual_employee_ids: [employee.id], mode: 'autonomous' });
    await postJson(t, u, `/campaigns/${campaign.id}/start`, {});
    // The queue drained, then one more tick: with skipped delays a composition's ask for a tick can land on
    // the key of a tick that already ran in the same second (see sending.test.ts).
    await t.app.jobs.drain({ skipDelays: true });
    await inAccount(accountId, null, () => runSendTick(deps(), accountId));
    // The approvals kicked the account's own tick job too: one of the two may hold a row in flight; let it finish.
    await t.app.jobs.drain();
    const got = smtpServer.received.filter((m) => m.to.includes(email));
    expect(got).toHaveLength(1);
    const [row] = await t.db.db
      .select()
      .from(campaignEmails)
      .where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.campaignId, campaign.id), eq(campaignEmails.stepPosition, 1)));
    return { email, row: row!, raw: got[0]!.raw, parsed: await simpleParser(got[0]!.raw), campaign };
  }

  const listUnsubscribeUrl = (raw: Buffer) => /^List-Unsubscribe: <(https?:\/\/[^>]+)>/m.exec(raw.toString('utf8').replace(/\r\n\s+/g, ' '))![1]!;

  it('is on by default: the unsubscribe link and the postal address in the text and HTML parts, never in the stored draft; the link unsubscribes', async () => {
    const before = (await t.app.inject({ method: 'GET', url: v1('/compliance_settings'), headers: u.headers })).json().data;
    expect(before).toEqual({ compliance_footer: true, postal_address: null, gdpr_notice: false, address_missing: true });
    const saved = await settings({ compliance_footer: true, postal_address: 'Northwind Analytics GmbH\n  Hauptstraße 5 \n10115 Berlin, Germany', gdpr_notice: false });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ address_missing: false, postal_address: 'Northwind Analytics GmbH\n  Hauptstraße 5 \n10115 Berlin, Germany' });

    const { email, row, raw, parsed } = await sendOne('import');
    const url = listUnsubscribeUrl(raw);
    const address = 'Northwind Analytics GmbH, Hauptstraße 5, 10115 Berlin, Germany';
    // Text part: the body as reviewed, then the footer with the same one-click URL as List-Unsubscribe.
    expect(parsed.text).toContain(row.bodyText.trim().split('\n')[0]!);
    expect(parsed.text).toContain(`${UNSUBSCRIBE_LINE} ${url}`);
    expect(parsed.text).toContain(address);
    expect(parsed.text).not.toContain('We found your business contact details');
    // HTML part: the same link (not rewritten), the address, plain paragraphs, no image.
    expect(parsed.html).toBeTruthy();
    const html = parsed.html as string;
    expect(html).toMatch(new RegExp(`Not interested\\? <a href="${url.replace(/[.?]/g, '\\$&')}"[^>]*>Unsubscribe with one click</a>`));
    expect(html).toContain(address);
    expect(html).not.toMatch(/<img|<script|style=/i);
    // The stored draft (what the user edits in the review queue) has no footer.
    expect(row.bodyText).not.toContain(UNSUBSCRIBE_LINE);
    expect(row.bodyHtml ?? '').not.toContain(UNSUBSCRIBE_LINE);

    // The footer's link is the working one-click link: POST → 200, the address suppressed.
    expect(await isSuppressed(t.db.db, accountId, email)).toBe(false);
    const post = await t.app.inject({
      method: 'POST',
      url: url.slice(new URL(url).origin.length),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode, post.body).toBe(200);
    expect(await isSuppressed(t.db.db, accountId, email)).toBe(true);
  });

  it('turned off: no footer in either part (List-Unsubscribe stays)', async () => {
    expect((await settings({ compliance_footer: false, postal_address: 'Hauptstraße 5, Berlin', gdpr_notice: true })).json().data).toMatchObject({ address_missing: false });
    const { raw, parsed } = await sendOne('extension');
    expect(parsed.text).not.toContain(UNSUBSCRIBE_LINE);
    expect(parsed.text).not.toContain('Hauptstraße 5');
    expect(parsed.text).not.toContain('We found your business contact details');
    expect(parsed.html).toBeTruthy();
    expect(parsed.html as string).not.toContain('Not interested?');
    expect(parsed.html as string).not.toContain('/unsubscribe?token=');
    expect(listUnsubscribeUrl(raw)).toMatch(/\/unsubscribe\?token=/);
  });

  it('without an address: the unsubscribe line still goes, and the settings flag the missing address', async () => {
    const res = await settings({ compliance_footer: true, postal_address: '   ', gdpr_notice: false });
    expect(res.json().data).toEqual({ compliance_footer: true, postal_address: null, gdpr_notice: false, address_missing: true });
    const { raw, parsed } = await sendOne('import');
    expect(parsed.text).toContain(`${UNSUBSCRIBE_LINE} ${listUnsubscribeUrl(raw)}`);
  });

  it.each([
    ['extension', 'We found your business contact details on your public LinkedIn profile.'],
    ['import', 'We found your business contact details in a list imported by Northwind Analytics.'],
    ['search', 'We found your business contact details in a business contact database.'],
  ] as const)('with the GDPR sentence on, a prospect from %s reads: %s', async (source, sentence) => {
    await settings({ compliance_footer: true, postal_address: 'Hauptstraße 5, Berlin', gdpr_notice: true });
    const { parsed } = await sendOne(source);
    expect(parsed.text).toContain(`${sentence} ${OBJECT_SENTENCE}`);
    expect(parsed.html as string).toContain(sentence);
  });

  it('refuses a malformed body with 422', async () => {
    for (const body of [{ compliance_footer: 'yes', gdpr_notice: false }, { compliance_footer: true, gdpr_notice: false, postal_address: 'x'.repeat(301) }, {}]) {
      const res = await settings(body);
      expect(res.statusCode, res.body).toBe(422);
    }
  });

  it('capacity?campaign_id= shows only the campaign’s mailboxes and their total; another account’s campaign is 404', async () => {
    // A second mailbox of the account that no virtual employee of the campaign uses.
    const [mine] = await t.db.db.select().from(userEmails).where(and(eq(userEmails.id, mailboxId), eq(userEmails.accountId, accountId)));
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = mine!;
    const [other] = await t.db.db.insert(userEmails).values({ ...copy, email: 'other@good.example', dailyLimit: 7 }).returning();
    const tag = `cap${Date.now().toString(36)}`;
    const [persona] = await t.db.db.insert(personas).values({ accountId, name: `Persona ${tag}` }).returning();
    const campaign = await postJson<Campaign>(t, u, '/campaigns', { name: `Campaign ${tag}`, person_id: persona!.id, virtual_employee_ids: [employee.id], mode: 'autonomous' });
    const capacity = async (query: string, headers = u.headers) => t.app.inject({ method: 'GET', url: v1(`/user_emails/capacity${query}`), headers });

    const all = (await capacity('')).json<{ data: SendingCapacity }>().data;
    expect(all.mailboxes.map((m) => m.user_email_id)).toEqual([mailboxId, other!.id]);
    const res = await capacity(`?campaign_id=${campaign.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const only = res.json<{ data: SendingCapacity }>().data;
    expect(only.mailboxes.map((m) => m.user_email_id)).toEqual([mailboxId]);
    expect(only.total.limit).toBe(Math.min(only.mailboxes[0]!.limit, 100));
    expect(only.total.sent).toBe(only.mailboxes[0]!.sent);
    expect(only.total.left).toBeLessThanOrEqual(only.mailboxes[0]!.left);

    const stranger = await signedInUser(t, 'footer-stranger');
    expect((await capacity(`?campaign_id=${campaign.id}`, stranger.headers)).statusCode).toBe(404);
    expect((await capacity('?campaign_id=2147483000')).statusCode).toBe(404);
    for (const bad of ['?campaign_id=abc', '?campaign_id=0', '?campaign_id=-3', '?campaign_id=99999999999', '?other=1']) {
      const r = await capacity(bad);
      expect(r.statusCode, `${bad}: ${r.body}`).toBeGreaterThanOrEqual(400);
      expect(r.statusCode).toBeLessThan(500);
    }
  });
});
