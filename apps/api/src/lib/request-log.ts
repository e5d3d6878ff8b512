import type { FastifyRequest } from 'fastify';
import { CABLE_AUTH_PARAMS } from '@shared/live/events';

/** Query parameters never written to the log: the cable's auth (a browser WebSocket carries its token there). */
const SECRET_PARAMS: readonly string[] = [...CABLE_AUTH_PARAMS, 'expiry', 'token', 'confirmation_token', 'reset_password_token'];

/** The URL with the values of secret query parameters replaced by "[redacted]". */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const name of SECRET_PARAMS) {
    if (params.has(name)) {
      params.set(name, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${params.toString()}` : url;
}

/** Fastify's request log fields (its default serializer's), with the URL redacted. */
export function requestLogFields(req: FastifyRequest) {
  return { method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}
