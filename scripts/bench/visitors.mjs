// Website visitors benchmark (issue 28): page views per second that POST /api/v1/tracking/events accepts on
// PostgreSQL (the demo account's tracking code, a browser's user agent, one company network per connection through
// X-Forwarded-For with TRUST_PROXY), beside a bare Fastify route that parses the same body (scripts/bench/bare-collect.mjs)
// in alternating rounds; then how many of the accepted page views were written, and how fast. Exported for scripts/bench.mjs.
import path from 'node:path';
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { createDatabase } from './engine.mjs';

const COMPANY_IPS = ['194.138.39.59', '17.253.144.10', '192.44.243.1', '129.132.1.1', '141.20.1.1', '193.5.1.1', '134.2.1.1', '130.149.1.1', '17.0.0.1', '131.107.1.1'];

export async function runVisitorsBench({ root, startServer, freePort, waitFor, stop, signInDemo, rounds = 3, seconds = 5 }) {
  const db = await createDatabase('visitors');
  if (!db) return null;
  const port = await freePort();
  const barePort = await freePort();
  const child = startServer({
    DATABASE_URL: db.url,
    SEED_DEMO: '1',
    PORT: String(port),
    TRUST_PROXY: '1',
    TRACKING_IP_MAX: '100000000',
    TRACKING_CODE_MAX: '100000000',
    // No resolver answers here (the network is closed): the look-up that would name a company is the offline one.
    TRACKING_REVERSE_DNS: '0',
  });
  const bare = spawn(process.execPath, [path.join(root, 'scripts/bench/bare-collect.mjs')], { env: { ...process.env, PORT: String(barePort) }, stdio: 'inherit' });
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: db.url });
  try {
    const origin = `http://127.0.0.1:${port}`;
    await waitFor(`${origin}/api/headers`, child);
    await waitFor(`http://127.0.0.1:${barePort}/`, bare);
    const headers = await signInDemo(origin);
    const code = (await (await fetch(`${origin}/api/v1/tracking_codes`, { headers })).json()).data.code;
    const body = JSON.stringify({ code, url: 'https://www.example.com/pricing?utm_source=newsletter', referrer: 'https://www.google.com/', title: 'Pricing | Example' });
    const requestHeaders = {
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    };
    const run = (url, duration) =>
      new Promise((resolve, reject) => {
        const instance = autocannon(
          {
            url,
            method: 'POST',
            connections: 10,
            duration,
            headers: requestHeaders,
            body,
            // Each connection is another company's network.
            setupClient: (c) => c.setHeaders({ ...requestHeaders, 'x-forwarded-for': COMPANY_IPS[Math.floor(Math.random() * COMPANY_IPS.length)] }),
          },
          (err, res) => (err ? reject(err) : resolve(res)),
        );
        void instance;
      });
    await run(`http://127.0.0.1:${barePort}/bare`, 2);
    await run(`${origin}/api/v1/tracking/events`, 5); // warm-up (the IP tables load at start or on the first page view)
    await client.connect();
    await new Promise((r) => setTimeout(r, 1000)); // the warm-up's page views written
    const before = Number((await client.query('select count(*) from website_page_views')).rows[0].count);
    const results = [];
    let accepted = 0;
    for (let i = 0; i < rounds; i++) {
      const floor = await run(`http://127.0.0.1:${barePort}/bare`, seconds);
      const ours = await run(`${origin}/api/v1/tracking/events`, seconds);
      accepted += ours['2xx'];
      results.push({ floor: floor.requests.average, ours: ours.requests.average, non2xx: ours.non2xx });
    }
    // Then: how long the accepted page views take to be written (they wait at most TRACKING_FLUSH_MS, in batches).
    const t0 = performance.now();
    let written = 0;
    for (;;) {
      written = Number((await client.query('select count(*) from website_page_views')).rows[0].count) - before;
      if (written >= accepted || performance.now() - t0 > 120_000) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const drainMs = performance.now() - t0;
    results.sort((a, b) => a.ours / a.floor - b.ours / b.floor);
    const median = results[Math.floor(results.length / 2)];
    return { median, ratios: results.map((r) => (r.ours / r.floor).toFixed(2)), accepted, written, drainMs, writtenPerSecond: written / ((rounds * seconds * 1000 + drainMs) / 1000) };
  } finally {
    await client.end().catch(() => {});
    await stop(child);
    await stop(bare);
    await db.drop();
  }
}

/** The look-up's time per address, in a child process with the TypeScript loader (scripts/bench/ip-lookup.ts). */
export function runLookupBench({ root }) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/bench/ip-lookup.ts')], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1))) : reject(new Error(`ip-lookup exited ${code}`))));
  });
}
