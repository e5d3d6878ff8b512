import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/** Who holds the lock: the pid, and (on Linux) when that process started and since which boot. */
type Holder = { pid: number; start: string | null; boot: string | null };

const read = (file: string): string | null => {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
};

/** The kernel's start time of a process (/proc/<pid>/stat field 22, in clock ticks since boot), or null. */
export function processStartTime(pid: number): string | null {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return null;
  // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return rest[22 - 3] ?? null;
}

const bootId = () => read('/proc/sys/kernel/random/boot_id');

export function currentHolder(): Holder {
  return { pid: process.pid, start: processStartTime(process.pid), boot: bootId() };
}

function parse(text: string): Holder | null {
  if (/^\d+$/.test(text)) return { pid: Number(text), start: null, boot: null }; // an older server's lock
  try {
    const h = JSON.parse(text) as Partial<Holder>;
    return Number.isInteger(h.pid) && h.pid! > 0 ? { pid: h.pid!, start: h.start ?? null, boot: h.boot ?? null } : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The holder still runs: its pid is alive and it is the same process. After a kill -9 the pid can be
 * reused by another program, so the start time and the boot id recorded with it must match too
 * (where /proc tells them; elsewhere the pid alone decides).
 */
function holderRuns(h: Holder): boolean {
  if (h.pid === process.pid || !isAlive(h.pid)) return false;
  const boot = bootId();
  if (h.boot && boot && h.boot !== boot) return false;
  const start = processStartTime(h.pid);
  if (h.start && start && h.start !== start) return false;
  return true;
}

/**
 * Two processes on one PGlite folder silently lose data, so the folder holds a lock file naming its
 * owner (pid, start time, boot id). A lock whose owner is gone (a crash, kill -9, a reboot, the pid
 * reused by another process) is stale and taken over. Returns the release function.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.lock');
  const me = JSON.stringify(currentHolder());
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, me, { flag: 'wx' });
      return () => {
        try {
          if (read(file) === me) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const holder = parse(read(file) ?? '');
    if (holder && holderRuns(holder)) {
      throw new DataDirLockedError(
        `Another server is already using the data folder ${dataDir} (pid ${holder.pid}). Stop it or set DATA_DIR to another folder.`,
      );
    }
    fs.rmSync(file, { force: true });
  }
  throw new DataDirLockedError(`Could not take the lock on the data folder ${dataDir}.`);
}
