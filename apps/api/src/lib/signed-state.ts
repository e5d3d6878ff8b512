import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { serverSecret } from './server-secret';

type KeyConfig = Pick<Config, 'mailCredentialsKey' | 'dataDir'>;

/**
 * An OAuth `state` parameter signed with the server key (HMAC-SHA256 over its base64url JSON body),
 * derived from the server secret in `keyFile`, one key per purpose ("mail oauth state v1", "social oauth state v1"), so a state of one flow never
 * verifies in another. Used by every connect flow that sends the browser to a provider and back.
 */
export function signedState<T>(purpose: string, keyFile: string, isValid: (value: T) => boolean) {
  const key = (config: KeyConfig) => createHmac('sha256', serverSecret(config.mailCredentialsKey, config.dataDir, keyFile)).update(purpose).digest();
  return {
    key,
    sign(config: KeyConfig, state: T): string {
      const body = Buffer.from(JSON.stringify(state), 'utf8').toString('base64url');
      return `${body}.${createHmac('sha256', key(config)).update(body).digest('base64url')}`;
    },
    /** The state when its signature holds and its shape is valid (expiry is the caller's to check, to say "expired"); else null. */
    verify(config: KeyConfig, raw: string): T | null {
      const [body, mac, extra] = raw.split('.');
      if (!body || !mac || extra !== undefined) return null;
      const expected = createHmac('sha256', key(config)).update(body).digest();
      const given = Buffer.from(mac, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
        return isValid(parsed) ? parsed : null;
      } catch {
        return null;
      }
    },
  };
}

/** One cookie of the request, decoded, or null. */
export function readCookie(req: Pick<FastifyRequest, 'headers'>, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}
