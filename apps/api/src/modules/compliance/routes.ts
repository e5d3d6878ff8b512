import { z } from 'zod';
import { v1 } from '@shared/constants';
import { complianceSettingsBodySchema, complianceSettingsSchema } from '@shared/schemas/compliance';
import { defineRoute } from '../../lib/route';
import * as service from './service';

const TAGS = ['compliance'];
const one = { 200: z.object({ data: complianceSettingsSchema }) };

/** The compliance footer of campaign emails (issue 11): on/off, the sender's postal address, the GDPR Art. 14 sentence. */
export const complianceRoutes = [
  defineRoute({
    method: 'GET',
    url: v1('/compliance_settings'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: "The account's compliance footer: on/off (default on), postal address, GDPR Art. 14 sentence (default off), and whether the address is missing",
    tags: TAGS,
    schema: { response: one },
    handler: async ({ auth, deps }) => ({ data: await service.get(deps, auth) }),
  }),
  defineRoute({
    method: 'PUT',
    url: v1('/compliance_settings'),
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary: 'Save the compliance footer appended to every campaign email at send time',
    tags: TAGS,
    schema: { body: complianceSettingsBodySchema, response: one },
    handler: async ({ auth, body, deps }) => ({ data: await service.save(deps, auth, body) }),
  }),
];
