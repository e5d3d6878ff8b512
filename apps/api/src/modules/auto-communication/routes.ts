import { z } from 'zod';
import { v1 } from '@shared/constants';
import { autoCommunicationSettingsBodySchema, autoCommunicationSettingsSchema } from '@shared/schemas/auto-communication';
import { defineRoute } from '../../lib/route';
import * as service from './service';

const TAGS = ['auto-communication'];
const one = { 200: z.object({ data: autoCommunicationSettingsSchema }) };

/** Auto communication (spec §7): what the AI sales agent may do on its own. */
export const autoCommunicationRoutes = [
  defineRoute({
    method: 'GET',
    url: v1('/auto_communication_settings'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: "The account's automatic-behaviour settings (the defaults, updated_at null, until saved)",
    tags: TAGS,
    schema: { response: one },
    handler: async ({ auth, deps }) => ({ data: await service.get(deps, auth) }),
  }),
  defineRoute({
    method: 'PUT',
    url: v1('/auto_communication_settings'),
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary: 'Save working hours and time zone, daily limits per channel, auto-reply and review/autonomous mode',
    tags: TAGS,
    schema: { body: autoCommunicationSettingsBodySchema, response: one },
    handler: async ({ auth, body, deps }) => ({ data: await service.save(deps, auth, body) }),
  }),
];
