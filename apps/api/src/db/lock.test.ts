import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './lock';

describe('data folder lock', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-'));
  afterEach(() => fs.rmSync(path.join(dir, 'server.lock'), { force: true }));

  it('refuses a folder held by a live process, with a clear message', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      fs.writeFileSync(path.join(dir, 'server.lock'), String(other.pid));
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(
        `Another server is already using the data folder ${dir} (pid ${other.pid}). Stop it or set DATA_DIR to another folder.`,
      );
    } finally {
      other.kill();
    }
  });

  it('takes over a stale lock and releases it', () => {
    fs.writeFileSync(path.join(dir, 'server.lock'), '999999999');
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });
});
