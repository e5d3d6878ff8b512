import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const fileSecrets = new Map<string, string>();

/**
 * A server secret: the configured value, else one generated once into `<dataDir>/<fileName>` (mode 0600)
 * and kept, which suits the embedded default. Several instances on one PostgreSQL must share the
 * configured value (a file is per machine). Used for the auth codes' HMAC and the unsubscribe links.
 */
export function serverSecret(configured: string | null, dataDir: string, fileName: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, fileName);
  const known = fileSecrets.get(file);
  if (known) return known;
  let secret: string;
  try {
    secret = fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    secret = fs.readFileSync(file, 'utf8').trim();
  }
  if (secret.length < 32) throw new Error(`${file} must hold a secret of at least 32 characters`);
  fileSecrets.set(file, secret);
  return secret;
}

/** A configured secret: at least 32 characters, or null when unset. */
export function configuredSecret(name: string, raw: string | undefined): string | null {
  const secret = raw?.trim();
  if (!secret) return null;
  if (secret.length < 32) throw new Error(`${name} must be at least 32 characters (e.g. \`openssl rand -hex 32\`)`);
  return secret;
}
