import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign, SkippedProspectsResponse, VirtualEmployee } from '@shared/schemas/campaigns';
import { SUPPRESSION_REASONS } from '@shared/schemas/blacklist';
import { activities, blacklistedEmails, campaignEnrolments, personaProspects, pipelineOpportunities, prospects } from '../../db/schema';
import { DB_KINDS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type TestApp } from '../../testing/harness';
import { threadOf } from '../inbox/ownership.test-helpers';
import { mailboxOf } from '../mailboxes/ownership.test-helpers';
import { accountIdOf } from '../messaging/ownership.test-helpers';
import { seedProspects } from '../prospects/ownership.test-helpers';
import { postJson } from './ownership.test-helpers';

/**
 * Issue 25: the blacklist means do-not-contact. A reply puts nobody on it; whoever answered as a person is in
 * conversation, and no campaign enrols them automatically (the campaign's skipped list says why); the user may
 * enrol them on purpose. The migration moves the old "replied" entries off the list and loses no protection.
 */

const MIGRATION = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle/0029_blacklist_do_not_contact.sql');

describe.each(DB_KINDS)('in conversation, not blacklisted, on %s', (kind) => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof signedInUser>>;
  let accountId: number;
  const get = async <T>(url: string) => {
    const res = await t.app.inject({ method: 'GET', url: v1(url), headers: a.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  const post = (url: string, payload: object = {}) => t.app.inject({ method: 'POST', url: v1(url), headers: a.headers, payload });
  const entryOf = async (email: string) => (await t.db.db.select().from(blacklistedEmails).where(and(eq(blacklistedEmails.accountId, accountId), eq(blacklistedEmails.email, email.toLowerCase()))))[0];
  /** A second campaign on the persona, started: enrolment runs (the job queue drained). */
  const secondCampaign = async (personaId: number, mailboxId: number, options: { allowOverlap?: boolean } = {}) => {
    const employee = await postJson<VirtualEmployee>(t, a, '/virtual_employees', { name: `Second Agent ${Date.now()}`, title: 'SDR', user_email_ids: [mailboxId] });
    const campaign = await postJson<Campaign>(t, a, '/campaigns', { name: `Second campaign ${Date.now()}`, person_id: personaId, virtual_employee_ids: [employee.id], mode: 'review', allow_overlap: options.allowOverlap ?? true });
    await postJson(t, a, `/campaigns/${campaign.id}/start`, {});
    await t.app.jobs.drain();
    return campaign;
  };
  const enrolledIn = async (campaignId: number) =>
    (await t.db.db.select({ prospectId: campaignEnrolments.prospectId }).from(campaignEnrolments).where(and(eq(campaignEnrolments.accountId, accountId), eq(campaignEnrolments.campaignId, campaignId)))).map((r) => r.prospectId).sort((x, y) => x - y);

  beforeAll(async () => {
    t = await startTestApp(kind);
    a = await signedInUser(t, 'in-conversation');
    accountId = await accountIdOf(t, a);
  });
  afterAll(() => t.close());

  it('a reply puts nobody on the blacklist: the prospect is in conversation, skipped by the next campaign with the reason, and can be enrolled on purpose', async () => {
    const mailbox = await mailboxOf(t, a);
    const repliedAt = new Date(Date.UTC(2026, 10, 3, 9, 30));
    const fixture = await threadOf(t, a, { mailbox, reply: 'Interesting, tell me more about the pricing.', repliedAt });
    const email = fixture.prospect.email!;
    // Nothing on the do-not-contact list; the sequence stopped all the same.
    expect(await entryOf(email)).toBeUndefined();
    const [first] = await t.db.db.select().from(campaignEnrolments).where(and(eq(campaignEnrolments.accountId, accountId), eq(campaignEnrolments.campaignId, fixture.campaign.id)));
    expect(first).toMatchObject({ status: 'stopped', stopReason: 'The prospect replied' });
    const [p] = await t.db.db.select().from(prospects).where(eq(prospects.id, fixture.prospect.id));
    expect(p!.inConversationSince?.toISOString()).toBe(repliedAt.toISOString());
    // The prospect's own read says so.
    const shown = await get<{ data: Array<{ id: number; in_conversation_since?: string | null }> }>(`/persons/${fixture.persona.id}/loaded_prospects`);
    expect(shown.data.find((x) => x.id === fixture.prospect.id)?.in_conversation_since).toBe(repliedAt.toISOString());

    // A colleague joins the persona; a second campaign enrols only them.
    const [colleague] = await seedProspects(t, accountId, [{ fullName: 'Robin Colleague', email: `robin-${Date.now()}@colleague.example`, company: 'Colleague Co' }]);
    await t.db.db.insert(personaProspects).values({ accountId, personaId: fixture.persona.id, prospectId: colleague!.id });
    const second = await secondCampaign(fixture.persona.id, mailbox.id);
    expect(await enrolledIn(second.id)).toEqual([colleague!.id]);
    const [enrolled] = await t.db.db.select().from(activities).where(and(eq(activities.accountId, accountId), eq(activities.verb, 'campaign_prospects_enrolled'), sql`${activities.payload}->>'campaign_id' = ${String(second.id)}`));
    expect(enrolled!.payload).toMatchObject({ enrolled: 1, in_conversation: 1 });
    const skipped = await get<SkippedProspectsResponse>(`/campaigns/${second.id}/skipped_prospects`);
    expect(skipped.meta.total).toBe(1);
    expect(skipped.data).toEqual([
      expect.objectContaining({ prospect_id: fixture.prospect.id, reason: 'in_conversation', detail: 'In conversation since Nov 3, 2026', since: repliedAt.toISOString(), can_enrol: true }),
    ]);

    // Enrolled on purpose: once, and then no longer skipped.
    const onPurpose = await post(`/campaigns/${second.id}/enrolments`, { prospect_id: fixture.prospect.id });
    expect(onPurpose.statusCode, onPurpose.body).toBe(200);
    expect(onPurpose.json().data).toMatchObject({ prospect_id: fixture.prospect.id });
    expect(await enrolledIn(second.id)).toEqual([fixture.prospect.id, colleague!.id].sort((x, y) => x - y));
    expect((await post(`/campaigns/${second.id}/enrolments`, { prospect_id: fixture.prospect.id })).statusCode).toBe(409);
    expect((await get<SkippedProspectsResponse>(`/campaigns/${second.id}/skipped_prospects`)).data).toEqual([]);
    // Bad input is the client's mistake, never a 500.
    expect((await post(`/campaigns/${second.id}/enrolments`, { prospect_id: 'x' })).statusCode).toBe(422);
    expect((await post(`/campaigns/${second.id}/enrolments`, { prospect_id: 2147483647 })).statusCode).toBe(404);
  });

  it('a reply that asks to stop is do-not-contact: blacklisted as unsubscribed, skipped as such, never enrolled on purpose', async () => {
    const mailbox = await mailboxOf(t, a);
    const fixture = await threadOf(t, a, { mailbox, reply: 'Please remove me from your mailing list and do not contact me again.' });
    const email = fixture.prospect.email!;
    expect((await entryOf(email))?.reason).toBe('unsubscribed');
    const second = await secondCampaign(fixture.persona.id, mailbox.id);
    expect(await enrolledIn(second.id)).toEqual([]);
    const skipped = await get<SkippedProspectsResponse>(`/campaigns/${second.id}/skipped_prospects`);
    expect(skipped.data).toEqual([expect.objectContaining({ prospect_id: fixture.prospect.id, reason: 'do_not_contact', detail: 'On the blacklist: Unsubscribed', can_enrol: false })]);
    const refused = await post(`/campaigns/${second.id}/enrolments`, { prospect_id: fixture.prospect.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('blacklist');
  });

  it('the migration moves the "replied" entries off the list and keeps every address protected from automatic outreach', async () => {
    const statements = fs
      .readFileSync(MIGRATION, 'utf8')
      .split('--> statement-breakpoint')
      .map((s) => s.replace(/^--.*$/gm, '').trim())
      .filter(Boolean);
    const dropChecks = statements.filter((s) => /DROP CONSTRAINT/.test(s));
    const addChecks = statements.filter((s) => /ADD CONSTRAINT/.test(s));
    const data = statements.filter((s) => !/CONSTRAINT|ADD COLUMN/.test(s));
    expect([dropChecks.length, addChecks.length, data.length]).toEqual([2, 2, 4]);
    // Before the migration: the list as the product wrote it then (a reply → "replied").
    for (const s of dropChecks) await t.db.db.execute(sql.raw(s));
    const mailbox = await mailboxOf(t, a);
    const emailReply = await threadOf(t, a, { mailbox, reply: 'Sounds good, send me the details.', repliedAt: new Date(Date.UTC(2026, 9, 1, 12)) });
    const alsoUnsubscribed = await threadOf(t, a, { mailbox, reply: 'Sounds good, send me the details.', repliedAt: new Date(Date.UTC(2026, 9, 2, 12)) });
    const persona = emailReply.persona.id;
    const stamp = Date.now();
    const seeded = [
      { fullName: 'Lin Kedin', email: `lin-${stamp}@answered.example`, company: 'Answered' },
      { fullName: 'Bare Entry', email: `bare-${stamp}@answered.example`, company: 'Answered' },
      { fullName: 'Hand Listed', email: `hand-${stamp}@listed.example`, company: 'Listed' },
    ];
    const [linkedinAnswer, bare, manual] = (await seedProspects(t, accountId, seeded)).map((p, i) => ({ ...p, email: seeded[i]!.email }));
    const people = [alsoUnsubscribed.prospect, linkedinAnswer!, bare!, manual!];
    await t.db.db.insert(personaProspects).values(people.map((p) => ({ accountId, personaId: persona, prospectId: p.id })));
    const old = (email: string, reason: string, at: Date) => t.db.db.execute(sql`insert into blacklisted_emails (account_id, email, reason, created_at) values (${accountId}, ${email.toLowerCase()}, ${reason}, ${at.toISOString()}::timestamptz) on conflict do nothing`);
    await old(emailReply.prospect.email!, 'replied', new Date(Date.UTC(2026, 9, 1, 12)));
    await old(alsoUnsubscribed.prospect.email!, 'replied', new Date(Date.UTC(2026, 9, 2, 12)));
    await old(linkedinAnswer!.email!, 'replied', new Date(Date.UTC(2026, 9, 3, 12)));
    await old(bare!.email!, 'replied', new Date(Date.UTC(2026, 9, 4, 12)));
    await old(manual!.email!, 'manual', new Date(Date.UTC(2026, 9, 5, 12)));
    // The second one later clicked the unsubscribe link (the entry kept its first reason); the LinkedIn answer opened a card.
    await t.db.db.insert(activities).values({ accountId, actorType: 'system', verb: 'email_unsubscribed', channel: 'email', prospectId: alsoUnsubscribed.prospect.id, payload: { email: alsoUnsubscribed.prospect.email } });
    await t.db.db.insert(pipelineOpportunities).values({ accountId, prospectId: linkedinAnswer!.id, status: 'new_reply', createdAt: new Date(Date.UTC(2026, 9, 3, 11)) });
    // Before the mark existed: nobody was "in conversation", the list did the protecting.
    await t.db.db.update(prospects).set({ inConversationSince: null }).where(eq(prospects.accountId, accountId));
    const everyone = [emailReply.prospect, ...people].map((p) => p.id).sort((x, y) => x - y);
    const before = await secondCampaign(persona, mailbox.id);
    const enrolledBefore = await enrolledIn(before.id);
    expect(enrolledBefore).toEqual([]);

    for (const s of data) await t.db.db.execute(sql.raw(s));
    for (const s of addChecks) await t.db.db.execute(sql.raw(s));

    // After: only do-not-contact reasons, and the same people protected from automatic outreach.
    const list = await t.db.db.select({ email: blacklistedEmails.email, reason: blacklistedEmails.reason }).from(blacklistedEmails).where(eq(blacklistedEmails.accountId, accountId));
    for (const e of list) expect(SUPPRESSION_REASONS).toContain(e.reason);
    const reasonOf = (email: string) => list.find((e) => e.email === email.toLowerCase())?.reason;
    expect([reasonOf(emailReply.prospect.email!), reasonOf(alsoUnsubscribed.prospect.email!), reasonOf(linkedinAnswer!.email!), reasonOf(bare!.email!), reasonOf(manual!.email!)]).toEqual([
      undefined,
      'unsubscribed',
      undefined,
      undefined,
      'manual',
    ]);
    const since = async (id: number) => (await t.db.db.select({ at: prospects.inConversationSince }).from(prospects).where(eq(prospects.id, id)))[0]!.at?.toISOString() ?? null;
    expect([await since(emailReply.prospect.id), await since(linkedinAnswer!.id), await since(bare!.id), await since(manual!.id)]).toEqual([
      new Date(Date.UTC(2026, 9, 1, 12)).toISOString(),
      new Date(Date.UTC(2026, 9, 3, 11)).toISOString(),
      new Date(Date.UTC(2026, 9, 4, 12)).toISOString(),
      null,
    ]);
    const after = await secondCampaign(persona, mailbox.id);
    expect(await enrolledIn(after.id)).toEqual(enrolledBefore);
    const skipped = await get<SkippedProspectsResponse>(`/campaigns/${after.id}/skipped_prospects?per_page=100`);
    expect(skipped.data.map((s) => s.prospect_id).sort((x, y) => x - y)).toEqual(everyone);
    expect(Object.fromEntries(skipped.data.map((s) => [s.prospect_id, s.reason]))).toEqual({
      [emailReply.prospect.id]: 'in_conversation',
      [alsoUnsubscribed.prospect.id]: 'do_not_contact',
      [linkedinAnswer!.id]: 'in_conversation',
      [bare!.id]: 'in_conversation',
      [manual!.id]: 'do_not_contact',
    });
  });
});
