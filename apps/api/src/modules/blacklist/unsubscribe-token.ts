import { createHmac } from 'node:crypto';
import type { Config } from '../../config';
import { brandOrigin } from '../../lib/brand-request';
import { sameSecret } from '../../lib/crypto';
import { serverSecret } from '../../lib/server-secret';

/**
 * Unsubscribe links without login (issue 11): a token that names the account, the address and
 * optionally the campaign email, signed with HMAC-SHA256 under UNSUBSCRIBE_SECRET. It never expires
 * (a recipient may use a months-old email) and needs no database row: the signature is the proof.
 */

export const UNSUBSCRIBE_SECRET_FILE = 'unsubscribe-secret';
/** The public page and the RFC 8058 one-click POST target (outside /api: it is a page a person opens). */
export const UNSUBSCRIBE_PATH = '/unsubscribe';

export type UnsubscribeClaims = { accountId: number; email: string; campaignEmailId: number | null };

type SecretConfig = Pick<Config, 'unsubscribeSecret' | 'dataDir'>;

/** UNSUBSCRIBE_SECRET, else one generated once into `<DATA_DIR>/unsubscribe-secret`. */
export const unsubscribeSecret = (config: SecretConfig): string => serverSecret(config.unsubscribeSecret, config.dataDir, UNSUBSCRIBE_SECRET_FILE);

const VERSION = 'u1';
const mac = (secret: string, payload: string) => createHmac('sha256', secret).update(`${VERSION}.${payload}`).digest('base64url');

/** `<payload>.<signature>`, both base64url: safe in a URL path, a query and a mail subject. */
export function signUnsubscribeToken(config: SecretConfig, claims: { accountId: number; email: string; campaignEmailId?: number | null }): string {
  const body: { a: number; e: string; c?: number } = { a: claims.accountId, e: claims.email.trim().toLowerCase() };
  if (claims.campaignEmailId) body.c = claims.campaignEmailId;
  const payload = Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
  return `${payload}.${mac(unsubscribeSecret(config), payload)}`;
}

const isId = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 2_147_483_647;

/** The claims of a token this server signed, or null (malformed, forged, or signed with another secret). */
export function verifyUnsubscribeToken(config: SecretConfig, token: string | undefined | null): UnsubscribeClaims | null {
  if (!token || token.length > 2048) return null;
  const dot = token.indexOf('.');
  if (dot < 1 || dot !== token.lastIndexOf('.')) return null;
  const payload = token.slice(0, dot);
  const signature = token.slice(dot + 1);
  if (!/^[A-Za-z0-9_-]+$/.test(payload) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return null;
  if (!sameSecret(signature, mac(unsubscribeSecret(config), payload))) return null;
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const { a, e, c } = (body ?? {}) as { a?: unknown; e?: unknown; c?: unknown };
  if (!isId(a) || typeof e !== 'string' || !e.includes('@') || e.length > 254) return null;
  if (c !== undefined && !isId(c)) return null;
  return { accountId: a, email: e, campaignEmailId: c ?? null };
}

export type UnsubscribeLinks = {
  /** The https one-click URL (GET shows the page; POST unsubscribes, RFC 8058). */
  url: string;
  /** mailto: to the sending mailbox, the token in the subject (the inbox work reads it back with verifyUnsubscribeToken). */
  mailto: string;
  /** The two headers every campaign email carries. */
  headers: { 'List-Unsubscribe': string; 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
};

export const UNSUBSCRIBE_MAIL_SUBJECT_PREFIX = 'unsubscribe ';

/**
 * The List-Unsubscribe links of one email: the brand's configured origin (never a request's Host),
 * the account, the recipient and the campaign email; `mailbox` is the address the email is sent from.
 */
export function unsubscribeLinks(
  config: Pick<Config, 'unsubscribeSecret' | 'dataDir' | 'publicOrigins'>,
  input: { holderId: number; accountId: number; email: string; campaignEmailId?: number | null; mailbox: string },
): UnsubscribeLinks {
  const token = signUnsubscribeToken(config, input);
  const url = `${brandOrigin(config, input.holderId)}${UNSUBSCRIBE_PATH}?token=${token}`;
  const mailto = `mailto:${input.mailbox}?subject=${encodeURIComponent(`${UNSUBSCRIBE_MAIL_SUBJECT_PREFIX}${token}`)}`;
  return { url, mailto, headers: { 'List-Unsubscribe': `<${url}>, <${mailto}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}

/** The token of an unsubscribe mail's subject ("unsubscribe <token>", any "Re:" or case), or null. */
export function tokenFromUnsubscribeSubject(subject: string): string | null {
  const m = /unsubscribe\s+([A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/i.exec(subject);
  return m ? m[1]! : null;
}
