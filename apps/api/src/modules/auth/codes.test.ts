import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationCodes } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { DB_KINDS, PGLITE_PASS } from '../../testing/databases';
import { confirmationCode, register, startTestApp, uniqueEmail, v1, type TestApp } from '../../testing/harness';
import { CODE_SECRET_FILE, codeHash, codeSecret } from './codes';
import { MESSAGES } from './service';

describe.runIf(PGLITE_PASS)('the code secret', () => {
  it('is generated once in the data folder with mode 0600 and kept', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'code-secret-'));
    try {
      const first = codeSecret({ authCodeSecret: null, dataDir });
      const file = path.join(dataDir, CODE_SECRET_FILE);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(first).toMatch(/^[0-9a-f]{64}$/);
      expect(fs.readFileSync(file, 'utf8')).toBe(first);
      expect(codeSecret({ authCodeSecret: null, dataDir })).toBe(first);
      expect(codeSecret({ authCodeSecret: 'x'.repeat(40), dataDir })).toBe('x'.repeat(40));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.each(DB_KINDS)('stored codes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('are an HMAC with the server secret, not a hash a dump could reverse; old-style rows never match', async () => {
    const email = uniqueEmail('hmac');
    const user = await register(t, email);
    const code = await confirmationCode(t, email);
    const [row] = await t.db.db.select().from(verificationCodes).where(eq(verificationCodes.userId, user.id));
    expect(row!.codeHash).not.toBe(sha256(code));
    expect(row!.codeHash).not.toContain(sha256(code));
    // Trying all million codes against the row without the secret finds nothing: a different secret gives a different hash.
    expect(row!.codeHash).toBe(codeHash('test-auth-code-secret-0123456789abcdef', user.id, 'confirmation', code));
    expect(row!.codeHash).not.toBe(codeHash('another-secret-0123456789abcdef-xyz', user.id, 'confirmation', code));

    // A code stored the old way (plain sha256) is refused, and the right new code still works.
    await t.db.db.update(verificationCodes).set({ codeHash: sha256(code) }).where(eq(verificationCodes.id, row!.id));
    const old = await t.app.inject({ method: 'POST', url: v1('/verify_by_code'), payload: { email, code } });
    expect(old.json().errors).toEqual([MESSAGES.codeRefused]);
    await t.app.inject({ method: 'POST', url: v1('/send_sms_code'), payload: { email } });
    const fresh = await t.smtp.waitForMail(email, (m) => m.text.includes('Your verification code is'));
    const freshCode = /code is (\d{6})/.exec(fresh.text)![1]!;
    const ok = await t.app.inject({ method: 'POST', url: v1('/verify_by_code'), payload: { email, code: freshCode } });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
