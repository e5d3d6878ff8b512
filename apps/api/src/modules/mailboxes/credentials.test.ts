import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { credentialsBox, MAIL_KEY_FILE } from './credentials';

describe('the mail credentials key', () => {
  it('without MAIL_CREDENTIALS_KEY, is generated once into the data folder (0600) and reused', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-key-'));
    try {
      const sealed = credentialsBox({ mailCredentialsKey: null, dataDir }).seal('pw', 'ctx');
      const file = path.join(dataDir, MAIL_KEY_FILE);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.readFileSync(file, 'utf8')).toMatch(/^[0-9a-f]{64}$/);
      expect(credentialsBox({ mailCredentialsKey: null, dataDir }).open(sealed, 'ctx')).toBe('pw');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('MAIL_CREDENTIALS_KEY wins over the file, and another key cannot open what it sealed', () => {
    const sealed = credentialsBox({ mailCredentialsKey: 'a'.repeat(40), dataDir: '/nonexistent' }).seal('pw', 'ctx');
    expect(() => credentialsBox({ mailCredentialsKey: 'b'.repeat(40), dataDir: '/nonexistent' }).open(sealed, 'ctx')).toThrow(/another key/);
  });
});
