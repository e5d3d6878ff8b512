import { and, eq, sql } from 'drizzle-orm';
import {
  COMPANY_SIZES,
  nextOnboardingStep,
  normalizeDomain,
  onboardingDraftSchema,
  onboardingStepSchemas,
  type OnboardingAnswers,
  type OnboardingDraft,
  type OnboardingPosition,
  type OnboardingState,
  type OnboardingStepAnswer,
  type OnboardingStepSlug,
  USER_POSITIONS,
} from '@shared/schemas/onboarding';
import { MESSAGE_LANGUAGES } from '@shared/schemas/messaging';
import type { Db } from '../../db/client';
import { accounts, onboardingAnswers, personas, users, type OnboardingAnswersRow, type UserRow } from '../../db/schema';
import { unprocessable } from '../../lib/http-error';
import type { AuthContext, Deps } from '../../lib/route';
import { recordActivity } from '../activities/service';
import { evictAccount, evictUser } from '../auth/auth-cache';
import * as messaging from '../messaging/service';
import * as offerings from '../offerings/service';
import * as personaService from '../personas/service';
import type { OnboardingInfoContext } from '../ai';

export const MESSAGES = {
  phoneNotVerified: 'Verify this phone number with the code we send before going on',
} as const;

/** Free-mail providers: their domain says nothing about the user's company. */
const FREE_MAIL = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.de',
  'web.de',
  'mail.ru',
  'yandex.ru',
  'yandex.com',
  'zoho.com',
  'example.com',
  'example.test',
]);

async function rowOf(db: Db, auth: AuthContext): Promise<OnboardingAnswersRow | null> {
  const [row] = await db
    .select()
    .from(onboardingAnswers)
    .where(and(eq(onboardingAnswers.userId, auth.user.id), eq(onboardingAnswers.accountId, auth.account.id)));
  return row ?? null;
}

/** Stored answers re-read through the step schemas, so a shape changed since is dropped, not trusted. */
function answersOf(row: OnboardingAnswersRow | null): OnboardingAnswers {
  const out: Record<string, unknown> = {};
  for (const [slug, value] of Object.entries(row?.answers ?? {})) {
    const schema = onboardingStepSchemas[slug as OnboardingStepSlug];
    if (!schema) continue;
    const parsed = schema.safeParse(value);
    if (parsed.success) out[slug] = parsed.data;
  }
  return out as OnboardingAnswers;
}

function draftOf(row: OnboardingAnswersRow | null): OnboardingDraft | null {
  const parsed = onboardingDraftSchema.safeParse(row?.draft);
  return parsed.success ? parsed.data : null;
}

export function prefillFor(user: UserRow) {
  const emailDomain = user.email.split('@')[1] ?? '';
  const domain = FREE_MAIL.has(emailDomain) ? null : normalizeDomain(emailDomain);
  return {
    name: user.name,
    photo_url: user.image && /^https?:\/\//.test(user.image) ? user.image : null,
    job_title: user.jobTitle,
    phone: user.phone,
    phone_verified: !!user.phone && !!user.phoneVerifiedAt,
    domain,
  };
}

export async function getState(deps: Deps, auth: AuthContext): Promise<OnboardingState> {
  const row = await rowOf(deps.db, auth);
  return {
    current_step: (row?.currentStep ?? 'index') as OnboardingPosition,
    answers: answersOf(row),
    draft: draftOf(row),
    prefill: prefillFor(auth.user),
    finished: !!auth.user.onboardingFinishedAt,
  };
}

/** Saves one step's answer (already validated by its schema) and moves the resume point past it. */
export async function saveStep<S extends OnboardingStepSlug>(deps: Deps, auth: AuthContext, slug: S, answer: OnboardingStepAnswer<S>): Promise<OnboardingState> {
  if (slug === 'phone-number' && !(answer as OnboardingStepAnswer<'phone-number'>).skipped) {
    const phone = (answer as OnboardingStepAnswer<'phone-number'>).phone;
    // The phone step is done when this very number was confirmed by code.
    if (auth.user.phone !== phone || !auth.user.phoneVerifiedAt) throw unprocessable(MESSAGES.phoneNotVerified);
  }
  const next = nextOnboardingStep(slug);
  const value = JSON.stringify({ [slug]: answer });
  await deps.db
    .insert(onboardingAnswers)
    .values({ userId: auth.user.id, accountId: auth.account.id, currentStep: next, answers: { [slug]: answer } as Record<string, Record<string, unknown>> })
    .onConflictDoUpdate({
      target: onboardingAnswers.userId,
      // One statement: a concurrent save of another step keeps both answers.
      set: { currentStep: next, answers: sql`${onboardingAnswers.answers} || ${value}::jsonb`, updatedAt: new Date() },
      where: eq(onboardingAnswers.accountId, auth.account.id),
    });
  if (slug === 'your-website' && !auth.user.onboardingFinishedAt) await nameAccount(deps, auth, (answer as OnboardingStepAnswer<'your-website'>).company_name);
  return getState(deps, auth);
}

/**
 * Sign-up named the account after the email ("jane" of jane@acme.io): the company answered while
 * onboarding names it, so what is written from now on (example messages, signatures) uses it.
 */
async function nameAccount(deps: Deps, auth: AuthContext, companyName: string): Promise<void> {
  const name = companyName.trim();
  if (!name || name === auth.account.name) return;
  await deps.db.update(accounts).set({ name, updatedAt: new Date() }).where(eq(accounts.id, auth.account.id));
  evictAccount(deps.db, auth.account.id);
}

/** The draft the last generation saved (null: none). */
export async function savedDraft(db: Db, auth: AuthContext): Promise<OnboardingDraft | null> {
  return ((await rowOf(db, auth))?.draft as OnboardingDraft | null | undefined) ?? null;
}

export async function saveDraft(db: Db, auth: Pick<AuthContext, 'user' | 'account'>, draft: OnboardingDraft): Promise<void> {
  await db
    .insert(onboardingAnswers)
    .values({ userId: auth.user.id, accountId: auth.account.id, draft })
    .onConflictDoUpdate({ target: onboardingAnswers.userId, set: { draft, updatedAt: new Date() }, where: eq(onboardingAnswers.accountId, auth.account.id) });
}

const sizeName = (value: string) => COMPANY_SIZES.find((s) => s.value === value)?.name ?? value;
const entity = (name: string) => ({ id: name, name, uid: name });

/** What the AI draft is written from: the saved answers, whatever has been answered so far. */
export async function onboardingInfoContext(deps: Deps, auth: AuthContext): Promise<OnboardingInfoContext> {
  const a = answersOf(await rowOf(deps.db, auth));
  const profile = a['choose-user-profile'];
  const site = a['your-website'];
  const customers = a['potential-customers'];
  return {
    kind: 'onboarding_info',
    company: { name: site?.company_name ?? null, domain: site?.domain ?? null, description: site?.description || null },
    user: {
      name: (!profile?.skipped && profile?.name) || auth.user.name,
      jobTitle: a['job-title']?.job_title ?? auth.user.jobTitle,
      position: USER_POSITIONS.find((p) => p.value === a['your-position']?.position)?.label ?? null,
    },
    offeringName: a.solution?.offering_name ?? null,
    problem: a['problem-solving']?.problem ?? null,
    solution: a.solution?.solution ?? null,
    different: a.different?.different ?? null,
    customers: {
      personaName: customers?.persona_name ?? null,
      jobTitles: customers?.job_titles ?? [],
      industries: customers?.industries ?? [],
      companySizes: customers?.company_sizes ?? [],
      locations: customers?.locations ?? [],
    },
    price: a.price ? { min: a.price.price_min, max: a.price.price_max, currency: a.price.currency, period: a.price.price_period } : null,
    expectations: a.expectations ? { meetingsPerMonth: a.expectations.meetings_per_month, markets: a.expectations.markets } : null,
  };
}

/** A persona name not taken in the account yet ("Name", else "Name (2)", …). */
async function freePersonaName(db: Db, accountId: number, wanted: string): Promise<string> {
  const taken = new Set(
    (await db.select({ name: personas.name }).from(personas).where(eq(personas.accountId, accountId))).map((r) => r.name.toLowerCase()),
  );
  if (!taken.has(wanted.toLowerCase())) return wanted;
  for (let i = 2; ; i++) {
    const name = `${wanted.slice(0, 95)} (${i})`;
    if (!taken.has(name.toLowerCase())) return name;
  }
}

/** The site's language (e.g. "de-DE") when the composer writes it, else English. */
function languageOf(lang: string | null): (typeof MESSAGE_LANGUAGES)[number] {
  const primary = lang?.trim().slice(0, 2).toLowerCase();
  return MESSAGE_LANGUAGES.find((l) => l === primary) ?? 'en';
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The signature from name, job title, company, phone and website, one line each. */
export function signatureFrom(parts: { name: string | null; jobTitle: string | null; company: string | null; phone: string | null; domain: string | null }): string {
  const lines = [parts.name, [parts.jobTitle, parts.company].filter(Boolean).join(', '), parts.phone, parts.domain].filter((l): l is string => !!l && !!l.trim());
  return lines.length ? `<p>${lines.map(escapeHtml).join('<br>')}</p>` : '';
}

export type FinishResult = { user: UserRow; created: { personaId: number | null; offeringId: number | null; messagingSettingId: number | null } | null };

/**
 * Marks onboarding done and, the first time only, creates from the saved answers the first persona,
 * the offering and the default messaging settings (through their own services), and copies name,
 * photo and job title to the user (the account was named when the company was answered): all in one
 * transaction, under a lock on the user's row so two concurrent finishes create things once.
 */
export async function finish(deps: Deps, auth: AuthContext): Promise<FinishResult> {
  const result = await deps.db.transaction(async (tx): Promise<FinishResult> => {
    const [locked] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, auth.user.id), eq(users.accountId, auth.account.id)))
      .for('update');
    if (!locked) throw unprocessable('User not found');
    if (locked.onboardingFinishedAt) return { user: locked, created: null };

    const txDeps: Deps = { ...deps, db: tx };
    const txAuth: AuthContext = { ...auth, user: locked };
    const a = answersOf(await rowOf(tx, txAuth));
    const profile = a['choose-user-profile'];
    const picked = profile && !profile.skipped ? profile : null;
    const name = picked?.name || locked.name;
    const jobTitle = a['job-title']?.job_title ?? picked?.title ?? locked.jobTitle;
    const site = a['your-website'];

    let personaId: number | null = null;
    const customers = a['potential-customers'];
    if (customers) {
      const persona = await personaService.create(txDeps, txAuth, {
        name: await freePersonaName(tx, auth.account.id, customers.persona_name),
        description: [
          customers.job_titles.length ? `Job titles: ${customers.job_titles.join(', ')}` : null,
          customers.industries.length ? `Industries: ${customers.industries.join(', ')}` : null,
          customers.company_sizes.length ? `Company sizes: ${customers.company_sizes.map(sizeName).join(', ')} employees` : null,
          customers.locations.length ? `Locations: ${customers.locations.join(', ')}` : null,
        ]
          .filter(Boolean)
          .join('. '),
        filters: {
          job_titles: customers.job_titles.map(entity),
          industries: customers.industries.map(entity),
          employees_numbers: customers.company_sizes.map((value) => ({ name: sizeName(value), value })),
          locations: customers.locations,
        },
      });
      personaId = persona.id;
    }

    let offeringId: number | null = null;
    if (a.solution) {
      // Prose in the user's own words, what the offering does first: the composer quotes its opening
      // sentence to prospects, so no "Problem:" / "Solution:" labels.
      const description = [a.solution.solution, a['problem-solving']?.problem, a.different?.different]
        .filter((p): p is string => !!p && !!p.trim())
        .map((p) => p.trim())
        .join('\n\n');
      const offering = await offerings.create(txDeps, txAuth, {
        name: a.solution.offering_name,
        description: description.slice(0, 5000),
        price_min: a.price?.price_min ?? null,
        price_max: a.price?.price_max ?? null,
        currency: a.price?.currency ?? 'USD',
        price_period: a.price?.price_period ?? 'one_time',
        url: site ? `https://${site.domain}` : null,
        pricing_notes: '',
        // The product fits the persona onboarding just created; its claims are the user's to approve on /cabinet/my-products.
        persona_ids: personaId ? [personaId] : [],
        not_for: '',
        proof: '',
        claims: [],
      });
      offeringId = offering.id;
    }

    // The account's default messaging settings, unless the account already has them.
    let messagingSettingId: number | null = null;
    if (!(await messaging.settingForPersona(tx, auth.account.id, null))) {
      const meetingLink = a['meeting-link']?.meeting_link;
      const setting = await messaging.createSetting(txDeps, txAuth, {
        persona_id: null,
        offering_id: offeringId,
        example_prospect_id: null,
        name: 'Default',
        tone_voice: 'Professional',
        language: languageOf(site?.language ?? null),
        message_guidelines: '',
        instructions_script: '',
        call_to_action: meetingLink ? `Would you be open to a short call? Pick a time that suits you: ${meetingLink}` : '',
        case_studies: [],
        signature: signatureFrom({
          name,
          jobTitle,
          company: site?.company_name ?? null,
          phone: locked.phoneVerifiedAt ? locked.phone : null,
          domain: site?.domain ?? null,
        }),
      });
      messagingSettingId = setting.id;
    }

    const [user] = await tx
      .update(users)
      .set({
        onboardingFinishedAt: new Date(),
        name,
        jobTitle,
        ...(picked?.photo_url ? { image: picked.photo_url } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, locked.id))
      .returning();
    await recordActivity(tx, {
      accountId: auth.account.id,
      actorType: 'user',
      actorId: locked.id,
      verb: 'onboarding_finished',
      payload: { persona_id: personaId, offering_id: offeringId, messaging_setting_id: messagingSettingId },
    });
    return { user: user!, created: { personaId, offeringId, messagingSettingId } };
  });
  evictUser(deps.db, auth.user.id);
  return result;
}
