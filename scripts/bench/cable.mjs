// The live connection's benchmark (issue 13, "cable"), on PostgreSQL:
//  - N (1,000; BENCH_CABLE_CLIENTS) WebSocket clients on loopback, all of the demo account, subscribed to
//    AccountChannel and caught up; events are committed by a separate writer straight into live_events
//    (one statement each: the trigger numbers it and NOTIFYs at commit);
//  - delivered events/s: a burst of BENCH_CABLE_BURST (200) events, deliveries (events × clients) over the
//    time from the first commit to the last arrival;
//  - p99 delay from the database commit (committed_at, the trigger's clock_timestamp()) to the client, over
//    BENCH_CABLE_PACED (60) events written 10 per second;
//  - the server's memory per connection (RSS growth from no clients to N subscribed clients, / N);
//  - floor for all three, measured the same way in the same run: a bare `ws` server (bare-ws.mjs) that
//    LISTENs on the same channel and broadcasts a frame of the same size on each NOTIFY.
// Also `cable_emit`: what numbering at commit costs writers: 8 concurrent writers committing one event each,
// all into one account (they queue on its counter row) vs into 8 accounts; and 8 writers committing an
// activity with its event vs the activity alone.
// Exported for scripts/bench.mjs (which passes its server helpers).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const N = Number(process.env.BENCH_CABLE_CLIENTS ?? 1000);
const BURST = Number(process.env.BENCH_CABLE_BURST ?? 200);
const PACED = Number(process.env.BENCH_CABLE_PACED ?? 60);
const PACE_HZ = 10;
const EVENT_DATA = { user_email_id: 12345, status: 'paused' };
const IDENTIFIER = JSON.stringify({ channel: 'AccountChannel' });

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const rssKb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
const p99 = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))];
};

/** Clients that record when each event (by seq) arrived; `arrived(n)` resolves once n deliveries came in all. */
function clientPool() {
  const clients = [];
  let delivered = 0;
  let wait = null;
  const onEvent = () => {
    delivered++;
    if (wait && delivered >= wait.n) {
      wait.resolve();
      wait = null;
    }
  };
  const connectOne = (url, subscribe) =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(url, ['actioncable-v1-json'], { perMessageDeflate: false });
      const c = { ws, got: new Map() };
      ws.on('message', (data) => {
        const f = JSON.parse(data.toString());
        if (f.type === 'welcome') {
          if (!subscribe) return resolve(c);
          return ws.send(JSON.stringify({ command: 'subscribe', identifier: IDENTIFIER }));
        }
        if (f.type === 'confirm_subscription') return ws.send(JSON.stringify({ command: 'message', identifier: IDENTIFIER, data: JSON.stringify({ since: null, action: 'catch_up' }) }));
        if (f.type === 'disconnect') return reject(new Error(`disconnected: ${f.reason}`));
        const m = f.message;
        if (!m) return;
        if (m.type === 'synced') return resolve(c);
        if (m.type === 'event') {
          c.got.set(m.seq, now());
          onEvent();
        }
      });
      ws.on('error', reject);
    });
  return {
    clients,
    async connect(url, n, subscribe) {
      for (let i = 0; i < n; i += 50) {
        const batch = await Promise.all(Array.from({ length: Math.min(50, n - i) }, () => connectOne(url, subscribe)));
        clients.push(...batch);
      }
    },
    arrived(n) {
      return new Promise((resolve) => (delivered >= n ? resolve() : (wait = { n, resolve })));
    },
    get delivered() {
      return delivered;
    },
    close() {
      for (const c of clients) c.ws.terminate();
    },
  };
}

/** One fan-out round against a server (ours or the floor) listening at `url`: N fresh clients, a burst, paced events. */
async function measure(pg, dbUrl, accountId, pid, url, subscribe) {
  const writer = new pg.Client({ connectionString: dbUrl });
  await writer.connect();
  const pool = clientPool();
  try {
    const write = async () => (await writer.query(`insert into live_events (account_id, name, data) values ($1, 'mailbox_changed', $2) returning id`, [accountId, EVENT_DATA])).rows[0].id;
    const before = rssKb(pid);
    await pool.connect(url, N, subscribe);
    await sleep(1000);
    const perConnectionKb = (rssKb(pid) - before) / N;

    const committedAt = async (ids) =>
      new Map((await writer.query(`select seq::float8 as seq, extract(epoch from committed_at) * 1000 as at from live_events where id = any($1::bigint[])`, [ids])).rows.map((r) => [Number(r.seq), Number(r.at)]));

    // Throughput: a burst, written as fast as one writer commits.
    const burstIds = [];
    for (let i = 0; i < BURST; i++) burstIds.push(await write());
    await pool.arrived(BURST * N);
    const burstAt = await committedAt(burstIds);
    const firstCommit = Math.min(...burstAt.values());
    let lastArrival = 0;
    for (const c of pool.clients) for (const seq of burstAt.keys()) lastArrival = Math.max(lastArrival, c.got.get(seq) ?? 0);
    const perSecond = (BURST * N) / ((lastArrival - firstCommit) / 1000);

    // Delay: paced events, each delivery's arrival minus its commit.
    await sleep(500);
    const pacedIds = [];
    const start = now();
    for (let i = 0; i < PACED; i++) {
      const due = start + (i * 1000) / PACE_HZ;
      if (due > now()) await sleep(due - now());
      pacedIds.push(await write());
    }
    await pool.arrived((BURST + PACED) * N);
    const pacedAt = await committedAt(pacedIds);
    const delays = [];
    for (const c of pool.clients) for (const [seq, at] of pacedAt) delays.push(c.got.get(seq) - at);
    return { perSecond, p99: p99(delays), perConnectionKb };
  } finally {
    pool.close();
    await writer.end();
    // The server notices the closed sockets before the next round.
    await sleep(1000);
  }
}

/** Commits/s of `writers` concurrent writers running `statement(i)` transactions for `ms`. */
async function writersThroughput(pg, dbUrl, writers, ms, statements) {
  const clients = await Promise.all(Array.from({ length: writers }, async () => {
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    return c;
  }));
  let commits = 0;
  const until = now() + ms;
  await Promise.all(
    clients.map(async (c, i) => {
      while (now() < until) {
        await c.query('begin');
        for (const [text, params] of statements(i)) await c.query(text, params);
        await c.query('commit');
        commits++;
      }
    }),
  );
  await Promise.all(clients.map((c) => c.end()));
  return commits / (ms / 1000);
}

async function emitCost(pg, dbUrl, accountId) {
  const admin = new pg.Client({ connectionString: dbUrl });
  await admin.connect();
  const accounts = [];
  for (let i = 0; i < 8; i++) accounts.push((await admin.query(`insert into accounts (name) values ($1) returning id`, [`Cable bench ${i}`])).rows[0].id);
  await admin.end();
  const ms = Number(process.env.BENCH_CABLE_EMIT_MS ?? 4000);
  const event = (account) => [`insert into live_events (account_id, name, data) values ($1, 'mailbox_changed', $2)`, [account, EVENT_DATA]];
  const activity = (account) => [`insert into activities (account_id, actor_type, verb, payload) values ($1, 'system', 'offering_created', '{"offering_id": 1}')`, [account]];
  const best = async (fn) => Math.max(await fn(), await fn());
  const oneAccount = await best(() => writersThroughput(pg, dbUrl, 8, ms, () => [activity(accountId), event(accountId)]));
  const eightAccounts = await best(() => writersThroughput(pg, dbUrl, 8, ms, (i) => [activity(accounts[i]), event(accounts[i])]));
  const activityOnly = await best(() => writersThroughput(pg, dbUrl, 8, ms, () => [activity(accountId)]));
  return { oneAccount, eightAccounts, activityOnly };
}

const ROUNDS = Number(process.env.BENCH_CABLE_ROUNDS ?? 2);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function runCableBench({ startServer, freePort, waitFor, stop, signInDemo, createDatabase }) {
  const db = await createDatabase('cable');
  if (!db) return null;
  const pg = (await import('pg')).default;
  const port = await freePort();
  const server = startServer({ PORT: String(port), DATABASE_URL: db.url, SEED_DEMO: '1', RATE_LIMIT_AUTH_MAX: '1000' });
  const barePort = await freePort();
  const bare = spawn(process.execPath, [path.join(root, 'scripts/bench/bare-ws.mjs')], {
    env: { ...process.env, PORT: String(barePort), DATABASE_URL: db.url, EVENT_DATA: JSON.stringify(EVENT_DATA) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    await waitFor(`http://127.0.0.1:${port}/api/headers`, server);
    await new Promise((resolve, reject) => {
      bare.once('message', resolve);
      bare.once('exit', (code) => reject(new Error(`bare-ws exited with ${code}`)));
    });
    const headers = await signInDemo(`http://127.0.0.1:${port}`);
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const accountId = (await c.query(`select account_id from users where email = 'demo@example.com' and holder_id = 0`)).rows[0].account_id;
    await c.end();
    const query = ['access-token', 'client', 'uid'].map((n) => `${n}=${encodeURIComponent(headers[n])}`).join('&');
    const oursUrl = `ws://127.0.0.1:${port}/cable?${query}`;
    const bareUrl = `ws://127.0.0.1:${barePort}/`;
    // Both servers stay up; rounds alternate (floor, ours, floor, ours…) with fresh clients, so a shared
    // machine's load changes hit both sides alike. Each figure is the median of its side's rounds.
    const ours = [];
    const floor = [];
    for (let i = 0; i < ROUNDS; i++) {
      floor.push(await measure(pg, db.url, accountId, bare.pid, bareUrl, false));
      ours.push(await measure(pg, db.url, accountId, server.pid, oursUrl, true));
    }
    const summary = (rounds) => ({
      perSecond: median(rounds.map((r) => r.perSecond)),
      p99: median(rounds.map((r) => r.p99)),
      perConnectionKb: median(rounds.map((r) => r.perConnectionKb)),
    });
    const emit = await emitCost(pg, db.url, accountId);
    return { clients: N, burst: BURST, paced: PACED, paceHz: PACE_HZ, ours: summary(ours), floor: summary(floor), emit };
  } finally {
    await stop(server);
    await stop(bare);
    await db.drop();
  }
}
