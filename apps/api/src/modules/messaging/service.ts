import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DEFAULT_FOLLOWUP_SETTINGS,
  type createMessageInstructionBodySchema,
  type createMessagingSettingBodySchema,
  type FollowupSettings,
  type MessageInstruction,
  type MessagingSetting,
  type updateFollowupSettingsBodySchema,
  type updateMessageInstructionBodySchema,
  type updateMessagingSettingBodySchema,
} from '@shared/schemas/messaging';
import type { Db } from '../../db/client';
import {
  personas,
  prospects,
  followupSettings,
  messageInstructions,
  messagingSettings,
  offerings,
  type MessageInstructionRow,
  type MessagingSettingRow,
} from '../../db/schema';
import { notFound, unprocessable } from '../../lib/http-error';
import type { AuthContext, Deps } from '../../lib/route';
import { sanitizeForStorage } from '../../lib/sanitize-rich-text';
import { isUniqueViolation } from '../auth/service';

export const MESSAGES = {
  settingNotFound: 'Messaging setting not found',
  personaNotFound: 'Persona not found',
  offeringNotFound: 'Offering not found',
  prospectNotFound: 'Prospect not found',
  personaTaken: 'This persona already has its own messaging settings',
  defaultTaken: 'The account already has default messaging settings (without a persona)',
  instructionNotFound: 'Message instruction not found',
  categoryTaken: 'This category already has instructions',
} as const;

// ---------------------------------------------------------------- helpers

async function personaExists(db: Db, accountId: number, id: number) {
  const [row] = await db.select({ id: personas.id }).from(personas).where(and(eq(personas.accountId, accountId), eq(personas.id, id)));
  return !!row;
}
async function offeringExists(db: Db, accountId: number, id: number) {
  const [row] = await db.select({ id: offerings.id }).from(offerings).where(and(eq(offerings.accountId, accountId), eq(offerings.id, id)));
  return !!row;
}
async function prospectExists(db: Db, accountId: number, id: number) {
  const [row] = await db.select({ id: prospects.id }).from(prospects).where(and(eq(prospects.accountId, accountId), eq(prospects.id, id)));
  return !!row;
}

/** References must be the account's own; another account's id answers like a missing one (422). */
async function checkReferences(db: Db, accountId: number, body: { persona_id?: number | null; offering_id?: number | null; example_prospect_id?: number | null }) {
  if (body.persona_id != null && !(await personaExists(db, accountId, body.persona_id))) throw unprocessable(MESSAGES.personaNotFound);
  if (body.offering_id != null && !(await offeringExists(db, accountId, body.offering_id))) throw unprocessable(MESSAGES.offeringNotFound);
  if (body.example_prospect_id != null && !(await prospectExists(db, accountId, body.example_prospect_id))) throw unprocessable(MESSAGES.prospectNotFound);
}

// ---------------------------------------------------------------- messaging settings

const settingColumns = { setting: messagingSettings, personaName: personas.name };

function toSettingJson({ setting: s, personaName }: { setting: MessagingSettingRow; personaName: string | null }): MessagingSetting {
  return {
    id: s.id,
    persona_id: s.personaId,
    persona_name: personaName,
    offering_id: s.offeringId,
    name: s.name,
    tone_voice: s.toneVoice,
    language: s.language,
    message_guidelines: s.messageGuidelines,
    instructions_script: s.instructionsScript,
    call_to_action: s.callToAction,
    case_studies: s.caseStudies,
    signature: s.signature,
    example_prospect_id: s.exampleProspectId,
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
}

export async function findSettingInAccount(db: Db, accountId: number, id: number) {
  const [row] = await db
    .select(settingColumns)
    .from(messagingSettings)
    .leftJoin(personas, eq(personas.id, messagingSettings.personaId))
    .where(and(eq(messagingSettings.accountId, accountId), eq(messagingSettings.id, id)));
  return row ?? null;
}

/** The setting a persona uses: its own, else the account's default; null when neither exists. */
export async function settingForPersona(db: Db, accountId: number, personaId: number | null): Promise<MessagingSettingRow | null> {
  if (personaId !== null) {
    const [own] = await db.select().from(messagingSettings).where(and(eq(messagingSettings.accountId, accountId), eq(messagingSettings.personaId, personaId)));
    if (own) return own;
  }
  const [fallback] = await db.select().from(messagingSettings).where(and(eq(messagingSettings.accountId, accountId), isNull(messagingSettings.personaId)));
  return fallback ?? null;
}

async function settingOf(db: Db, auth: AuthContext, id: number) {
  const row = await findSettingInAccount(db, auth.account.id, id);
  if (!row) throw notFound(MESSAGES.settingNotFound);
  return row;
}

export async function listSettings(deps: Deps, auth: AuthContext): Promise<MessagingSetting[]> {
  const rows = await deps.db
    .select(settingColumns)
    .from(messagingSettings)
    .leftJoin(personas, eq(personas.id, messagingSettings.personaId))
    // The default (no persona) first, then by persona name.
    .where(eq(messagingSettings.accountId, auth.account.id))
    .orderBy(sql`${messagingSettings.personaId} is not null`, asc(personas.name), asc(messagingSettings.id));
  return rows.map(toSettingJson);
}

export async function getSetting(deps: Deps, auth: AuthContext, id: number): Promise<MessagingSetting> {
  return toSettingJson(await settingOf(deps.db, auth, id));
}

type RichFields = { message_guidelines?: string; instructions_script?: string; signature?: string };
function sanitizedRichFields(body: RichFields) {
  return {
    ...(body.message_guidelines !== undefined ? { messageGuidelines: sanitizeForStorage('message_guidelines', body.message_guidelines) } : {}),
    ...(body.instructions_script !== undefined ? { instructionsScript: sanitizeForStorage('instructions_script', body.instructions_script) } : {}),
    ...(body.signature !== undefined ? { signature: sanitizeForStorage('signature', body.signature) } : {}),
  };
}

const uniqueMessage = (personaId: number | null | undefined) => (personaId == null ? MESSAGES.defaultTaken : MESSAGES.personaTaken);

export async function createSetting(deps: Deps, auth: AuthContext, body: z.output<typeof createMessagingSettingBodySchema>): Promise<MessagingSetting> {
  const accountId = auth.account.id;
  const rich = sanitizedRichFields(body);
  try {
    const id = await deps.db.transaction(async (tx) => {
      await checkReferences(tx, accountId, body);
      const [row] = await tx
        .insert(messagingSettings)
        .values({
          accountId,
          personaId: body.persona_id,
          offeringId: body.offering_id,
          exampleProspectId: body.example_prospect_id,
          name: body.name,
          toneVoice: body.tone_voice,
          language: body.language,
          callToAction: body.call_to_action,
          caseStudies: body.case_studies,
          ...rich,
        })
        .returning({ id: messagingSettings.id });
      return row!.id;
    });
    return getSetting(deps, auth, id);
  } catch (err) {
    if (isUniqueViolation(err)) throw unprocessable(uniqueMessage(body.persona_id));
    throw err;
  }
}

export async function updateSetting(
  deps: Deps,
  auth: AuthContext,
  id: number,
  body: z.output<typeof updateMessagingSettingBodySchema>,
): Promise<MessagingSetting> {
  const accountId = auth.account.id;
  const rich = sanitizedRichFields(body);
  try {
    await deps.db.transaction(async (tx) => {
      await settingOf(tx, auth, id);
      await checkReferences(tx, accountId, body);
      await tx
        .update(messagingSettings)
        .set({
          ...(body.persona_id !== undefined ? { personaId: body.persona_id } : {}),
          ...(body.offering_id !== undefined ? { offeringId: body.offering_id } : {}),
          ...(body.example_prospect_id !== undefined ? { exampleProspectId: body.example_prospect_id } : {}),
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.tone_voice !== undefined ? { toneVoice: body.tone_voice } : {}),
          ...(body.language !== undefined ? { language: body.language } : {}),
          ...(body.call_to_action !== undefined ? { callToAction: body.call_to_action } : {}),
          ...(body.case_studies !== undefined ? { caseStudies: body.case_studies } : {}),
          ...rich,
          updatedAt: new Date(),
        })
        .where(and(eq(messagingSettings.accountId, accountId), eq(messagingSettings.id, id)));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw unprocessable(uniqueMessage(body.persona_id));
    throw err;
  }
  return getSetting(deps, auth, id);
}

export async function deleteSetting(deps: Deps, auth: AuthContext, id: number): Promise<{ id: number }> {
  const rows = await deps.db
    .delete(messagingSettings)
    .where(and(eq(messagingSettings.accountId, auth.account.id), eq(messagingSettings.id, id)))
    .returning({ id: messagingSettings.id });
  if (!rows.length) throw notFound(MESSAGES.settingNotFound);
  return { id };
}

/** Spec §7 assign_instruction_to_person: the messaging setting becomes this persona's own. */
export async function assignToPerson(deps: Deps, auth: AuthContext, body: { messaging_setting_id: number; person_id: number }): Promise<MessagingSetting> {
  const accountId = auth.account.id;
  if (!(await findSettingInAccount(deps.db, accountId, body.messaging_setting_id))) throw notFound(MESSAGES.settingNotFound);
  if (!(await personaExists(deps.db, accountId, body.person_id))) throw notFound(MESSAGES.personaNotFound);
  return updateSetting(deps, auth, body.messaging_setting_id, { persona_id: body.person_id });
}

// ---------------------------------------------------------------- follow-up settings

export async function getFollowup(deps: Deps, auth: AuthContext): Promise<FollowupSettings> {
  const [row] = await deps.db.select().from(followupSettings).where(eq(followupSettings.accountId, auth.account.id));
  if (!row) return { ...DEFAULT_FOLLOWUP_SETTINGS, stop_rules: { ...DEFAULT_FOLLOWUP_SETTINGS.stop_rules }, updated_at: null };
  return {
    number_of_followups: row.numberOfFollowups,
    spacing_days: row.spacingDays,
    stop_rules: {
      on_reply: row.stopOnReply,
      on_meeting_booked: row.stopOnMeetingBooked,
      on_unsubscribe: row.stopOnUnsubscribe,
      on_bounce: row.stopOnBounce,
    },
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function updateFollowup(deps: Deps, auth: AuthContext, body: z.output<typeof updateFollowupSettingsBodySchema>): Promise<FollowupSettings> {
  const current = await getFollowup(deps, auth);
  const next = {
    numberOfFollowups: body.number_of_followups ?? current.number_of_followups,
    spacingDays: body.spacing_days ?? current.spacing_days,
    stopOnReply: body.stop_rules?.on_reply ?? current.stop_rules.on_reply,
    stopOnMeetingBooked: body.stop_rules?.on_meeting_booked ?? current.stop_rules.on_meeting_booked,
    stopOnUnsubscribe: body.stop_rules?.on_unsubscribe ?? current.stop_rules.on_unsubscribe,
    stopOnBounce: body.stop_rules?.on_bounce ?? current.stop_rules.on_bounce,
    updatedAt: new Date(),
  };
  await deps.db
    .insert(followupSettings)
    .values({ accountId: auth.account.id, ...next })
    .onConflictDoUpdate({ target: followupSettings.accountId, set: next });
  return getFollowup(deps, auth);
}

// ---------------------------------------------------------------- message instructions by categories

function toInstructionJson(row: MessageInstructionRow): MessageInstruction {
  return {
    id: row.id,
    category: row.category as MessageInstruction['category'],
    title: row.title,
    instructions: row.instructions,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function findInstructionInAccount(db: Db, accountId: number, id: number) {
  const [row] = await db.select().from(messageInstructions).where(and(eq(messageInstructions.accountId, accountId), eq(messageInstructions.id, id)));
  return row ?? null;
}
export async function findInstructionByCategory(db: Db, accountId: number, category: string) {
  const [row] = await db
    .select()
    .from(messageInstructions)
    .where(and(eq(messageInstructions.accountId, accountId), eq(messageInstructions.category, category)));
  return row ?? null;
}

export async function listInstructions(deps: Deps, auth: AuthContext): Promise<MessageInstruction[]> {
  const rows = await deps.db.select().from(messageInstructions).where(eq(messageInstructions.accountId, auth.account.id)).orderBy(asc(messageInstructions.id));
  return rows.map(toInstructionJson);
}

export async function getInstruction(deps: Deps, auth: AuthContext, id: number): Promise<MessageInstruction> {
  const row = await findInstructionInAccount(deps.db, auth.account.id, id);
  if (!row) throw notFound(MESSAGES.instructionNotFound);
  return toInstructionJson(row);
}

export async function createInstruction(deps: Deps, auth: AuthContext, body: z.output<typeof createMessageInstructionBodySchema>): Promise<MessageInstruction> {
  const instructions = sanitizeForStorage('instructions', body.instructions);
  try {
    const [row] = await deps.db
      .insert(messageInstructions)
      .values({ accountId: auth.account.id, category: body.category, title: body.title, instructions })
      .returning();
    return toInstructionJson(row!);
  } catch (err) {
    if (isUniqueViolation(err)) throw unprocessable(MESSAGES.categoryTaken);
    throw err;
  }
}

export async function updateInstruction(
  deps: Deps,
  auth: AuthContext,
  id: number,
  body: z.output<typeof updateMessageInstructionBodySchema>,
): Promise<MessageInstruction> {
  const instructions = body.instructions !== undefined ? sanitizeForStorage('instructions', body.instructions) : undefined;
  try {
    const [row] = await deps.db
      .update(messageInstructions)
      .set({
        ...(body.category !== undefined ? { category: body.category } : {}),
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(instructions !== undefined ? { instructions } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(messageInstructions.accountId, auth.account.id), eq(messageInstructions.id, id)))
      .returning();
    if (!row) throw notFound(MESSAGES.instructionNotFound);
    return toInstructionJson(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw unprocessable(MESSAGES.categoryTaken);
    throw err;
  }
}
