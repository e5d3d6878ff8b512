import { eq } from 'drizzle-orm';
import { BRANDS } from '@shared/brands';
import { DEFAULT_HOLDER_ID } from '@shared/constants';
import { serializePersonFilters } from '@shared/schemas/person-filters';
import { hashPassword } from '../../lib/crypto';
import { createUserWithAccount, findUserByEmail, type UserWithAccount } from '../auth/repository';
import type { Db } from '../../db/client';
import { seedDemoActivity } from './activity';
import { seedDemoInbox } from './inbox';
import { seedDemoPipeline } from './pipeline';
import { DEMO_LINKEDIN_ACCOUNT, DEMO_MESSAGING, DEMO_OFFERING, DEMO_PERSONA_FILTERS, DEMO_PERSONAS, DEMO_PROSPECTS, demoFilterFields, demoProfile } from './data';
import { accounts, linkedinAccounts, messagingSettings, offerings, personaProspects, personas, prospects } from '../../db/schema';

export const DEMO_USER = { email: 'demo@example.com', password: 'demo12345', name: 'Alex Morgan', accountName: 'Northwind Analytics' };

/**
 * The demo sign-in for a first look, on every brand (brands are separate tenants, so each has its own
 * demo account). Brand 0's is the full demo (business data and weeks of activity); the other brands'
 * get the same business data without the activity log, which is most of the seed's time (start-up
 * stays fast; docs/decisions.md). Created once, never touched again, except that a brand-0 demo account
 * seeded before the dashboard existed gets its activity log once, one seeded before the inbox existed its
 * threads once (inbox.ts), and one seeded before the pipeline existed its hand moves once (pipeline.ts). Returns true when any was created.
 */
export async function seedDemo(db: Db): Promise<boolean> {
  const now = new Date();
  let encryptedPassword: string | null = null;
  let created = false;
  for (const brand of BRANDS) {
    const holderId = brand.holder_id;
    const existing = await findUserByEmail(db, holderId, DEMO_USER.email);
    if (existing) {
      if (holderId === DEFAULT_HOLDER_ID) {
        await db.transaction(async (tx) => {
          await seedDemoActivity(tx, existing.account.id, existing.user.id, now);
          await seedDemoInbox(tx, existing.account.id, now);
          await seedDemoPipeline(tx, existing.account.id, existing.user.id, now);
        });
      }
      continue;
    }
    encryptedPassword ??= await hashPassword(DEMO_USER.password);
    const password = encryptedPassword;
    // One transaction per brand: a half-seeded demo would never be completed (the user's presence means done).
    await db.transaction(async (tx) => {
      const demo = await createUserWithAccount(tx, {
        email: DEMO_USER.email,
        provider: 'email',
        uid: DEMO_USER.email,
        encryptedPassword: password,
        name: DEMO_USER.name,
        phone: '+1 415 555 0142',
        confirmedAt: now,
        onboardingFinishedAt: now,
        accountName: DEMO_USER.accountName,
        holderId,
        tariffPlan: 'Trial',
      });
      await seedDemoBusinessData(tx, demo, now);
      if (holderId === DEFAULT_HOLDER_ID) {
        await seedDemoActivity(tx, demo.account.id, demo.user.id, now);
        await seedDemoInbox(tx, demo.account.id, now);
        await seedDemoPipeline(tx, demo.account.id, demo.user.id, now);
      }
    });
    created = true;
  }
  return created;
}

const DAY_MS = 86_400_000;
const profileUrlOf = (slug: string) => `https://www.linkedin.com/in/${slug}/`;

/** Two personas with prospects added over the last weeks, and the demo user's own LinkedIn connected. */
async function seedDemoBusinessData(tx: Db, { user, account }: UserWithAccount, now: Date): Promise<void> {
  const accountId = account.id;
  const daysAgo = (d: number) => new Date(now.getTime() - d * DAY_MS);
  // The sender's postal address for the compliance footer, so the demo's emails and pages show it complete.
  await tx.update(accounts).set({ postalAddress: 'Northwind Analytics Inc.\n500 Market Street, Suite 300\nSan Francisco, CA 94105, USA' }).where(eq(accounts.id, accountId));
  const personaRows = await tx
    .insert(personas)
    .values(
      DEMO_PERSONAS.map((p, i) => ({
        accountId,
        name: p.name,
        description: p.description,
        filters: serializePersonFilters(DEMO_PERSONA_FILTERS[p.key]),
        createdAt: daysAgo(30 - i),
        updatedAt: daysAgo(30 - i),
      })),
    )
    .returning({ id: personas.id });
  const personaIds = new Map(DEMO_PERSONAS.map((p, i) => [p.key, personaRows[i]!.id]));

  const prospectRows = await tx
    .insert(prospects)
    .values(
      DEMO_PROSPECTS.map((p, i) => ({
        accountId,
        linkedinUrl: profileUrlOf(p.slug),
        email: p.email,
        fullName: `${p.first} ${p.last}`,
        firstName: p.first,
        lastName: p.last,
        headline: p.headline,
        title: p.title,
        company: p.company,
        location: p.location,
        source: p.source,
        profile: p.source === 'extension' ? demoProfile(p) : null,
        ...demoFilterFields(p, i, now),
        createdAt: daysAgo(28 - i),
        updatedAt: daysAgo(28 - i),
      })),
    )
    .returning({ id: prospects.id });
  await tx.insert(personaProspects).values(
    DEMO_PROSPECTS.flatMap((p, i) => p.personas.map((key) => ({ accountId, personaId: personaIds.get(key)!, prospectId: prospectRows[i]!.id }))),
  );
  // Unique across accounts: on a shared server someone may already have connected it.
  await tx.insert(linkedinAccounts).values({ accountId, userId: user.id, ...DEMO_LINKEDIN_ACCOUNT }).onConflictDoNothing();

  // What the demo sells and how its agent writes, so the messaging pages and the example message start filled.
  const [offering] = await tx
    .insert(offerings)
    .values({ accountId, ...DEMO_OFFERING, createdAt: daysAgo(31), updatedAt: daysAgo(31) })
    .returning({ id: offerings.id });
  await tx.insert(messagingSettings).values({
    accountId,
    personaId: null,
    offeringId: offering!.id,
    ...DEMO_MESSAGING,
    createdAt: daysAgo(31),
    updatedAt: daysAgo(31),
  });
}
