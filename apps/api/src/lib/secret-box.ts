import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the server must use again later (mailbox passwords, OAuth tokens) are sealed with AES-256-GCM:
 * a fresh 96-bit IV per seal, the 128-bit tag checked on open, and associated data that binds the sealed
 * text to its row (account, mailbox, kind), so a ciphertext copied into another row does not open.
 * The 256-bit key is derived (HKDF-SHA256) from the configured secret; its fingerprint travels with the
 * text so that a changed key is told apart from tampering.
 */

const VERSION = 'v1';

export class SecretBoxError extends Error {
  constructor(
    readonly reason: 'other_key' | 'corrupt',
    message: string,
  ) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

export type SecretBox = {
  seal(plain: string, context: string): string;
  open(sealed: string, context: string): string;
};

export function secretBox(secret: string): SecretBox {
  if (secret.length < 32) throw new Error('The credentials key must be at least 32 characters');
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'outreach mail credentials v1', 32));
  const keyId = createHash('sha256').update(key).digest('hex').slice(0, 8);
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, keyId, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed, context) {
      const [version, kid, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !kid || !iv || !tag || body === undefined) throw new SecretBoxError('corrupt', 'The stored secret is not in a known format');
      if (kid !== keyId) throw new SecretBoxError('other_key', 'The stored secret was sealed with another key (MAIL_CREDENTIALS_KEY changed)');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxError('corrupt', 'The stored secret does not open (altered, or moved to another row)');
      }
    },
  };
}
