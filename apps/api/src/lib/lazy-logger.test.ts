import Fastify from 'fastify';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { lazyChildLoggerFactory } from './lazy-logger';

/** A Fastify app on pino at `level` whose lines are collected. */
async function appLogging(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, childLoggerFactory: lazyChildLoggerFactory, disableRequestLogging: true });
  app.get('/quiet', async (req) => {
    req.log.info('not at this level');
    return { ok: true };
  });
  app.get('/loud', async (req) => {
    req.log.error({ detail: 1 }, 'went wrong');
    req.log.child({ step: 'two' }).error('nested');
    return { ok: true, level: req.log.level };
  });
  await app.ready();
  return { app, lines };
}

describe('the lazy request logger', () => {
  it("logs at enabled levels with the request's id bound, and nothing below the level", async () => {
    const { app, lines } = await appLogging('error');
    await app.inject({ url: '/quiet' });
    expect(lines).toEqual([]);
    const res = await app.inject({ url: '/loud' });
    expect(res.json()).toEqual({ ok: true, level: 'error' });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ msg: 'went wrong', detail: 1, reqId: expect.any(String) });
    expect(lines[1]).toMatchObject({ msg: 'nested', step: 'two', reqId: lines[0]!.reqId });
    await app.close();
  });

  it('logs info when the level allows it', async () => {
    const { app, lines } = await appLogging('info');
    await app.inject({ url: '/quiet' });
    expect(lines.find((l) => l.msg === 'not at this level')).toMatchObject({ reqId: expect.any(String), level: 30 });
    await app.close();
  });
});
