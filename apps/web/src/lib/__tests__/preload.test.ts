import { describe, expect, it } from 'vitest';
import { ROUTE_PRELOAD_MAX_PENDING } from '@shared/constants';
import { createPreloadQueue } from '../preload';

function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('createPreloadQueue', () => {
  it('runs at most ROUTE_PRELOAD_MAX_PENDING (4) loads at a time, the rest in order', async () => {
    expect(ROUTE_PRELOAD_MAX_PENDING).toBe(4);
    const queue = createPreloadQueue();
    const loads = Array.from({ length: 6 }, () => deferred());
    const started: number[] = [];
    loads.forEach((d, i) =>
      queue.enqueue(`r${i}`, () => {
        started.push(i);
        return d.promise;
      }),
    );
    expect(started).toEqual([0, 1, 2, 3]);
    expect(queue.pending).toBe(4);
    expect(queue.waiting).toBe(2);

    loads[1]!.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(queue.pending).toBe(4);

    loads[0]!.reject(new Error('chunk failed'));
    await tick();
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    for (const d of loads) d.resolve();
    await queue.idle();
    expect(queue.pending).toBe(0);
  });

  it('loads a key once, but tries a failed key again', async () => {
    const queue = createPreloadQueue(2);
    let calls = 0;
    queue.enqueue('a', async () => {
      calls += 1;
    });
    queue.enqueue('a', async () => {
      calls += 1;
    });
    await queue.idle();
    queue.enqueue('a', async () => {
      calls += 1;
    });
    await queue.idle();
    expect(calls).toBe(1);

    let failing = 0;
    queue.enqueue('b', async () => {
      failing += 1;
      throw new Error('offline');
    });
    await queue.idle();
    queue.enqueue('b', async () => {
      failing += 1;
    });
    await queue.idle();
    expect(failing).toBe(2);
  });

  it('survives a loader that throws synchronously', async () => {
    const queue = createPreloadQueue(1);
    queue.enqueue('x', () => {
      throw new Error('sync');
    });
    let ran = false;
    queue.enqueue('y', async () => {
      ran = true;
    });
    await queue.idle();
    expect(ran).toBe(true);
  });
});
