import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from './client';
import { DEMO_PERSONAS, DEMO_PROSPECTS } from './demo-data';
import { activities, personas, prospects } from './schema';

/**
 * Six months of the demo account's outbound, so every dashboard widget has something to show:
 * a growing stream of imported prospects worked through a multichannel sequence (LinkedIn invitation,
 * emails, a LinkedIn message, sometimes a call), with accepted invitations, replies and meetings.
 * Deterministic (a seeded generator; times relative to the seeding moment) and written in a few
 * multi-row inserts.
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
      linkedinUrl: `https://www.linkedin.com/in/${slug(first)}-${slug(last)}-${(i + 1).toString(36)}${domain.length}/`,
      createdAt,
    };
  });
}

type Channel = 'email' | 'linkedin' | 'phone';
export type DemoActivity = {
  verb: string;
  channel: Channel | null;
  actorType: 'user' | 'agent';
  prospectIndex: number;
  occurredAt: Date;
  payload: Record<string, unknown>;
};

export type DemoTarget = { createdAt: Date; hasEmail: boolean; company: string; source: 'extension' | 'import'; hot: boolean };

/** `days` working days after `start` (a weekend start counts from Monday): the agent sends on weekdays. */
function addWorkingDays(start: Date, days: number): Date {
  let d = new Date(start.getTime());
  const skipWeekend = () => {
    while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d = new Date(d.getTime() + DAY_MS);
  };
  skipWeekend();
  for (let i = 0; i < days; i++) {
    d = new Date(d.getTime() + DAY_MS);
    skipWeekend();
  }
  return d;
}

/**
 * Every prospect's journey: added, LinkedIn invitation (maybe accepted), first email, follow-up, a
 * LinkedIn message when connected, sometimes a call, a last bump; any touch may draw a reply (the
 * sequence stops), and some replies turn into meetings. Nothing after `now` is kept.
 */
export function demoActivities(targets: DemoTarget[], now: Date): DemoActivity[] {
  const rnd = generator(7_041_977);
  const out: DemoActivity[] = [];
  targets.forEach((t, prospectIndex) => {
    const push = (verb: string, channel: Channel | null, at: Date, payload: Record<string, unknown> = {}, actorType: 'user' | 'agent' = 'agent') => {
      if (at.getTime() <= now.getTime()) out.push({ verb, channel, actorType, prospectIndex, occurredAt: at, payload });
    };
    push('prospect_added', t.source === 'extension' ? 'linkedin' : null, t.createdAt, { source: t.source }, 'user');
    const day0 = new Date(t.createdAt.getTime() - (t.createdAt.getTime() % DAY_MS) + DAY_MS);
    const at = (days: number) => new Date(addWorkingDays(day0, days).getTime() + (8 + Math.floor(rnd() * 9)) * HOUR_MS + Math.floor(rnd() * 60) * 60_000);
    const replyChance = t.hot ? 0.16 : 0.045;
    const accepted = rnd() < 0.55;
    const calls = rnd() < 0.35;
    const steps: Array<{ days: number; verb: string; channel: Channel; payload?: Record<string, unknown>; when: boolean }> = [
      { days: 0, verb: 'linkedin_invitation_sent', channel: 'linkedin', when: true },
      { days: 1, verb: 'email_sent', channel: 'email', payload: { subject: `Quick question about ${t.company}`, step: 1 }, when: t.hasEmail },
      { days: 4, verb: 'email_sent', channel: 'email', payload: { subject: `Re: Quick question about ${t.company}`, step: 2 }, when: t.hasEmail },
      { days: 6, verb: 'linkedin_message_sent', channel: 'linkedin', when: accepted },
      { days: 8, verb: 'call_made', channel: 'phone', payload: { duration_seconds: 60 + Math.floor(rnd() * 480) }, when: calls },
      { days: 11, verb: 'email_sent', channel: 'email', payload: { subject: `Closing the loop, ${t.company}`, step: 3 }, when: t.hasEmail },
    ];
    for (const step of steps) {
      if (!step.when) continue;
      const sentAt = at(step.days);
      push(step.verb, step.channel, sentAt, step.payload);
      if (step.verb === 'linkedin_invitation_sent' && accepted) {
        push('linkedin_connection_accepted', 'linkedin', new Date(sentAt.getTime() + (6 + Math.floor(rnd() * 60)) * HOUR_MS));
      }
      if (rnd() < replyChance) {
        const repliedAt = new Date(sentAt.getTime() + (1 + Math.floor(rnd() * 40)) * HOUR_MS);
        push('reply_received', step.channel, repliedAt, { sentiment: rnd() < 0.7 ? 'positive' : 'neutral' });
        if (rnd() < 0.45) push('meeting_booked', step.channel, new Date(repliedAt.getTime() + (2 + Math.floor(rnd() * 70)) * HOUR_MS), { duration_minutes: 30 });
        break;
      }
    }
  });
  return out;
}

const CHUNK = 1000;

/**
 * Writes the demo account's extra prospects and activity log, once: does nothing when the account
 * already has outreach in its log (so a second seed, or a demo account seeded before this existed
 * and then backfilled, never doubles it).
 */
export async function seedDemoActivity(db: Db, accountId: number, userId: number, now: Date): Promise<boolean> {
  const [existing] = await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.accountId, accountId), inArray(activities.verb, ['email_sent', 'linkedin_invitation_sent'])))
    .limit(1);
  if (existing) return false;

  const known = await db
    .select({ id: prospects.id, linkedinUrl: prospects.linkedinUrl, createdAt: prospects.createdAt })
    .from(prospects)
    .where(and(eq(prospects.accountId, accountId), inArray(prospects.linkedinUrl, DEMO_PROSPECTS.map((p) => `https://www.linkedin.com/in/${p.slug}/`))));
  const personaRows = await db.select({ id: personas.id, name: personas.name }).from(personas).where(eq(personas.accountId, accountId));
  const personaIdOf = (key: string) => personaRows.find((r) => r.name === DEMO_PERSONAS.find((p) => p.key === key)?.name)?.id ?? null;

  const extra = demoExtraProspects(now);
  const extraRows = await db
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
        createdAt: p.createdAt,
        updatedAt: p.createdAt,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: prospects.id, linkedinUrl: prospects.linkedinUrl });
  const extraIds = new Map(extraRows.map((r) => [r.linkedinUrl, r.id]));

  const targets: Array<DemoTarget & { prospectId: number; personaId: number | null }> = [];
  for (const p of DEMO_PROSPECTS) {
    const row = known.find((k) => k.linkedinUrl === `https://www.linkedin.com/in/${p.slug}/`);
    if (!row) continue;
    targets.push({ createdAt: row.createdAt, hasEmail: p.email !== null, company: p.company, source: p.source, hot: true, prospectId: row.id, personaId: personaIdOf(p.personas[0]!) });
  }
  for (const p of extra) {
    const id = extraIds.get(p.linkedinUrl);
    if (id === undefined) continue;
    targets.push({ createdAt: p.createdAt, hasEmail: p.email !== null, company: p.company, source: 'import', hot: false, prospectId: id, personaId: null });
  }

  const rows = demoActivities(targets, now).map((a) => ({
    accountId,
    actorType: a.actorType,
    actorId: a.actorType === 'user' ? userId : null,
    verb: a.verb,
    channel: a.channel,
    prospectId: targets[a.prospectIndex]!.prospectId,
    personaId: targets[a.prospectIndex]!.personaId,
    payload: a.payload,
    occurredAt: a.occurredAt,
  }));
  for (let i = 0; i < rows.length; i += CHUNK) await db.insert(activities).values(rows.slice(i, i + CHUNK));
  return true;
}
