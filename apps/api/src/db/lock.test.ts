import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, currentHolder, DataDirLockedError, processStartTime } from './lock';

describe('data folder lock', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-'));
  afterEach(() => fs.rmSync(path.join(dir, 'server.lock'), { force: true }));

  it('refuses a folder held by a live process, with a clear message', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      // As the other server writes it: its pid, start time and boot id.
      const { boot } = currentHolder();
      fs.writeFileSync(path.join(dir, 'server.lock'), JSON.stringify({ pid: other.pid, start: processStartTime(other.pid!), boot }));
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
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8'))).toEqual(currentHolder());
    release();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it('takes over a lock whose pid now belongs to another process (reused after a kill -9)', () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      const { boot } = currentHolder();
      const start = processStartTime(other.pid!);
      expect(start).toMatch(/^\d+$/);
      // The lock's owner started at another time: the live pid is someone else now.
      fs.writeFileSync(path.join(dir, 'server.lock'), JSON.stringify({ pid: other.pid, start: String(Number(start) - 1), boot }));
      acquireDataDirLock(dir)();
      // Or before a reboot.
      fs.writeFileSync(path.join(dir, 'server.lock'), JSON.stringify({ pid: other.pid, start, boot: 'another-boot' }));
      acquireDataDirLock(dir)();
    } finally {
      other.kill();
    }
  });
});
