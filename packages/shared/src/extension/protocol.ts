import { z } from 'zod';
import { linkedInProfileSchema, type LinkedInProfile } from '../schemas/linkedin';

/**
 * The one message protocol of the extension. Every incoming message is validated against these
 * schemas; an unknown type gets a clear error reply.
 *
 * External: a web page on an allowed origin → the background (chrome.runtime.sendMessage(EXTENSION_ID, …)).
 * Internal: the LinkedIn content script ↔ the background, and the popup → the background.
 */

// ---- web page → extension ----
export const presenceRequestSchema = z.strictObject({ type: z.literal('presence') });
export const profileRequestSchema = z.strictObject({ type: z.literal('profile') });
export const externalRequestSchema = z.discriminatedUnion('type', [presenceRequestSchema, profileRequestSchema]);
export type ExternalRequest = z.infer<typeof externalRequestSchema>;

export type PresenceReply = { status: 'ok'; version: string };
/** Why there is no profile to give yet. */
export type NoProfileReason = 'no_linkedin_tab' | 'not_a_profile' | 'loading';
/**
 * What the profile's top card shows about the user's connection with the member (read, never clicked):
 * an invitation pending, connected (1st degree), neither, or not readable yet.
 */
export const CONNECTION_STATES = ['pending', 'connected', 'none', 'unknown'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];
export type ProfileReply =
  | { status: 'ok'; profile: LinkedInProfile; url: string; captured_at: string; connection?: ConnectionState }
  | { status: 'no_profile'; reason: NoProfileReason };
export type ErrorReply = { status: 'error'; error: string };
export type ExternalReply = PresenceReply | ProfileReply | ErrorReply;

// ---- content script → background ----
export const captureMessageSchema = z.strictObject({
  type: z.literal('capture'),
  url: z.string().max(2000),
  profile: linkedInProfileSchema,
  connection: z.enum(CONNECTION_STATES).optional(),
});
/** The tab moved to a page without a profile (feed, search) or one still loading. */
export const captureClearedMessageSchema = z.strictObject({
  type: z.literal('capture-cleared'),
  url: z.string().max(2000),
  reason: z.enum(['not_a_profile', 'loading']),
});
/** The result cards on screen in a LinkedIn people search or Sales Navigator lead search (read, never clicked). */
export const searchResultsMessageSchema = z.strictObject({
  type: z.literal('search-results'),
  url: z.string().max(4000),
  page: z.number().int().min(1).max(10_000),
  cards: z
    .array(
      z.strictObject({
        profile_url: z.string().max(500),
        full_name: z.string().max(300),
        headline: z.string().max(500).nullable(),
        location: z.string().max(300).nullable(),
      }),
    )
    .max(100),
});
export type SearchResultsMessage = z.infer<typeof searchResultsMessageSchema>;

// ---- popup → background ----
export const activeProfileRequestSchema = z.strictObject({ type: z.literal('active-profile'), tab_id: z.number().int() });
/** The popup asks how the saved search open in that tab is going. */
export const searchProgressRequestSchema = z.strictObject({ type: z.literal('search-progress'), tab_id: z.number().int() });

export const internalMessageSchema = z.discriminatedUnion('type', [
  captureMessageSchema,
  captureClearedMessageSchema,
  searchResultsMessageSchema,
  activeProfileRequestSchema,
  searchProgressRequestSchema,
]);
export type InternalMessage = z.infer<typeof internalMessageSchema>;
export type CaptureMessage = z.infer<typeof captureMessageSchema>;

/**
 * How a saved search's capture is going in this browser session (storage.session `search-progress:<id>`):
 * every profile sent, with what the server answered, so a page seen again is never sent again.
 */
export type SearchProgress = {
  search_id: number;
  name: string;
  person_name: string;
  added: number;
  already_there: number;
  /** The results page the user is on. */
  page: number;
  state: 'saving' | 'saved' | 'error';
  error: string | null;
  updated_at: string;
  seen: Record<string, 'added' | 'already_there'>;
};
export type SearchProgressReply = { status: 'ok'; searches: Omit<SearchProgress, 'seen'>[] };

/** What the extension keeps per tab in storage.session (the MV3 worker may stop at any time). */
export type TabCapture =
  | { state: 'captured'; url: string; profile: LinkedInProfile; captured_at: string; connection?: ConnectionState }
  | { state: 'cleared'; url: string; reason: 'not_a_profile' | 'loading'; at: string };

function invalid(message: unknown): ErrorReply {
  const type = (message as { type?: unknown } | null)?.type;
  return {
    status: 'error',
    error: typeof type === 'string' ? `Unknown message type: ${type}` : 'Invalid message: expected an object with a "type"',
  };
}

export function parseExternalRequest(message: unknown): { ok: true; request: ExternalRequest } | { ok: false; reply: ErrorReply } {
  const parsed = externalRequestSchema.safeParse(message);
  if (parsed.success) return { ok: true, request: parsed.data };
  const type = (message as { type?: unknown } | null)?.type;
  if (type === 'presence' || type === 'profile') return { ok: false, reply: { status: 'error', error: `Invalid "${type}" message` } };
  return { ok: false, reply: invalid(message) };
}

export function parseInternalMessage(message: unknown): { ok: true; message: InternalMessage } | { ok: false; reply: ErrorReply } {
  const parsed = internalMessageSchema.safeParse(message);
  if (parsed.success) return { ok: true, message: parsed.data };
  const type = (message as { type?: unknown } | null)?.type;
  if (typeof type === 'string' && ['capture', 'capture-cleared', 'search-results', 'active-profile', 'search-progress'].includes(type)) {
    return { ok: false, reply: { status: 'error', error: `Invalid "${type}" message: ${parsed.error.issues[0]?.message ?? ''}` } };
  }
  return { ok: false, reply: invalid(message) };
}
