import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const known = new Map<string, string>();

/**
 * A server secret generated once into the data folder (mode 0600) and read from there afterwards: the
 * embedded default for secrets an operator did not configure (AUTH_CODE_SECRET, MAIL_CREDENTIALS_KEY).
 * Several instances must configure the secret instead: each would generate its own.
 */
export function dataFolderSecret(dataDir: string, fileName: string): string {
  const file = path.join(dataDir, fileName);
  const cached = known.get(file);
  if (cached) return cached;
  let secret: string;
  try {
    secret = fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    } catch (e) {
      // Another process wrote it first: use theirs.
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    secret = fs.readFileSync(file, 'utf8').trim();
  }
  if (secret.length < 32) throw new Error(`${file} must hold a secret of at least 32 characters`);
  known.set(file, secret);
  return secret;
}
