import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { dbId, text } from '@shared/schemas/primitives';
import type { GeneratedText } from '@shared/schemas/messaging';
import { offerings, personaProspects, personas, prospects, type MessagingSettingRow, type OfferingRow } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import type { AuthContext, Deps } from '../../lib/route';
import { recordActivity } from '../activities/service';
import { fundingStageLabel } from '@shared/schemas/person-filters';
import { composerLanguage, textProviderFor, type CompositionContext, type ProspectSignal } from '../ai';
import { defineGeneration, runGeneration, type GenerationAnswer } from '../ai/jobs';
import { EXAMPLE_MESSAGE_MAX_TOKENS, EXAMPLE_MESSAGE_SYSTEM, exampleMessagePrompt } from '../ai/prompts';
import { findInstructionByCategory, findInstructionInAccount, findSettingInAccount, MESSAGES, settingForPersona } from './service';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** Plain text of stored (sanitised) rich text: blocks and breaks become line breaks. */
export function richTextToPlain(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|li|blockquote|pre|div)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, e: string) => ENTITIES[e] ?? '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Text-node escaping (quotes need none there, and the sanitiser would rewrite them). */
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Provider output ("Subject: …", blank line, body) → subject, text and safe HTML, signature appended. */
export function shapeMessage(raw: string, signatureHtml: string): { subject: string | null; text: string; html: string } {
  let body = raw.replace(/\r\n/g, '\n').trim();
  let subject: string | null = null;
  const m = /^subject:\s*(.+)\n+/i.exec(body);
  if (m) {
    subject = m[1]!.trim();
    body = body.slice(m[0].length).trim();
  }
  const signatureText = richTextToPlain(signatureHtml);
  const text = signatureText ? `${body}\n\n${signatureText}` : body;
  const html =
    body
      .split(/\n{2,}/)
      .map((p) => `<p>${p.split('\n').map(escapeHtml).join('<br>')}</p>`)
      .join('') + signatureHtml;
  return { subject, text, html };
}

/** The offering a message speaks for: the setting's own, else the account's newest (null: none yet). */
export async function offeringFor(db: Deps['db'], accountId: number, setting: Pick<MessagingSettingRow, 'offeringId'> | null): Promise<OfferingRow | null> {
  if (setting?.offeringId) {
    const [own] = await db.select().from(offerings).where(and(eq(offerings.id, setting.offeringId), eq(offerings.accountId, accountId)));
    if (own) return own;
  }
  const [newest] = await db.select().from(offerings).where(eq(offerings.accountId, accountId)).orderBy(desc(offerings.createdAt)).limit(1);
  return newest ?? null;
}

/** An offering as the composer reads it. */
export const offeringContext = (o: OfferingRow | null): CompositionContext['offering'] =>
  o
    ? {
        name: o.name,
        description: o.description,
        priceMin: o.priceMin === null ? null : Number(o.priceMin),
        priceMax: o.priceMax === null ? null : Number(o.priceMax),
        currency: o.currency,
        pricePeriod: o.pricePeriod,
        url: o.url,
      }
    : null;

/** A prospect as the composer reads it, with its freshest signal at `now`. */
export const prospectContext = (p: typeof prospects.$inferSelect, now: Date): CompositionContext['prospect'] => ({
  fullName: p.fullName,
  firstName: p.firstName,
  title: p.title,
  company: p.company,
  location: p.location,
  headline: p.headline,
  industry: p.industry,
  signal: prospectSignal(p, now),
});

/** The messaging settings as the composer reads them (rich text as plain text); `signatureHtml` is the one to sign with. */
export const settingContext = (setting: MessagingSettingRow | null, signatureHtml: string): CompositionContext['setting'] => ({
  toneVoice: setting?.toneVoice || 'Professional',
  language: setting?.language ?? 'en',
  callToAction: setting?.callToAction ?? '',
  caseStudies: setting?.caseStudies ?? [],
  messageGuidelines: richTextToPlain(setting?.messageGuidelines ?? ''),
  instructionsScript: richTextToPlain(setting?.instructionsScript ?? ''),
  signatureText: richTextToPlain(signatureHtml),
});

export type ExampleInput = {
  prospect_id?: number;
  persona_id?: number;
  messaging_setting_id?: number;
  /** For message instructions by categories. */
  category?: string | null;
  instructions?: string | null;
  message_instruction_id?: number;
};

/** A job title of the persona (its first job-title filter), for a placeholder prospect: one person, not the persona's name. */
function personaJobTitle(filters: Record<string, unknown> | undefined): string | null {
  const titles = filters?.job_titles;
  if (!Array.isArray(titles)) return null;
  for (const t of titles) {
    const name = typeof t === 'string' ? t : t && typeof t === 'object' && typeof (t as { name?: unknown }).name === 'string' ? (t as { name: string }).name : null;
    if (name?.trim()) return name.trim();
  }
  return null;
}

/**
 * The example prospect when the account has none: a role at an example company, and no name, so the
 * example greets neutrally instead of greeting a made-up person.
 */
const PLACEHOLDER_PROSPECT: CompositionContext['prospect'] = {
  fullName: null,
  firstName: null,
  title: null,
  company: 'Northwind Traders',
  location: null,
  headline: null,
};

const FUNDING_ROUNDS = new Set(['seed', 'angel', 'series_a', 'series_b', 'series_c', 'series_d', 'series_e', 'series_f']);
const HIRING_SIGNAL_DAYS = 60;

/** One fact worth opening with: a recent funding round, a job posted lately, a technology the company uses. */
export function prospectSignal(p: Pick<typeof prospects.$inferSelect, 'fundingStage' | 'jobPostedAt' | 'technologies'>, now: Date): ProspectSignal | null {
  if (p.fundingStage && FUNDING_ROUNDS.has(p.fundingStage.toLowerCase())) return { kind: 'funding', round: fundingStageLabel(p.fundingStage) };
  if (p.jobPostedAt && now.getTime() - Date.parse(p.jobPostedAt) <= HIRING_SIGNAL_DAYS * 86_400_000) return { kind: 'hiring' };
  const tech = p.technologies.find((t) => t.trim());
  return tech ? { kind: 'technology', name: tech } : null;
}

/** Resolves the setting, persona, prospect and offering the example is written from (all the account's own). */
async function contextFor(deps: Deps, auth: AuthContext, input: ExampleInput) {
  const db = deps.db;
  const accountId = auth.account.id;

  let prospect: typeof prospects.$inferSelect | null = null;
  if (input.prospect_id !== undefined) {
    const [row] = await db.select().from(prospects).where(and(eq(prospects.accountId, accountId), eq(prospects.id, input.prospect_id)));
    if (!row) throw notFound(MESSAGES.prospectNotFound);
    prospect = row;
  }
  let personaId: number | null = null;
  if (input.persona_id !== undefined) {
    const [row] = await db.select({ id: personas.id }).from(personas).where(and(eq(personas.accountId, accountId), eq(personas.id, input.persona_id)));
    if (!row) throw notFound(MESSAGES.personaNotFound);
    personaId = row.id;
  }
  let setting: MessagingSettingRow | null = null;
  if (input.messaging_setting_id !== undefined) {
    const found = await findSettingInAccount(db, accountId, input.messaging_setting_id);
    if (!found) throw notFound(MESSAGES.settingNotFound);
    setting = found.setting;
  }
  if (personaId === null && setting?.personaId) personaId = setting.personaId;
  if (personaId === null && prospect) {
    const [m] = await db.select({ id: personaProspects.personaId }).from(personaProspects).where(and(eq(personaProspects.prospectId, prospect.id), eq(personaProspects.accountId, accountId))).limit(1);
    personaId = m?.id ?? null;
  }
  setting ??= await settingForPersona(db, accountId, personaId);
  if (!prospect && setting?.exampleProspectId) {
    const [row] = await db.select().from(prospects).where(and(eq(prospects.accountId, accountId), eq(prospects.id, setting.exampleProspectId)));
    prospect = row ?? null;
  }
  if (!prospect && personaId !== null) {
    const [row] = await db
      .select({ p: prospects })
      .from(personaProspects)
      .innerJoin(prospects, eq(prospects.id, personaProspects.prospectId))
      .where(and(eq(personaProspects.accountId, accountId), eq(personaProspects.personaId, personaId)))
      .orderBy(desc(personaProspects.createdAt))
      .limit(1);
    prospect = row?.p ?? null;
  }
  const [persona] = personaId !== null ? await db.select().from(personas).where(and(eq(personas.id, personaId), eq(personas.accountId, accountId))) : [];
  const offering = await offeringFor(db, accountId, setting);

  let instructions = input.instructions ?? null;
  let category = input.category ?? null;
  if (input.message_instruction_id !== undefined) {
    const row = await findInstructionInAccount(db, accountId, input.message_instruction_id);
    if (!row) throw notFound(MESSAGES.instructionNotFound);
    category ??= row.category;
    instructions ??= row.instructions;
  } else if (category && instructions === null) {
    instructions = (await findInstructionByCategory(db, accountId, category))?.instructions ?? null;
  }

  const context: CompositionContext = {
    kind: 'example_message',
    category,
    company: { name: auth.account.name || null, senderName: auth.user.name },
    offering: offeringContext(offering),
    persona: persona ? { name: persona.name, description: persona.description } : null,
    prospect: prospect
      ? prospectContext(prospect, new Date())
      : { ...PLACEHOLDER_PROSPECT, title: personaJobTitle(persona?.filters) ?? 'Head of Sales' },
    setting: settingContext(setting, setting?.signature ?? ''),
    instructions: instructions ? richTextToPlain(instructions) : null,
  };
  return { context, setting, prospectId: prospect?.id ?? null, personaId };
}

const exampleInput = z.object({
  context: z.custom<CompositionContext>((v) => typeof v === 'object' && v !== null),
  signature: text(),
  prospect_id: dbId().nullable(),
  persona_id: dbId().nullable(),
  messaging_setting_id: dbId().nullable(),
});

/** The durable part: asks the configured provider, shapes text + HTML with the signature, logs `message_generated`. */
const exampleGeneration = defineGeneration('example_message', exampleInput, async (deps, who, input) => {
  const { context } = input;
  const provider = textProviderFor(deps.config);
  const raw = await provider.generate({
    system: EXAMPLE_MESSAGE_SYSTEM,
    prompt: exampleMessagePrompt(context),
    maxTokens: EXAMPLE_MESSAGE_MAX_TOKENS,
    timeoutMs: deps.config.ai.timeoutMs,
    context,
  });
  const shaped = shapeMessage(raw, input.signature);
  const languageFallbackFrom = composerLanguage(context.setting.language).fallbackFrom;
  const result: GeneratedText = {
    ...shaped,
    prospect_id: input.prospect_id,
    persona_id: input.persona_id,
    messaging_setting_id: input.messaging_setting_id,
    provider: provider.name,
  };
  await recordActivity(deps.db, {
    accountId: who.account.id,
    actorType: 'user',
    actorId: who.user.id,
    verb: 'message_generated',
    channel: context.category?.startsWith('linkedin') ? 'linkedin' : context.category === 'call_script' ? 'phone' : 'email',
    prospectId: input.prospect_id,
    personaId: input.persona_id,
    payload: {
      kind: 'example',
      category: context.category ?? 'cold_email',
      provider: provider.name,
      messaging_setting_id: input.messaging_setting_id,
      // The built-in composer has no wording for this language: it wrote English (recorded, not hidden).
      ...(provider.name === 'composer' && languageFallbackFrom ? { language: 'en', language_fallback_from: languageFallbackFrom } : {}),
    },
  });
  return result;
});

/** Writes an example message (both generate_example_text routes): resolves the data here, generates in a job. */
export async function generateExample(deps: Deps, auth: AuthContext, input: ExampleInput): Promise<GenerationAnswer> {
  const { context, setting, prospectId, personaId } = await contextFor(deps, auth, input);
  return runGeneration(deps, auth, exampleGeneration, {
    context,
    signature: setting?.signature ?? '',
    prospect_id: prospectId,
    persona_id: personaId,
    messaging_setting_id: setting?.id ?? null,
  });
}
