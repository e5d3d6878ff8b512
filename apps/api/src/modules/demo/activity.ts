import { randomUUID } from 'node:crypto';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { CONNECTION_STEP_LABELS } from '@shared/schemas/user-emails';
import type { Db } from '../../db/client';
import { DEMO_PERSONAS, DEMO_PROSPECTS } from './data';
import {
  activities,
  blacklistedEmails,
  campaignEmails,
  campaignEnrolments,
  campaigns,
  campaignSteps,
  campaignVirtualEmployees,
  personaProspects,
  personas,
  prospects,
  userEmails,
  virtualEmployeeMailboxes,
  virtualEmployeePersonas,
  virtualEmployees,
} from '../../db/schema';

/**
 * Six months of the demo account's outbound, in the engine's own tables, so the dashboard, the campaign
 * pages and the blacklist agree: a growing stream of imported prospects, a virtual employee whose demo
 * mailbox cannot send (paused), and one campaign in review mode whose outbox holds every email sent
 * over those months, the follow-ups still scheduled and the drafts waiting in review, with the activity
 * each step wrote. Only what a page can show: no LinkedIn, call, reply or meeting activity until those
 * features exist. Deterministic (a seeded generator; times relative to the seeding moment) and written
 * in a few multi-row inserts.
 */

export const DEMO_ACTIVITY_DAYS = 185;
export const DEMO_EXTRA_PROSPECTS = 240;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** mulberry32: a small deterministic generator. */
function generator(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Ethan', 'Sophia', 'Lucas', 'Mia', 'Mason', 'Isabella', 'Logan', 'Amelia', 'James', 'Harper', 'Daniel', 'Evelyn', 'Henry', 'Abigail', 'Owen', 'Chloe', 'Samuel', 'Nora', 'Caleb', 'Zoe', 'Isaac', 'Leah', 'Adrian', 'Maya', 'Julian', 'Ines', 'Tariq', 'Yuki', 'Ravi', 'Freya', 'Mateo'];
const LAST = ['Bennett', 'Carter', 'Hughes', 'Foster', 'Price', 'Sullivan', 'Reyes', 'Nguyen', 'Patel', 'Kim', 'Russo', 'Novak', 'Fischer', 'Larsen', 'Moreau', 'Silva', 'Okafor', 'Haddad', 'Kowalski', 'Tanaka', 'Murphy', 'Brooks', 'Jensen', 'Ortiz', 'Walsh', 'Gupta', 'Schmidt', 'Rossi', 'Cohen', 'Dubois', 'Ahmed', 'Lindgren'];
const TITLES = ['VP of Sales', 'Head of Sales', 'Chief Revenue Officer', 'Director of Sales', 'SVP Sales', 'VP Revenue Operations', 'Head of RevOps', 'Director of Sales Operations', 'Sales Operations Manager', 'VP Sales, EMEA'];
/** Invented companies (name, domain) the extra prospects work at. */
const COMPANIES: Array<[string, string]> = [
  ['Vantagepoint HR', 'vantagepointhr.com'], ['Corelight Labs', 'corelightlabs.io'], ['Ironbark Security', 'ironbarksec.com'], ['Mosaic Freight', 'mosaicfreight.com'],
  ['Pinecrest Payments', 'pinecrestpay.com'], ['Northgate Insurance Tech', 'northgateins.tech'], ['Helio Robotics', 'heliorobotics.ai'], ['Tidewater Analytics', 'tidewateranalytics.com'],
  ['Blueharbor Cloud', 'blueharbor.cloud'], ['Summitly', 'summitly.com'], ['Oakridge Lending', 'oakridgelending.com'], ['Cobalt Ledger', 'cobaltledger.io'],
  ['Fernway Logistics', 'fernway.co'], ['Quanta Billing', 'quantabilling.com'], ['Sparrow Health', 'sparrowhealth.io'], ['Latticeworks', 'latticeworks.dev'],
  ['Redwood Procure', 'redwoodprocure.com'], ['Beacon Payroll', 'beaconpayroll.com'], ['Kestrel Data', 'kestreldata.com'], ['Meridian Tax Cloud', 'meridiantax.cloud'],
  ['Atlas Fleet', 'atlasfleet.io'], ['Brightline Energy Software', 'brightline-energy.com'], ['Crescent Commerce', 'crescentcommerce.com'], ['Driftwood CX', 'driftwoodcx.com'],
  ['Evergreen Compliance', 'evergreencompliance.com'], ['Foxglove Learning', 'foxglovelearning.com'], ['Granite Treasury', 'granitetreasury.com'], ['Harborview Property Tech', 'harborviewpt.com'],
  ['Juniper Claims', 'juniperclaims.com'], ['Lumen Field Service', 'lumenfs.com'], ['Nimbus Contracts', 'nimbuscontracts.com'], ['Orchard POS', 'orchardpos.com'],
  ['Prairie Agritech', 'prairieagritech.com'], ['Quarry Build', 'quarrybuild.com'], ['Riverstone Wealth', 'riverstonewealth.com'], ['Saltmarsh Media', 'saltmarshmedia.com'],
  ['Trellis Hiring', 'trellishiring.com'], ['Upland Telematics', 'uplandtelematics.com'], ['Waypoint Travel Tech', 'waypointtravel.tech'], ['Zenith Expense', 'zenithexpense.com'],
];

const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export type DemoExtraProspect = {
  fullName: string;
  firstName: string;
  lastName: string;
  title: string;
  company: string;
  email: string | null;
  domain: string;
  companySize: number;
  linkedinUrl: string;
  createdAt: Date;
};

/** The extra (imported) prospects: more of them in recent weeks, as the account ramps up. */
export function demoExtraProspects(now: Date): DemoExtraProspect[] {
  const rnd = generator(20_260_101);
  return Array.from({ length: DEMO_EXTRA_PROSPECTS }, (_, i) => {
    const first = FIRST[Math.floor(rnd() * FIRST.length)]!;
    const last = LAST[Math.floor(rnd() * LAST.length)]!;
    const [company, domain] = COMPANIES[Math.floor(rnd() * COMPANIES.length)]!;
    const title = TITLES[Math.floor(rnd() * TITLES.length)]!;
    // Density rises towards today: more prospects added in recent weeks.
    const daysAgo = Math.floor(DEMO_ACTIVITY_DAYS * (1 - Math.sqrt(rnd())));
    const createdAt = new Date(now.getTime() - daysAgo * DAY_MS - Math.floor(rnd() * 8) * HOUR_MS);
    return {
      fullName: `${first} ${last}`,
      firstName: first,
      lastName: last,
      title,
      company,
      email: rnd() < 0.88 ? `${slug(first)}.${slug(last)}.${i + 1}@${domain}` : null,
      domain,
      companySize: 40 + ((domain.length * 37 + i * 11) % 460),
      linkedinUrl: `https://www.linkedin.com/in/${slug(first)}-${slug(last)}-${(i + 1).toString(36)}${domain.length}/`,
      createdAt,
    };
  });
}

/** The demo's sender: a virtual employee with one mailbox whose settings are clearly invented and that is paused, so it never sends. */
export const DEMO_EMPLOYEE = {
  name: 'Jamie Rivera',
  title: 'Sales Development Representative',
  signature: '<p>Jamie Rivera</p><p>Sales Development, Northwind Analytics</p>',
};
export const DEMO_MAILBOX_REASON = 'Demo mailbox: connect your own to send';
export const DEMO_MAILBOX = {
  email: 'jamie.rivera@northwind-analytics.example',
  domain: 'northwind-analytics.example',
  senderName: 'Jamie Rivera',
  smtpHost: 'smtp.northwind-analytics.example',
  smtpPort: 587,
  smtpSecurity: 'starttls' as const,
  smtpUsername: 'jamie.rivera@northwind-analytics.example',
  imapHost: 'imap.northwind-analytics.example',
  imapPort: 993,
  imapSecurity: 'tls' as const,
  imapUsername: 'jamie.rivera@northwind-analytics.example',
  dailyLimit: 40,
  hourlyLimit: 10,
  minGapSeconds: 180,
};
/** The demo campaign: review mode over the VP Sales persona, a first email and two follow-ups (3 and 7 days after). */
export const DEMO_CAMPAIGN = { name: 'VP Sales outreach', personaKey: 'vp-sales' as const, mode: 'review' as const, delays: [0, 3, 7] };
/** The response a hard bounce of the demo got (the loopback SMTP server's 5.1.1 wording). */
export const DEMO_BOUNCE_REPLY = '550 5.1.1 The email account that you tried to reach does not exist';

const SALES_TITLES = new Set(['VP of Sales', 'Head of Sales', 'Chief Revenue Officer', 'Director of Sales', 'SVP Sales', 'VP Sales, EMEA']);
/** The persona an extra prospect was imported into (by title). */
export const personaKeyOfTitle = (title: string): (typeof DEMO_PERSONAS)[number]['key'] => (SALES_TITLES.has(title) ? 'vp-sales' : 'revops');

export type DemoTarget = { createdAt: Date; email: string | null; firstName: string; company: string; personas: ReadonlyArray<(typeof DEMO_PERSONAS)[number]['key']>; extra: boolean };

export type DemoEmailPlan = {
  step: number;
  delayDays: number;
  status: 'draft' | 'scheduled' | 'sent' | 'failed' | 'cancelled';
  statusReason: string | null;
  subject: string;
  bodyHtml: string;
  bodyText: string;
  composedAt: Date;
  dueAt: Date | null;
  approvedAt: Date | null;
  sentAt: Date | null;
  attemptedAt: Date | null;
  attempts: number;
  updatedAt: Date;
};
export type DemoEnrolmentPlan = {
  targetIndex: number;
  email: string;
  enrolledAt: Date;
  status: 'active' | 'stopped' | 'finished';
  stopReason: string | null;
  stoppedAt: Date | null;
  updatedAt: Date;
  emails: DemoEmailPlan[];
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What the demo's sequence says (short, one idea, one question; the shape the built-in composer writes). */
export function demoEmailText(step: number, firstName: string, company: string): { subject: string; paragraphs: string[] } {
  const subject = `Quick question about ${company}`;
  const sign = ['Jamie Rivera', 'Sales Development, Northwind Analytics'];
  if (step === 1) {
    return {
      subject,
      paragraphs: [
        `Hi ${firstName},`,
        `${company} is growing its sales team, and that is usually when the forecast gets harder to trust. Northwind Pipeline Intelligence scores every open deal on real buyer engagement and flags the ones at risk a week before they stall.`,
        'Would a 20-minute call next week be useful?',
        ...sign,
      ],
    };
  }
  if (step === 2) {
    return {
      subject: `Re: ${subject}`,
      paragraphs: [`Hi ${firstName},`, `A short follow-up: Loopwise cut forecast misses from 22% to 6% in one quarter with a 9-person sales team. Worth a look for ${company}?`, ...sign],
    };
  }
  return {
    subject: `Re: ${subject}`,
    paragraphs: [`Hi ${firstName},`, `I will close the loop here. If pipeline reviews at ${company} ever run on gut feel, I am happy to show what a week's warning looks like.`, ...sign],
  };
}

/** 08:30 UTC of the first working day after `t`: when the demo user approves the drafts of the review queue. */
function nextApproval(t: Date): Date {
  let d = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate(), 8, 30));
  if (d <= t) d = new Date(d.getTime() + DAY_MS);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d = new Date(d.getTime() + DAY_MS);
  return d;
}

/** The first moment at or after `t` inside the sending window (weekdays 08:00–17:00 UTC). */
function inWindow(t: Date): Date {
  const hour = t.getUTCHours();
  if (t.getUTCDay() !== 0 && t.getUTCDay() !== 6 && hour >= 8 && hour < 17) return t;
  let d = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate(), 8, 0));
  if (hour >= 17 || d < t) d = new Date(d.getTime() + DAY_MS);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d = new Date(d.getTime() + DAY_MS);
  return d;
}

/** How many of the newest enrolments still wait in the review queue. */
const DEMO_UNREVIEWED = 3;

/** When the demo campaign was created and started: just before the oldest prospect. */
export const demoCampaignStart = (now: Date) => new Date(now.getTime() - (DEMO_ACTIVITY_DAYS + 1) * DAY_MS);

/**
 * The demo campaign's history, as the engine would have made it: each prospect of the persona with an
 * email is enrolled when added, its three emails composed as drafts, approved the next working morning,
 * step 1 sent that day and each follow-up its delay after the step before (inside the window). Two
 * first emails bounced (the address suppressed, the sequence stopped). Nothing after `now` is sent:
 * what is approved waits scheduled (the campaign is paused), what is not waits in review.
 */
export function demoCampaignPlan(targets: DemoTarget[], now: Date): DemoEnrolmentPlan[] {
  const rnd = generator(7_041_977);
  const start = demoCampaignStart(now);
  const plans: DemoEnrolmentPlan[] = [];
  let oldExtraSends = 0;
  const enrolledAtOf = (t: DemoTarget) => new Date(Math.max(t.createdAt.getTime(), start.getTime()) + 2 * 60_000);
  // The demo user has not reviewed the newest enrolments yet, whatever the hour: the review queue is never
  // empty (with approvals alone, a seed between a morning's approval and the next new prospect had none).
  const eligible = targets.filter((t) => t.email && t.personas.includes(DEMO_CAMPAIGN.personaKey));
  const newest = eligible.map((t) => enrolledAtOf(t).getTime()).sort((a, b) => b - a);
  const reviewFrom = newest[Math.min(DEMO_UNREVIEWED, newest.length) - 1] ?? Infinity;
  targets.forEach((t, targetIndex) => {
    if (!t.email || !t.personas.includes(DEMO_CAMPAIGN.personaKey)) return;
    const enrolledAt = enrolledAtOf(t);
    const composedAt = new Date(enrolledAt.getTime() + 60_000);
    const approval = nextApproval(composedAt);
    const approved = approval <= now && enrolledAt.getTime() < reviewFrom;
    const emails: DemoEmailPlan[] = [];
    let previousSent: Date | null = null;
    let waiting = !approved;
    DEMO_CAMPAIGN.delays.forEach((delayDays, i) => {
      const step = i + 1;
      const { subject, paragraphs } = demoEmailText(step, t.firstName, t.company);
      const email: DemoEmailPlan = {
        step,
        delayDays,
        status: 'draft',
        statusReason: null,
        subject,
        bodyHtml: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join(''),
        bodyText: paragraphs.join('\n\n'),
        composedAt,
        dueAt: step === 1 ? composedAt : null,
        approvedAt: approved ? approval : null,
        sentAt: null,
        attemptedAt: null,
        attempts: 0,
        updatedAt: approved ? approval : composedAt,
      };
      const jitter = Math.floor(rnd() * 90) * 60_000;
      if (!waiting) {
        const due = step === 1 ? approval : new Date(previousSent!.getTime() + delayDays * DAY_MS);
        const sendAt = new Date((step === 1 ? new Date(approval.getTime() + 10 * 60_000 + Math.floor(rnd() * 300) * 60_000) : inWindow(due)).getTime() + (step === 1 ? 0 : jitter));
        email.dueAt = due;
        if (sendAt <= now) {
          Object.assign(email, { status: 'sent', sentAt: sendAt, attemptedAt: sendAt, attempts: 1, updatedAt: sendAt });
          previousSent = sendAt;
        } else {
          email.status = 'scheduled';
          waiting = true;
        }
      } else if (approved) {
        email.status = 'scheduled';
      }
      emails.push(email);
    });
    let status: DemoEnrolmentPlan['status'] = emails.every((e) => e.status === 'sent') ? 'finished' : 'active';
    let stopReason: string | null = null;
    let stoppedAt: Date | null = null;
    const first = emails[0]!;
    // Two first emails to invented addresses bounced: the 3rd and the 12th extra prospect sent to over two weeks ago.
    if (t.extra && first.status === 'sent' && first.sentAt!.getTime() < now.getTime() - 14 * DAY_MS && [3, 12].includes(++oldExtraSends)) {
      const at = first.sentAt!;
      Object.assign(first, { status: 'failed', statusReason: `The address does not exist: ${DEMO_BOUNCE_REPLY}`, sentAt: null });
      for (const e of emails.slice(1)) Object.assign(e, { status: 'cancelled', statusReason: 'hard_bounce', dueAt: null, sentAt: null, attemptedAt: null, attempts: 0, updatedAt: at });
      status = 'stopped';
      stopReason = 'hard_bounce';
      stoppedAt = at;
    }
    const updatedAt = new Date(Math.max(...emails.map((e) => e.updatedAt.getTime()), enrolledAt.getTime()));
    plans.push({ targetIndex, email: t.email.trim().toLowerCase(), enrolledAt, status, stopReason, stoppedAt, updatedAt, emails });
  });
  return plans;
}

const CHUNK = 1000;
/** Outreach the old demo seed invented and no page can show; removed from a demo account seeded before the campaign existed. */
const INVENTED_VERBS = ['linkedin_invitation_sent', 'linkedin_connection_accepted', 'linkedin_message_sent', 'call_made', 'reply_received', 'meeting_booked'];

type ActivityInsert = typeof activities.$inferInsert;

/**
 * Writes the demo account's extra prospects and its campaign (sender, mailbox, enrolments, outbox rows,
 * suppressed bounces) with the activity log the engine would have written for each step, once: does
 * nothing when the account has the demo campaign already. A demo account seeded before the campaign
 * existed loses its invented LinkedIn, call, reply and meeting activity (and email_sent rows of no
 * campaign) and gets the campaign.
 */
export async function seedDemoActivity(db: Db, accountId: number, userId: number, now: Date): Promise<boolean> {
  const [existing] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.accountId, accountId), eq(campaigns.name, DEMO_CAMPAIGN.name)))
    .limit(1);
  if (existing) return false;
  await db
    .delete(activities)
    .where(and(eq(activities.accountId, accountId), or(inArray(activities.verb, INVENTED_VERBS), and(eq(activities.verb, 'email_sent'), sql`${activities.payload}->>'campaign_id' is null`))));

  const personaRows = await db.select({ id: personas.id, name: personas.name }).from(personas).where(eq(personas.accountId, accountId));
  const personaIdOf = (key: string) => personaRows.find((r) => r.name === DEMO_PERSONAS.find((p) => p.key === key)?.name)?.id ?? null;
  const campaignPersonaId = personaIdOf(DEMO_CAMPAIGN.personaKey);
  if (campaignPersonaId === null) return false;

  const known = await db
    .select({ id: prospects.id, linkedinUrl: prospects.linkedinUrl, createdAt: prospects.createdAt })
    .from(prospects)
    .where(and(eq(prospects.accountId, accountId), inArray(prospects.linkedinUrl, DEMO_PROSPECTS.map((p) => `https://www.linkedin.com/in/${p.slug}/`))));

  const extra = demoExtraProspects(now);
  const inserted = await db
    .insert(prospects)
    .values(
      extra.map((p) => ({
        accountId,
        linkedinUrl: p.linkedinUrl,
        email: p.email,
        fullName: p.fullName,
        firstName: p.firstName,
        lastName: p.lastName,
        title: p.title,
        headline: `${p.title} at ${p.company}`,
        company: p.company,
        source: 'import' as const,
        // What an import from a data provider carries: enough for the persona pages' columns, not enough to match the saved searches.
        companyDomain: p.domain,
        companySize: p.companySize,
        industry: 'Computer Software',
        country: 'United States',
        department: /operations|ops/i.test(p.title) ? 'Operations' : 'Sales',
        createdAt: p.createdAt,
        updatedAt: p.createdAt,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: prospects.id, linkedinUrl: prospects.linkedinUrl });
  const newlyAdded = new Set(inserted.map((r) => r.linkedinUrl));
  const extraRows = await db
    .select({ id: prospects.id, linkedinUrl: prospects.linkedinUrl, createdAt: prospects.createdAt, email: prospects.email })
    .from(prospects)
    .where(and(eq(prospects.accountId, accountId), inArray(prospects.linkedinUrl, extra.map((p) => p.linkedinUrl))));
  const extraIds = new Map(extraRows.map((r) => [r.linkedinUrl, r]));

  type Target = DemoTarget & { prospectId: number; personaId: number | null; addedNow: boolean; source: 'extension' | 'import' };
  const targets: Target[] = [];
  for (const p of DEMO_PROSPECTS) {
    const row = known.find((k) => k.linkedinUrl === `https://www.linkedin.com/in/${p.slug}/`);
    if (!row) continue;
    targets.push({ createdAt: row.createdAt, email: p.email, firstName: p.first, company: p.company, personas: p.personas, extra: false, prospectId: row.id, personaId: personaIdOf(p.personas[0]!), addedNow: true, source: p.source });
  }
  for (const p of extra) {
    const row = extraIds.get(p.linkedinUrl);
    if (!row) continue;
    const key = personaKeyOfTitle(p.title);
    // Another account's prospect at that URL (onConflict) is not ours: its address is what this account stored.
    targets.push({ createdAt: row.createdAt, email: row.email, firstName: p.firstName, company: p.company, personas: [key], extra: true, prospectId: row.id, personaId: personaIdOf(key), addedNow: newlyAdded.has(p.linkedinUrl), source: 'import' });
  }
  const memberships = targets.filter((t) => t.extra && t.personaId !== null).map((t) => ({ accountId, personaId: t.personaId!, prospectId: t.prospectId }));
  for (let i = 0; i < memberships.length; i += CHUNK) await db.insert(personaProspects).values(memberships.slice(i, i + CHUNK)).onConflictDoNothing();

  const log: ActivityInsert[] = [];
  const act = (a: Omit<ActivityInsert, 'accountId'>) => log.push({ accountId, ...a });
  for (const t of targets) {
    if (t.extra && t.addedNow) act({ actorType: 'user', actorId: userId, verb: 'prospect_added', channel: null, prospectId: t.prospectId, personaId: t.personaId, payload: { source: t.source }, occurredAt: t.createdAt });
  }

  // The sender: mailbox (paused, no credentials: it cannot send), virtual employee, campaign and its steps.
  const setupAt = demoCampaignStart(now);
  const minutes = (n: number) => new Date(setupAt.getTime() - 60 * 60_000 + n * 60_000);
  const lastTest = {
    ok: false,
    failed_step: 'smtp_connect',
    steps: [
      { step: 'smtp_connect', label: 'SMTP: connect', status: 'failed', message: `${DEMO_MAILBOX_REASON}: ${DEMO_MAILBOX.smtpHost} is an invented host`, server_reply: null },
      ...(['smtp_tls', 'smtp_auth', 'imap_connect', 'imap_tls', 'imap_login', 'imap_folders', 'imap_sent_folder'] as const).map((step) => ({
        step,
        label: CONNECTION_STEP_LABELS[step],
        status: 'skipped',
        message: 'Not tried: an earlier step failed',
        server_reply: null,
      })),
    ],
    tested_at: now.toISOString(),
  };
  const [mailbox] = await db
    .insert(userEmails)
    .values({ accountId, ...DEMO_MAILBOX, status: 'paused', statusReason: DEMO_MAILBOX_REASON, lastTest, createdAt: minutes(0), updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: userEmails.id });
  if (!mailbox) return false;
  const [employee] = await db
    .insert(virtualEmployees)
    .values({ accountId, ...DEMO_EMPLOYEE, createdAt: minutes(5), updatedAt: minutes(5) })
    .returning({ id: virtualEmployees.id });
  await db.insert(virtualEmployeeMailboxes).values({ accountId, virtualEmployeeId: employee!.id, userEmailId: mailbox.id });
  await db.insert(virtualEmployeePersonas).values({ accountId, virtualEmployeeId: employee!.id, personaId: campaignPersonaId });
  const [campaign] = await db
    .insert(campaigns)
    .values({
      accountId,
      name: DEMO_CAMPAIGN.name,
      personaId: campaignPersonaId,
      mode: DEMO_CAMPAIGN.mode,
      status: 'paused',
      createdBy: userId,
      startedAt: minutes(15),
      pausedAt: now,
      createdAt: minutes(10),
      updatedAt: now,
    })
    .returning({ id: campaigns.id });
  const campaignId = campaign!.id;
  await db.insert(campaignVirtualEmployees).values({ accountId, campaignId, virtualEmployeeId: employee!.id });
  const steps = await db
    .insert(campaignSteps)
    .values(DEMO_CAMPAIGN.delays.map((delayDays, i) => ({ accountId, campaignId, position: i + 1, channel: 'email' as const, delayDays, createdAt: minutes(10) })))
    .returning({ id: campaignSteps.id, position: campaignSteps.position });
  const stepId = (position: number) => steps.find((s) => s.position === position)!.id;
  const veActor = { actorType: 'virtual_employee' as const, actorId: employee!.id };
  act({ actorType: 'user', actorId: userId, verb: 'mailbox_connected', channel: 'email', payload: { user_email_id: mailbox.id, email: DEMO_MAILBOX.email }, occurredAt: minutes(0) });
  act({ actorType: 'user', actorId: userId, verb: 'virtual_employee_created', payload: { virtual_employee_id: employee!.id, name: DEMO_EMPLOYEE.name }, occurredAt: minutes(5) });
  act({ actorType: 'user', actorId: userId, verb: 'campaign_created', personaId: campaignPersonaId, payload: { campaign_id: campaignId, name: DEMO_CAMPAIGN.name, mode: DEMO_CAMPAIGN.mode }, occurredAt: minutes(10) });
  act({ actorType: 'user', actorId: userId, verb: 'campaign_started', personaId: campaignPersonaId, payload: { campaign_id: campaignId }, occurredAt: minutes(15) });

  // Enrolments, then their outbox rows (Message-IDs on the mailbox's domain, follow-ups threaded onto step 1).
  const plan = demoCampaignPlan(targets, now);
  const enrolmentIds: number[] = [];
  for (let i = 0; i < plan.length; i += CHUNK) {
    const rows = await db
      .insert(campaignEnrolments)
      .values(
        plan.slice(i, i + CHUNK).map((e) => ({
          accountId,
          campaignId,
          prospectId: targets[e.targetIndex]!.prospectId,
          email: e.email,
          virtualEmployeeId: employee!.id,
          userEmailId: mailbox.id,
          status: e.status,
          stopReason: e.stopReason,
          stoppedAt: e.stoppedAt,
          createdAt: e.enrolledAt,
          updatedAt: e.updatedAt,
        })),
      )
      .returning({ id: campaignEnrolments.id });
    enrolmentIds.push(...rows.map((r) => r.id));
  }
  const emailValues = plan.flatMap((e, n) => {
    const ids = e.emails.map(() => `<${randomUUID()}@${DEMO_MAILBOX.domain}>`);
    return e.emails.map((m, i) => ({
      accountId,
      campaignId,
      enrolmentId: enrolmentIds[n]!,
      stepId: stepId(m.step),
      stepPosition: m.step,
      delayDays: m.delayDays,
      prospectId: targets[e.targetIndex]!.prospectId,
      virtualEmployeeId: employee!.id,
      userEmailId: mailbox.id,
      toEmail: e.email,
      subject: m.subject,
      bodyHtml: m.bodyHtml,
      bodyText: m.bodyText,
      messageId: ids[i]!,
      inReplyTo: i > 0 ? ids[i - 1]! : null,
      references: i > 0 ? ids.slice(0, i).join(' ') : null,
      status: m.status,
      statusReason: m.statusReason,
      dueAt: m.dueAt,
      approvedAt: m.approvedAt,
      approvedBy: m.approvedAt ? userId : null,
      sentAt: m.sentAt,
      provider: 'composer',
      attempts: m.attempts,
      attemptedAt: m.attemptedAt,
      createdAt: m.composedAt,
      updatedAt: m.updatedAt,
    }));
  });
  const emailIds: number[] = [];
  for (let i = 0; i < emailValues.length; i += CHUNK) {
    const rows = await db.insert(campaignEmails).values(emailValues.slice(i, i + CHUNK)).returning({ id: campaignEmails.id });
    emailIds.push(...rows.map((r) => r.id));
  }

  // The activity each step wrote (enrol, compose, approve, send, bounce), as the engine writes it.
  const enrolledByDay = new Map<string, { at: Date; n: number }>();
  const approvedBy = new Map<number, number>();
  const bounced: Array<typeof blacklistedEmails.$inferInsert> = [];
  let k = 0;
  plan.forEach((e, n) => {
    const target = targets[e.targetIndex]!;
    const day = e.enrolledAt.toISOString().slice(0, 10);
    const group = enrolledByDay.get(day) ?? { at: e.enrolledAt, n: 0 };
    group.n++;
    enrolledByDay.set(day, group);
    const base = { channel: 'email' as const, prospectId: target.prospectId, personaId: campaignPersonaId };
    for (const m of e.emails) {
      const id = emailIds[k++]!;
      const messageId = emailValues[k - 1]!.messageId;
      act({ ...veActor, ...base, verb: 'message_generated', payload: { kind: 'campaign', campaign_id: campaignId, campaign_email_id: id, step: m.step, status: 'draft', provider: 'composer' }, occurredAt: m.composedAt });
      if (m.approvedAt) approvedBy.set(m.approvedAt.getTime(), (approvedBy.get(m.approvedAt.getTime()) ?? 0) + 1);
      const sendPayload = { kind: 'campaign', campaign_id: campaignId, enrolment_id: enrolmentIds[n]!, campaign_email_id: id, step: m.step, user_email_id: mailbox.id, message_id: messageId };
      if (m.status === 'sent') act({ ...veActor, ...base, verb: 'email_sent', payload: sendPayload, occurredAt: m.sentAt! });
      if (m.status === 'failed') {
        const reason = m.statusReason!;
        act({ actorType: 'system', ...base, verb: 'email_bounced', payload: { ...sendPayload, email: e.email, code: 550, reason }, occurredAt: m.attemptedAt! });
        act({ actorType: 'system', ...base, personaId: null, verb: 'enrolment_stopped', payload: { campaign_id: campaignId, enrolment_id: enrolmentIds[n]!, reason: 'hard_bounce' }, occurredAt: m.attemptedAt! });
        bounced.push({ accountId, email: e.email, reason: 'hard_bounce', details: DEMO_BOUNCE_REPLY, campaignEmailId: id, createdAt: m.attemptedAt! });
      }
    }
  });
  for (const g of enrolledByDay.values()) {
    act({ actorType: 'agent', verb: 'campaign_prospects_enrolled', channel: 'email', personaId: campaignPersonaId, payload: { campaign_id: campaignId, enrolled: g.n, suppressed: 0, in_other_campaign: 0 }, occurredAt: g.at });
  }
  for (const [at, count] of approvedBy) {
    act({ actorType: 'user', actorId: userId, verb: 'campaign_emails_approved', channel: 'email', personaId: campaignPersonaId, payload: { campaign_id: campaignId, count }, occurredAt: new Date(at) });
  }
  if (bounced.length) await db.insert(blacklistedEmails).values(bounced).onConflictDoNothing();
  // Today: the demo mailbox paused (it has no server), and with it the campaign.
  act({ actorType: 'system', verb: 'mailbox_paused', channel: 'email', payload: { user_email_id: mailbox.id, email: DEMO_MAILBOX.email, reason: DEMO_MAILBOX_REASON }, occurredAt: now });
  act({ actorType: 'user', actorId: userId, verb: 'campaign_paused', personaId: campaignPersonaId, payload: { campaign_id: campaignId }, occurredAt: now });
  for (let i = 0; i < log.length; i += CHUNK) await db.insert(activities).values(log.slice(i, i + CHUNK));
  return true;
}
