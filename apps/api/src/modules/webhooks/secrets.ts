import type { Config } from '../../config';
import type { WebhookSubscriptionRow } from '../../db/schema';
import { randomToken } from '../../lib/crypto';
import { credentialsBox } from '../mailboxes/credentials';

/**
 * A hook's signing secret is kept sealed (lib/secret-box.ts, the key mailbox passwords are sealed with), bound to its
 * row: a sealed secret copied into another hook does not open. A generated one is `whsec_` and 32 random bytes.
 */
type KeyConfig = Pick<Config, 'mailCredentialsKey' | 'dataDir'>;

const contextOf = (accountId: number, hookId: number) => `webhook_subscriptions:${accountId}:${hookId}`;

export const generateSecret = () => `whsec_${randomToken(32)}`;

export const sealSecret = (config: KeyConfig, accountId: number, hookId: number, secret: string) => credentialsBox(config).seal(secret, contextOf(accountId, hookId));

export const openSecret = (config: KeyConfig, hook: Pick<WebhookSubscriptionRow, 'accountId' | 'id' | 'secretSealed'>) =>
  credentialsBox(config).open(hook.secretSealed, contextOf(hook.accountId, hook.id));
