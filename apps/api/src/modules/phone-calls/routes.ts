import { v1 } from '@shared/constants';
import { defineRoute } from '../../lib/route';
import { testCallBodySchema, testCallResponseSchema } from '@shared/schemas/messaging';
import { statusCallback, voiceTwiml } from './auto-calls';
import { testCall } from './service';

const TAGS = ['phone calls'];
const SIGNED = 'a signed Twilio request names its call (and so its account) itself';

const signatureOf = (header: string | string[] | undefined) => (Array.isArray(header) ? header[0] : header);
const taskOf = (query: unknown) => (query && typeof query === 'object' ? (query as Record<string, unknown>).task : undefined);

/**
 * Twilio's webhooks for the calls the agent places (auto-calls.ts). Public: Twilio signs each request
 * (X-Twilio-Signature over the full URL and the sorted form parameters, with the auth token); a request
 * whose signature does not match answers 403 and changes nothing. Read raw, as form-encoded text. On a
 * brand whose phone calls are off (Twilio calls back to the brand's own origin) they answer 404.
 */
export const phoneCallRoutes = [
  defineRoute({
    method: 'POST',
    url: v1('/test_call'),
    feature: 'phone_calls',
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary: "The agent calls the user's own phone (403 when the brand has phone calls off; simulated without a provider)",
    tags: ['messaging'],
    schema: { body: testCallBodySchema, response: { 200: testCallResponseSchema } },
    handler: async ({ auth, body, brand, deps, req }) => ({ data: await testCall(deps, auth, brand, body.phone, req.log) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/twilio/voice'),
    access: 'public',
    owner: 'none',
    systemScope: SIGNED,
    feature: 'phone_calls',
    rawBody: true,
    summary: "Twilio's TwiML fetch for an answered call (?task=): the call script for a person, the voicemail script after a machine's greeting (AnsweredBy), else hang up",
    tags: TAGS,
    schema: {},
    handler: async ({ req, reply, deps }) => {
      const twiml = await voiceTwiml(deps, taskOf(req.query), req.body, signatureOf(req.headers['x-twilio-signature']));
      return reply.type('text/xml; charset=utf-8').send(twiml);
    },
  }),
  defineRoute({
    method: 'POST',
    url: v1('/twilio/status'),
    access: 'public',
    owner: 'none',
    systemScope: SIGNED,
    feature: 'phone_calls',
    rawBody: true,
    summary: "Twilio's status callback for a call the agent placed (?task=): initiated, ringing, answered, completed; recorded as the call's timeline and interactions, the final one closes the call task with its outcome",
    tags: TAGS,
    schema: {},
    handler: async ({ req, deps }) => statusCallback(deps, taskOf(req.query), req.body, signatureOf(req.headers['x-twilio-signature'])),
  }),
];
