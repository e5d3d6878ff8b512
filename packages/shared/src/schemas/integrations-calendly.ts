import { z } from 'zod';
import { dbId, int32, queryInt, text } from './primitives';

/** Calendly's calls (spec §7 integrations/calendly_events; issue 27). */

export const CALENDLY_EVENTS_PER_PAGE_MAX = 100;

/** GET integrations/calendly_events: one page of the connected user's scheduled events (cursor: Calendly's page token). */
export const calendlyEventsQuerySchema = z.strictObject({
  page_token: text().max(500).optional(),
  count: queryInt()
    .min(1, { error: 'Count must be at least 1' })
    .max(CALENDLY_EVENTS_PER_PAGE_MAX, { error: `Count must be at most ${CALENDLY_EVENTS_PER_PAGE_MAX}` })
    .optional()
    .default(20),
  /** Only events starting at or after this time (ISO 8601); absent: every event. */
  min_start_time: z.iso.datetime({ offset: true, error: 'min_start_time must be an ISO 8601 date-time' }).optional(),
  status: z.enum(['active', 'canceled']).optional(),
});

export const calendlyInviteeSchema = z.object({
  email: text(),
  name: text(),
  status: z.enum(['active', 'canceled']),
  rescheduled: z.boolean(),
  /** The account's prospect with this address, or null. */
  prospect_id: dbId().nullable(),
});

export const calendlyEventItemSchema = z.object({
  /** Calendly's event uuid. */
  id: text(),
  name: text(),
  status: z.enum(['active', 'canceled']),
  start_time: text(),
  end_time: text(),
  location: text().nullable(),
  invitees: z.array(calendlyInviteeSchema),
});
export type CalendlyEventItem = z.infer<typeof calendlyEventItemSchema>;

export const calendlyEventsSchema = z.object({
  data: z.array(calendlyEventItemSchema),
  meta: z.object({ next_page_token: text().nullable(), count: int32() }),
});
export type CalendlyEvents = z.infer<typeof calendlyEventsSchema>;

/** A personal access token (Calendly → Integrations → API & Webhooks): a JWT-like string. */
export const calendlyAccessTokenSchema = text()
  .trim()
  .min(20, { error: 'The Calendly personal access token is too short' })
  .max(4000, { error: 'The Calendly personal access token is too long' });
