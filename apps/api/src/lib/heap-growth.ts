import v8 from 'node:v8';

/**
 * V8's old-generation growth, capped only while a long import runs.
 *
 * An import makes per-chunk garbage that V8 promotes and, with cheap collections, lets pile up to 4×
 * the live heap (docs/decisions.md, "Import memory"): `--heap-growing-percent=30` keeps the peak near
 * the live size. Set for the whole process, the same cap made an ordinary request load run a full
 * mark-compact every ~0.4 s (13–17 per 8 s of authenticated GETs against 4 without it, GC 19 % of the
 * CPU profile against 3 % for a bare Fastify route) and stalled every request in flight during each
 * one. So the cap holds while at least one import runs and is lifted (0 = V8's own heuristic) when
 * the last one ends. V8 reads the flag each time it recomputes the heap limit, after a full GC.
 */
let running = 0;

export async function withCappedHeapGrowth<T>(fn: () => Promise<T>): Promise<T> {
  if (running++ === 0) v8.setFlagsFromString('--heap-growing-percent=30');
  try {
    return await fn();
  } finally {
    if (--running === 0) v8.setFlagsFromString('--heap-growing-percent=0');
  }
}

/** How many imports hold the cap now (tests). */
export const cappedHeapGrowthHolders = () => running;
