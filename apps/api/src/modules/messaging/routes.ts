import { z } from 'zod';
import { dbId } from '@shared/schemas/primitives';
import { v1 } from '@shared/constants';
import {
  assignInstructionToPersonBodySchema,
  createMessageInstructionBodySchema,
  createMessagingSettingBodySchema,
  followupSettingsSchema,
  generateCategoryExampleTextBodySchema,
  generateExampleTextBodySchema,
  generationAcceptedResponseSchema,
  generationJobParamsSchema,
  generationJobSchema,
  generationReadyResponseSchema,
  messageInstructionSchema,
  messagingSettingSchema,
  updateFollowupSettingsBodySchema,
  updateMessageInstructionBodySchema,
  updateMessagingSettingBodySchema,
} from '@shared/schemas/messaging';
import { idParamsSchema } from '../../lib/params';
import { defineRoute } from '../../lib/route';
import { getJob } from '../ai/jobs';
import { generateExample } from './generate';
import * as service from './service';

const setting = { 200: z.object({ data: messagingSettingSchema }) };
const instruction = { 200: z.object({ data: messageInstructionSchema }) };
const generation = { 200: generationReadyResponseSchema, 202: generationAcceptedResponseSchema };
const deleted = { 200: z.object({ data: z.object({ id: dbId() }) }) };

/** Messaging settings, follow-up settings, message instructions by categories, example text, test call (spec §7). */
export const messagingRoutes = [
  defineRoute({
    method: 'GET',
    url: v1('/messaging_settings'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: "The account's messaging settings: the default (persona_id null) first, then one per persona",
    tags: ['messaging'],
    schema: { response: { 200: z.object({ data: z.array(messagingSettingSchema) }) } },
    handler: async ({ auth, deps }) => ({ data: await service.listSettings(deps, auth) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/messaging_settings/:id/edit'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'One messaging setting, for editing',
    tags: ['messaging'],
    schema: { params: idParamsSchema, response: setting },
    handler: async ({ auth, deps, params }) => ({ data: await service.getSetting(deps, auth, params.id) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/messaging_settings'),
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary: 'Create messaging settings for a persona (or the default with persona_id null); rich text is sanitised',
    tags: ['messaging'],
    schema: { body: createMessagingSettingBodySchema, response: setting },
    handler: async ({ auth, body, deps }) => ({ data: await service.createSetting(deps, auth, body) }),
  }),
  defineRoute({
    method: 'PUT',
    url: v1('/messaging_settings/:id'),
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary: 'Update messaging settings (only the fields sent; each messaging page sends its own)',
    tags: ['messaging'],
    schema: { params: idParamsSchema, body: updateMessagingSettingBodySchema, response: setting },
    handler: async ({ auth, body, deps, params }) => ({ data: await service.updateSetting(deps, auth, params.id, body) }),
  }),
  defineRoute({
    method: 'DELETE',
    url: v1('/messaging_settings/:id'),
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary: 'Delete messaging settings (the persona falls back to the default)',
    tags: ['messaging'],
    schema: { params: idParamsSchema, response: deleted },
    handler: async ({ auth, deps, params }) => ({ data: await service.deleteSetting(deps, auth, params.id) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/assign_instruction_to_person'),
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary: 'Make a messaging setting the given persona’s own',
    tags: ['messaging'],
    schema: { body: assignInstructionToPersonBodySchema, response: setting },
    handler: async ({ auth, body, deps }) => ({ data: await service.assignToPerson(deps, auth, body) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/followup_settings'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: "The account's follow-up settings (defaults until saved: updated_at null)",
    tags: ['messaging'],
    schema: { response: { 200: z.object({ data: followupSettingsSchema }) } },
    handler: async ({ auth, deps }) => ({ data: await service.getFollowup(deps, auth) }),
  }),
  defineRoute({
    method: 'PUT',
    url: v1('/followup_settings'),
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary: 'Update follow-up settings: number (0–10), spacing (1–30 days), stop rules',
    tags: ['messaging'],
    schema: { body: updateFollowupSettingsBodySchema, response: { 200: z.object({ data: followupSettingsSchema }) } },
    handler: async ({ auth, body, deps }) => ({ data: await service.updateFollowup(deps, auth, body) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/message_instructions_by_categories'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: "The account's message instructions, one per category",
    tags: ['messaging'],
    schema: { response: { 200: z.object({ data: z.array(messageInstructionSchema) }) } },
    handler: async ({ auth, deps }) => ({ data: await service.listInstructions(deps, auth) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/message_instructions_by_categories/:id'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'One message instruction',
    tags: ['messaging'],
    schema: { params: idParamsSchema, response: instruction },
    handler: async ({ auth, deps, params }) => ({ data: await service.getInstruction(deps, auth, params.id) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/message_instructions_by_categories'),
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary: 'Create the instruction for a category (one per category)',
    tags: ['messaging'],
    schema: { body: createMessageInstructionBodySchema, response: instruction },
    handler: async ({ auth, body, deps }) => ({ data: await service.createInstruction(deps, auth, body) }),
  }),
  defineRoute({
    method: 'PUT',
    url: v1('/message_instructions_by_categories/:id'),
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary: 'Update a message instruction',
    tags: ['messaging'],
    schema: { params: idParamsSchema, body: updateMessageInstructionBodySchema, response: instruction },
    handler: async ({ auth, body, deps, params }) => ({ data: await service.updateInstruction(deps, auth, params.id, body) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/message_instructions_by_categories/generate_example_text'),
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary: "An example message following one category's instruction: 200 with the text, or 202 {job_id} to poll",
    tags: ['messaging', 'generation'],
    schema: { body: generateCategoryExampleTextBodySchema, response: generation },
    handler: async ({ auth, body, deps, reply }) => {
      const answer = await generateExample(deps, auth, body);
      reply.code(answer.status);
      return answer.body;
    },
  }),
  defineRoute({
    method: 'POST',
    url: v1('/generate_example_text'),
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary: 'An example message for a prospect from the offering, persona, tone, CTA, case studies and signature: 200, or 202 {job_id}',
    tags: ['messaging', 'generation'],
    schema: { body: generateExampleTextBodySchema, response: generation },
    handler: async ({ auth, body, deps, reply }) => {
      const answer = await generateExample(deps, auth, body);
      reply.code(answer.status);
      return answer.body;
    },
  }),
  defineRoute({
    method: 'GET',
    url: v1('/generation_jobs/:id'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'A text generation that answered 202: pending, succeeded (with the result) or failed (with the error)',
    tags: ['generation'],
    schema: { params: generationJobParamsSchema, response: { 200: z.object({ data: generationJobSchema }) } },
    handler: async ({ auth, deps, params }) => ({ data: await getJob(deps.db, deps, auth, params.id) }),
  }),
];
