import { signUnsubscribeToken, UNSUBSCRIBE_PATH } from '../modules/blacklist/unsubscribe-token';

/**
 * The unsubscribe link of a campaign email, built as the sending engine builds it (the wire format of
 * the public page and the RFC 8058 one-click POST), for tests that have no engine to send one yet.
 */
export const E2E_UNSUBSCRIBE_SECRET = 'e2e-unsubscribe-secret-0123456789abcdef';

export function unsubscribeUrlFor(origin: string, secret: string, claims: { accountId: number; email: string; campaignEmailId?: number | null }): string {
  return `${origin}${UNSUBSCRIBE_PATH}?token=${signUnsubscribeToken({ unsubscribeSecret: secret, dataDir: '' }, claims)}`;
}
