import type { FastifyRequest } from 'fastify';
import { CABLE_AUTH_PARAMS } from '@shared/live/events';

/** Query parameters never written to the log: the cable's auth (a browser WebSocket carries its token there). */
const SECRET_PARAMS: readonly string[] = [...CABLE_AUTH_PARAMS, 'expiry', 'token', 'confirmation_token', 'reset_password_token'];

/** The URL with the values of secret query parameters replaced by "[redacted]". */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const parts = url
    .slice(q + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      let name = eq < 0 ? part : part.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // a malformed name is kept as it is
      }
      return SECRET_PARAMS.includes(name) ? `${part.slice(0, eq < 0 ? part.length : eq)}=[redacted]` : part;
    });
  return `${url.slice(0, q)}?${parts.join('&')}`;
}

/** Fastify's request log fields (its default serializer's), with the URL redacted. */
export function requestLogFields(req: FastifyRequest) {
  return { method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}
