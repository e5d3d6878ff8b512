import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPostgres } from '../../db/client';
import { CableClient, cableUrlOf, FakeClock } from '../../testing/cable';
import { DB_KINDS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type TestApp } from '../../testing/harness';

/**
 * Scale-out: two API processes (two apps, each with its own pool and its own LISTEN connection) on one
 * PostgreSQL database. An event committed through either reaches cable clients of both; a listening
 * connection that drops comes back and delivers what committed meanwhile, in order.
 */
describe.runIf(DB_KINDS.includes('postgres'))('the cable across two API processes on one PostgreSQL', () => {
  let one: TestApp;
  let two: TestApp;
  let twoDb: Awaited<ReturnType<typeof openPostgres>>;
  let url: string;
  const clock = new FakeClock();
  const clients: CableClient[] = [];

  beforeAll(async () => {
    one = await startTestApp('postgres');
    url = (one.db as unknown as { pool: pg.Pool }).pool.options.connectionString!;
    twoDb = await openPostgres(url, 5);
    // Auth mails go out as jobs on the shared queue, which either process may run: both send to one's mail catcher,
    // where signedInUser(one, …) waits for them (a mail sent by two to a catcher of its own was never seen).
    two = await startTestApp('postgres', { db: twoDb, cable: { clock, listenRetryMs: 1000 }, env: { SMTP_URL: one.smtp.url } });
  });
  afterAll(async () => {
    for (const c of clients) c.ws.terminate();
    await two?.close();
    await twoDb?.close();
    await one?.close();
  });

  const connect = async (t: TestApp, headers: Parameters<typeof cableUrlOf>[1]) => {
    const c = await CableClient.connect(await cableUrlOf(t.app, headers));
    clients.push(c);
    return c;
  };
  /** An offering created through this process's HTTP API (it writes the activity offering_created). */
  const createOffering = async (t: TestApp, headers: Record<string, string>, name: string) => {
    const res = await t.app.inject({ method: 'POST', url: v1('/offerings'), headers, payload: { name, description: 'What we sell' } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { id: number } }>().data.id;
  };

  it('delivers an event committed through one process to clients of the other, both ways', async () => {
    const p = await signedInUser(one, 'two-processes');
    const onOne = await connect(one, p.headers);
    const onTwo = await connect(two, p.headers);
    const head = await onOne.ready(null);
    expect(await onTwo.ready(null)).toBe(head);

    const first = await createOffering(one, p.headers, 'Made on one');
    const second = await createOffering(two, p.headers, 'Made on two');
    for (const c of [onOne, onTwo]) {
      const got = [await c.nextEvent(), await c.nextEvent()];
      expect(got.map((e) => [e.seq, (e.data.refs as { offering_id?: number }).offering_id])).toEqual([
        [head + 1, first],
        [head + 2, second],
      ]);
    }
  });

  it('listens again after losing its connection, and delivers what committed meanwhile, in order', async () => {
    const p = await signedInUser(one, 'listen-drop');
    const c = await connect(two, p.headers);
    const head = await c.ready(null);
    const pid = two.app.liveFeed.listenerPid;
    expect(pid).toEqual(expect.any(Number));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    await vi.waitFor(() => expect(two.app.liveFeed.listening).toBe(false));
    // Committed while process two hears nothing.
    const ids = [await createOffering(one, p.headers, 'While deaf 1'), await createOffering(one, p.headers, 'While deaf 2')];
    const listensBefore = two.app.liveFeed.listens;
    clock.advance(1000);
    await vi.waitFor(() => expect(two.app.liveFeed.listens).toBe(listensBefore + 1));
    const got = [await c.nextEvent(), await c.nextEvent()];
    expect(got.map((e) => [e.seq, (e.data.refs as { offering_id?: number }).offering_id])).toEqual([
      [head + 1, ids[0]],
      [head + 2, ids[1]],
    ]);
    // And it hears new commits again.
    const after = await createOffering(one, p.headers, 'Heard again');
    expect(await c.nextEvent()).toMatchObject({ seq: head + 3, data: { refs: { offering_id: after } } });
  });

  it("a sign-out on one process closes the token's connections on the other", async () => {
    const p = await signedInUser(one, 'signout-across');
    const c = await connect(two, p.headers);
    await c.ready(null);
    const res = await one.app.inject({ method: 'DELETE', url: v1('/auth/sign_out'), headers: p.headers });
    expect(res.statusCode).toBe(200);
    expect(await c.next((f) => f.type === 'disconnect')).toEqual({ type: 'disconnect', reason: 'unauthorized', reconnect: false });
    await c.closed;
  });
});
