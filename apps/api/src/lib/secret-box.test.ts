import { describe, expect, it } from 'vitest';
import { secretBox, SecretBoxError } from './secret-box';

const KEY = 'k'.repeat(40);

describe('secretBox (AES-256-GCM)', () => {
  it('opens what it sealed, and never writes the secret in clear', () => {
    const box = secretBox(KEY);
    const sealed = box.seal('app-password 123', 'ctx:1');
    expect(sealed).not.toContain('app-password');
    expect(box.open(sealed, 'ctx:1')).toBe('app-password 123');
  });

  it('seals the same text differently each time (fresh IV)', () => {
    const box = secretBox(KEY);
    expect(box.seal('same', 'c')).not.toBe(box.seal('same', 'c'));
  });

  it('refuses a text moved to another row (associated data)', () => {
    const box = secretBox(KEY);
    const sealed = box.seal('pw', 'account:1:mailbox:1:smtp_password');
    expect(() => box.open(sealed, 'account:2:mailbox:1:smtp_password')).toThrow(SecretBoxError);
  });

  it('refuses an altered text', () => {
    const box = secretBox(KEY);
    const parts = box.seal('pw', 'c').split('.');
    const body = Buffer.from(parts[4]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[4] = body.toString('base64url');
    expect(() => box.open(parts.join('.'), 'c')).toThrow(/does not open/);
  });

  it('tells a changed key apart from tampering', () => {
    const sealed = secretBox(KEY).seal('pw', 'c');
    expect(() => secretBox('z'.repeat(40)).open(sealed, 'c')).toThrow(/another key/);
  });

  it('refuses a short key', () => {
    expect(() => secretBox('short')).toThrow(/at least 32/);
  });
});
