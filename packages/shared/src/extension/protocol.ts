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
// ---- popup → background ----
export const activeProfileRequestSchema = z.strictObject({ type: z.literal('active-profile'), tab_id: z.number().int() });

export const internalMessageSchema = z.discriminatedUnion('type', [
  captureMessageSchema,
  captureClearedMessageSchema,
  activeProfileRequestSchema,
]);
export type InternalMessage = z.infer<typeof internalMessageSchema>;
export type CaptureMessage = z.infer<typeof captureMessageSchema>;

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
  if (typeof type === 'string' && ['capture', 'capture-cleared', 'active-profile'].includes(type)) {
    return { ok: false, reply: { status: 'error', error: `Invalid "${type}" message: ${parsed.error.issues[0]?.message ?? ''}` } };
  }
  return { ok: false, reply: invalid(message) };
}
