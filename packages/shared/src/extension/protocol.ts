import { z } from 'zod';

/**
 * Messages between web pages and the extension (externally_connectable). The extension issue grows
 * this map (profile data, capture); every incoming message is validated against it.
 */
export const presenceRequestSchema = z.strictObject({ type: z.literal('presence') });
export const externalRequestSchema = z.discriminatedUnion('type', [presenceRequestSchema]);
export type ExternalRequest = z.infer<typeof externalRequestSchema>;

export type PresenceReply = { status: 'ok'; version: string };
export type ErrorReply = { status: 'error'; error: string };
export type ExternalReply = PresenceReply | ErrorReply;

export function parseExternalRequest(message: unknown): { ok: true; request: ExternalRequest } | { ok: false; reply: ErrorReply } {
  const parsed = externalRequestSchema.safeParse(message);
  if (parsed.success) return { ok: true, request: parsed.data };
  const type = (message as { type?: unknown } | null)?.type;
  return {
    ok: false,
    reply: { status: 'error', error: typeof type === 'string' ? `Unknown message type: ${type}` : 'Invalid message: expected an object with a "type"' },
  };
}
