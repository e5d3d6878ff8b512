import { z } from 'zod';
import { v1 } from '@shared/constants';
import { calendlyEventsQuerySchema, calendlyEventsSchema } from '@shared/schemas/integrations-calendly';
import { dbId, text } from '@shared/schemas/primitives';
import { idParamsSchema } from '../../../lib/params';
import { defineRoute, type AppRoute } from '../../../lib/route';
import { answerVendor } from '../vendor-fetch';
import { calendlyEvents, receiveWebhook } from './service';

/** Calendly's calls (spec §7 integrations/calendly_events) and its signed webhook. */

const TAGS = ['Integrations'];

export const calendlyRoutes: AppRoute[] = [
  defineRoute({
    method: 'GET',
    url: v1('/integrations/calendly_events'),
    access: 'user',
    role: 'member',
    owner: 'account',
    feature: 'calendar_sections',
    summary: "One page of the connected Calendly user's scheduled events (soonest first; cursor: meta.next_page_token), each with its invitees and which of them are the account's prospects",
    tags: TAGS,
    schema: { querystring: calendlyEventsQuerySchema, response: { 200: calendlyEventsSchema } },
    handler: ({ auth, brand, deps, query, reply }) => answerVendor(reply, () => calendlyEvents(deps, auth, brand, query), deps.clock),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/integrations/calendly/webhook/:id'),
    access: 'public',
    owner: 'none',
    systemScope: "a Calendly webhook names its integration in its URL and proves it with the integration's signing key",
    feature: 'calendar_sections',
    rawBody: true,
    hidden: true,
    summary:
      "Calendly's webhook (invitee.created, invitee.canceled) for integration {id}: Calendly-Webhook-Signature t=…,v1=HMAC-SHA256(signing key, t.body) checked (401 when forged or older than 3 minutes), then a booking by a prospect is a meeting booked on the pipeline, a cancel or a reschedule updates it",
    tags: TAGS,
    schema: { params: idParamsSchema, response: { 200: z.object({ data: z.object({ outcome: text(), meeting_id: dbId().nullable() }) }) } },
    handler: async ({ deps, params, req }) => {
      const outcome = await receiveWebhook(deps, params.id, String(req.body ?? ''), req.headers['calendly-webhook-signature'] as string | undefined);
      return { data: { outcome: outcome.kind, meeting_id: outcome.kind === 'ignored' ? null : outcome.meetingId } };
    },
  }),
];
