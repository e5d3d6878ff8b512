import * as nodeCrypto from 'node:crypto';
import { createHash, randomBytes, randomInt, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { VERIFICATION_CODE_LENGTH } from '@shared/constants';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

// scrypt is memory-hard and ships with Node (no native build). The parameters are stored in each
// hash, so they can be raised later without invalidating existing passwords.
export const DEFAULT_SCRYPT_N = 16384;
const PARAMS = { r: 8, p: 1 };
const KEY_LENGTH = 32;

/** N: scrypt's cost (config.passwordScryptN). */
export async function hashPassword(password: string, N = DEFAULT_SCRYPT_N): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { N, ...PARAMS, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 256 * 1024 * 1024,
  });
  return timingSafeEqual(key, expected);
}

/** A URL-safe random secret (tokens, clients, link tokens). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

// crypto.hash (Node 20.12+): a one-shot digest without a Hash object; it runs on every authenticated request.
const oneShot = (nodeCrypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }).hash;

export function sha256(value: string): string {
  return oneShot ? oneShot('sha256', value, 'hex') : createHash('sha256').update(value).digest('hex');
}

export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function randomCode(length = VERIFICATION_CODE_LENGTH): string {
  return String(randomInt(0, 10 ** length)).padStart(length, '0');
}
