// `npm run bench`: each figure beside its floor, both measured in this run on this machine.
// BENCH_ONLY=<comma-separated sections> runs some: user_info, persons, tenancy_guard, signin_js, startup, capture, polling, imports, sending, planning, engine_idle_cpu, imports_latency, inbox_list, ingest, cable, insights, visitors.
//  1. authenticated GET user_info requests/s vs a bare Fastify route (PGlite, and PostgreSQL when reachable)
//  1b. GET persons for the demo account under 50 connections: p99 vs the bare route's p99 under the same load
//  1c. tenancy_guard: GET offerings requests/s on PostgreSQL with the tenancy guard on vs off (TENANCY_GUARD=off)
//  2. the sign-in page's first-load JS (gzip) vs a bare Vite + React page
//  3. `npm start` (already built) to the first answered request on PGlite, vs a bare Node HTTP server
//  4. sending through the engine's smtp-send to a loopback SMTP server vs plain nodemailer (scripts/bench/sending.mjs)
//  5. planning: enrolling 100k prospects into a campaign on PostgreSQL vs INSERT … SELECT of the same rows, and the memory it adds;
//     engine_idle_cpu: the API's CPU over 60 s with a running campaign and nothing due vs a bare Fastify process (scripts/bench/engine.mjs)
//  6. inbox_list: GET email_threads with three filters for an account of 100k threads on PostgreSQL, p99 under 10 connections vs the bare route (scripts/bench/inbox.mjs)
//  7. ingest: the mailbox sync taking in 10k messages from a dovecot INBOX vs imapflow fetching them (scripts/bench/inbox-ingest.mjs)
//  9. visitors: page views/s POST tracking/events accepts on PostgreSQL vs a bare Fastify route parsing the same body, how fast they are written, and the company look-up's µs per IP (scripts/bench/visitors.mjs)
//  8. cable: 1,000 cable clients on loopback, events delivered/s, p99 commit → client, memory per connection vs a bare ws server; cable_emit: what numbering events at commit costs writers (scripts/bench/cable.mjs)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { buildIsStale, npmRun, root } from './lib.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const rows = [];
const report = (name, value, floor, unit, target, ok) => {
  rows.push({ name, value, floor, unit, ratio: value / floor, target, ok });
  console.log(`  ${name}: ${fmt(value)} ${unit} vs floor ${fmt(floor)} ${unit} → ratio ${(value / floor).toFixed(2)} (target ${target}) ${ok ? '✔' : '✘'}`);
};
const fmt = (n) => (n >= 100 ? n.toFixed(0) : n.toFixed(2));

async function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function waitFor(url, child, timeoutMs = 60_000) {
  const t0 = performance.now();
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`process exited (${child.exitCode}) before answering ${url}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return performance.now() - t0;
    } catch {
      /* not yet */
    }
    if (performance.now() - t0 > timeoutMs) throw new Error(`no answer from ${url}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function startServer(env) {
  return spawn(process.execPath, [path.join(root, 'dist/api/main.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'error', HOST: '127.0.0.1', ...env },
  });
}
const stop = (child) => new Promise((r) => (child.exitCode !== null ? r() : (child.once('exit', r), child.kill('SIGTERM'))));

function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 10, duration: DURATION_S, ...opts }, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

async function signInDemo(origin) {
  const res = await fetch(`${origin}/api/v1/auth/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@example.com', password: 'demo12345' }),
  });
  if (res.status !== 200) throw new Error(`demo sign-in answered ${res.status}`);
  const h = {};
  for (const n of ['access-token', 'client', 'expiry', 'uid']) h[n] = res.headers.get(n);
  return h;
}

/**
 * Authenticated GET user_info against the bare Fastify route, in alternating rounds with both servers up
 * (bare, ours, bare, ours, …): on a shared machine the load changes from second to second, so a floor
 * measured a minute apart compares different machines. The figure is the round with the median ratio.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
async function userInfoAgainstBare(env) {
  const port = await freePort();
  const child = startServer({ PORT: String(port), ...env });
  const barePort = await freePort();
  const bare = spawn(process.execPath, [path.join(root, 'scripts/bench/bare-fastify.mjs')], { env: { ...process.env, PORT: String(barePort) }, stdio: 'inherit' });
  try {
    await waitFor(`http://127.0.0.1:${port}/api/headers`, child);
    await waitFor(`http://127.0.0.1:${barePort}/bare`, bare);
    const origin = `http://127.0.0.1:${port}`;
    const headers = await signInDemo(origin);
    const url = `${origin}/api/v1/user_info`;
    const bareUrl = `http://127.0.0.1:${barePort}/bare`;
    const check = await fetch(url, { headers });
    if (check.status !== 200) throw new Error(`user_info answered ${check.status}`);
    // The bare route gets the same request (the four auth headers too): both runs move the same bytes both ways.
    await cannon({ url: bareUrl, headers, duration: 2 }); // warm-up
    await cannon({ url, headers, duration: 2 });
    const duration = Math.max(2, Math.round(DURATION_S / 2));
    const rounds = [];
    for (let i = 0; i < ROUNDS; i++) {
      const floor = (await cannon({ url: bareUrl, headers, duration })).requests.average;
      const res = await cannon({ url, headers, duration });
      if (res.non2xx > 0) throw new Error(`${res.non2xx} non-2xx answers`);
      rounds.push({ ours: res.requests.average, floor });
    }
    rounds.sort((a, b) => a.ours / a.floor - b.ours / b.floor);
    return { median: rounds[Math.floor(rounds.length / 2)], ratios: rounds.map((r) => (r.ours / r.floor).toFixed(2)) };
  } finally {
    await stop(child);
    await stop(bare);
  }
}

/** GET persons for the demo account under 50 connections: p99 latency (ms) and requests/s. */
async function personsUnderLoad(env) {
  const port = await freePort();
  const child = startServer({ PORT: String(port), ...env });
  try {
    await waitFor(`http://127.0.0.1:${port}/api/headers`, child);
    const origin = `http://127.0.0.1:${port}`;
    const headers = await signInDemo(origin);
    const url = `${origin}/api/v1/persons`;
    const check = await fetch(url, { headers });
    if (check.status !== 200) throw new Error(`persons answered ${check.status}`);
    if ((await check.json()).data.length === 0) throw new Error('the demo account has no personas');
    await cannon({ url, headers, connections: 50, duration: 2 }); // warm-up
    const res = await cannon({ url, headers, connections: 50 });
    if (res.non2xx > 0) throw new Error(`${res.non2xx} non-2xx answers`);
    return { p99: res.latency.p99, rps: res.requests.average };
  } finally {
    await stop(child);
  }
}

/** GET offerings requests/s for the demo account (10 connections): the tenancy_guard figure runs it with the guard on and off. */
async function offeringsThroughput(env) {
  const port = await freePort();
  const child = startServer({ PORT: String(port), ...env });
  try {
    await waitFor(`http://127.0.0.1:${port}/api/headers`, child);
    const origin = `http://127.0.0.1:${port}`;
    const headers = await signInDemo(origin);
    const url = `${origin}/api/v1/offerings`;
    await cannon({ url, headers, duration: 2 }); // warm-up
    const res = await cannon({ url, headers });
    if (res.non2xx > 0) throw new Error(`${res.non2xx} non-2xx answers`);
    return res.requests.average;
  } finally {
    await stop(child);
  }
}

/** The floor for latency under load: the bare Fastify route under the same 50 connections (or `connections`). */
async function bareUnderLoad(connections = 50) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'scripts/bench/bare-fastify.mjs')], { env: { ...process.env, PORT: String(port) }, stdio: 'inherit' });
  try {
    await waitFor(`http://127.0.0.1:${port}/bare`, child);
    await cannon({ url: `http://127.0.0.1:${port}/bare`, connections, duration: 2 });
    const res = await cannon({ url: `http://127.0.0.1:${port}/bare`, connections });
    return { p99: res.latency.p99, rps: res.requests.average };
  } finally {
    await stop(child);
  }
}

async function postgresUrl() {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: base });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `bench_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Gzip size of the JS that a Chromium page load fetches from `dir` (served by `origin`). */
async function firstLoadJsGzip(url, readFile) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const page = await browser.newPage();
    const js = new Set();
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (r.resourceType() === 'script' && (u.hostname === '127.0.0.1' || u.hostname === 'localhost')) js.add(u.pathname);
    });
    await page.route((u) => !['127.0.0.1', 'localhost'].includes(u.hostname), (r) => r.abort());
    await page.goto(url, { waitUntil: 'networkidle' });
    let total = 0;
    for (const p of js) total += zlib.gzipSync(readFile(p), { level: 9 }).length;
    return { bytes: total, files: js.size };
  } finally {
    await browser.close();
  }
}

async function bareViteReactPage() {
  // Inside the repo so that react resolves from its node_modules.
  fs.mkdirSync(path.join(root, 'node_modules/.cache'), { recursive: true });
  const dir = fs.mkdtempSync(path.join(root, 'node_modules/.cache/bare-vite-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="/main.jsx"></script></body></html>');
  fs.writeFileSync(
    path.join(dir, 'main.jsx'),
    "import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(<h1>Hello</h1>);\n",
  );
  const { build } = await import('vite');
  const react = (await import('@vitejs/plugin-react')).default;
  await build({ root: dir, logLevel: 'error', plugins: [react()], build: { outDir: path.join(dir, 'dist') }, resolve: { alias: {} }, configFile: false });
  const distDir = path.join(dir, 'dist');
  const http = await import('node:http');
  const server = http.createServer((req, res) => {
    const p = path.join(distDir, req.url === '/' ? 'index.html' : req.url.split('?')[0]);
    if (!fs.existsSync(p)) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': p.endsWith('.js') ? 'text/javascript' : 'text/html' }).end(fs.readFileSync(p));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  try {
    return await firstLoadJsGzip(`http://127.0.0.1:${server.address().port}/`, (p) => fs.readFileSync(path.join(distDir, p)));
  } finally {
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function startupTime(dataDir) {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'error', HOST: '127.0.0.1' },
  });
  await waitFor(`http://127.0.0.1:${port}/api/headers`, child);
  const ms = performance.now() - t0;
  child.kill('SIGTERM');
  await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
  return ms;
}

async function bareNodeStartup() {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, ['-e', `require('http').createServer((q,s)=>s.end('ok')).listen(${port},'127.0.0.1')`]);
  await waitFor(`http://127.0.0.1:${port}/`, child);
  const ms = performance.now() - t0;
  await stop(child);
  return ms;
}

// ---------------------------------------------------------------------------------------------
if (buildIsStale()) {
  console.log('Building first…');
  if ((await npmRun('build')) !== 0) process.exit(1);
}
console.log(`Benchmarks (${os.cpus().length} cores, ${DURATION_S} s per load run)\n`);
// BENCH_ONLY=user_info,persons,tenancy_guard,signin_js,startup,capture,polling,imports,sending,planning,engine_idle_cpu,imports_latency,inbox_list,ingest,cable,insights,visitors runs only those sections.
const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((x) => x.trim())) : null;
const want = (section) => !only || only.has(section);

const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pglite-'));
if (want('user_info')) {
  console.log(`API: authenticated GET /api/v1/user_info, requests/s (higher is better; target ≥ 0.5× bare Fastify; the median of ${ROUNDS} alternating rounds)`);
  const pglite = await userInfoAgainstBare({ DATA_DIR: pgliteDir, DATABASE_URL: '' });
  report(`user_info on PGlite (rounds ${pglite.ratios.join(', ')})`, pglite.median.ours, pglite.median.floor, 'req/s', '≥ 0.5', pglite.median.ours / pglite.median.floor >= 0.5);
  const pg = await postgresUrl();
  if (pg) {
    try {
      const onPg = await userInfoAgainstBare({ DATABASE_URL: pg.url, SEED_DEMO: '1' });
      report(`user_info on PostgreSQL (rounds ${onPg.ratios.join(', ')})`, onPg.median.ours, onPg.median.floor, 'req/s', '≥ 0.5', onPg.median.ours / onPg.median.floor >= 0.5);
    } finally {
      await pg.drop();
    }
  } else {
    console.log('  user_info on PostgreSQL: skipped (no server on 127.0.0.1:5432; set BENCH_DATABASE_URL)');
  }
}

if (want('persons')) {
  console.log('\nAPI: GET /api/v1/persons for the demo account under 50 connections, p99 ms (target < 30 ms; floor: the bare route under the same load)');
  const floor = await bareUnderLoad();
  const onPglite = await personsUnderLoad({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-persons-')), DATABASE_URL: '' });
  report(`persons p99 on PGlite (${onPglite.rps.toFixed(0)} req/s vs ${floor.rps.toFixed(0)})`, onPglite.p99, floor.p99, 'ms', '< 30 ms', onPglite.p99 < 30);
  const pg = await postgresUrl();
  if (pg) {
    try {
      const onPg = await personsUnderLoad({ DATABASE_URL: pg.url, SEED_DEMO: '1' });
      report(`persons p99 on PostgreSQL (${onPg.rps.toFixed(0)} req/s)`, onPg.p99, floor.p99, 'ms', '< 30 ms', onPg.p99 < 30);
    } finally {
      await pg.drop();
    }
  } else {
    console.log('  persons on PostgreSQL: skipped (no server on 127.0.0.1:5432; set BENCH_DATABASE_URL)');
  }
}

if (want('tenancy_guard')) {
  // GET offerings runs its statements on every request (user_info answers from the auth cache and
  // persons from the write-epoch cache, so neither would show the guard). Off: TENANCY_GUARD=off.
  console.log('\nAPI: the tenancy guard\'s cost, GET /api/v1/offerings requests/s on PostgreSQL with the guard on vs off (reported; ratio near 1 = cheap)');
  const pg = await postgresUrl();
  if (pg) {
    try {
      const rounds = Number(process.env.BENCH_GUARD_ROUNDS ?? 2);
      let on = 0;
      let off = 0;
      // Alternated, best of each: the machine is shared, so one run of each compares different loads.
      for (let i = 0; i < rounds; i++) {
        off = Math.max(off, await offeringsThroughput({ DATABASE_URL: pg.url, SEED_DEMO: '1', TENANCY_GUARD: 'off' }));
        on = Math.max(on, await offeringsThroughput({ DATABASE_URL: pg.url, SEED_DEMO: '1' }));
      }
      report('tenancy_guard: offerings on PostgreSQL, guard on vs off', on, off, 'req/s', 'reported', true);
    } finally {
      await pg.drop();
    }
  } else {
    console.log('  tenancy_guard: skipped (no server on 127.0.0.1:5432; set BENCH_DATABASE_URL)');
  }
}

if (want('signin_js')) {
console.log('\nWeb: sign-in page first-load JS, gzip bytes (lower is better; target ≤ 2× a bare Vite + React page)');
const floorJs = await bareViteReactPage();
{
  const port = await freePort();
  const child = startServer({ PORT: String(port), DATA_DIR: pgliteDir, DATABASE_URL: '' });
  try {
    await waitFor(`http://127.0.0.1:${port}/api/headers`, child);
    const ours = await firstLoadJsGzip(`http://127.0.0.1:${port}/auth/signin`, (p) => fs.readFileSync(path.join(root, 'dist/web', p)));
    report(`sign-in page JS (${ours.files} files)`, ours.bytes, floorJs.bytes, 'B gz', '≤ 2', ours.bytes / floorJs.bytes <= 2);
  } finally {
    await stop(child);
  }
}
}

const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
if (want('startup')) {
  console.log('\nStart-up: `npm start` (already built) to the first answered request, ms (target < 5000 ms on PGlite)');
  const floorStart = await bareNodeStartup();
  const first = await startupTime(fresh);
  report('npm start, new data folder', first, floorStart, 'ms', '< 5000 ms', first < 5000);
  const again = await startupTime(fresh);
  report('npm start, existing data folder', again, floorStart, 'ms', '< 5000 ms', again < 5000);
}


if (!want('capture')) {
  // not selected (BENCH_ONLY)
} else if (!fs.existsSync(path.join(root, 'apps/extension/lib/capture/parse-profile.ts'))) {
  console.log('  skipped: the profile parser is not in this build');
} else {
  console.log('\nExtension: capture of a ~2 MB profile page in Chromium, ms (target ≤ 2× DOMParser on the same HTML)');
  const esbuild = await import('esbuild');
  const bundle = await esbuild.build({
    stdin: {
      contents: `import { parseProfile } from './apps/extension/lib/capture/parse-profile.ts';
        import { largeProfileHtml } from './apps/extension/lib/capture/__fixtures__/generate-large.ts';
        globalThis.__bench = { parseProfile, largeProfileHtml };`,
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    tsconfig: path.join(root, 'tsconfig.json'),
    logLevel: 'error',
  });
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>bench</title>');
    await page.addScriptTag({ content: bundle.outputFiles[0].text });
    const r = await page.evaluate(() => {
      const { parseProfile, largeProfileHtml } = globalThis.__bench;
      const html = largeProfileHtml(2_000_000);
      const url = 'https://www.linkedin.com/in/bench-member/';
      const parseMs = [];
      const captureMs = [];
      for (let i = 0; i < 15; i++) {
        const t0 = performance.now();
        const doc = new DOMParser().parseFromString(html, 'text/html');
        const t1 = performance.now();
        const result = parseProfile(doc, url);
        const t2 = performance.now();
        if (result.kind !== 'profile') throw new Error('the large page did not parse as a profile');
        parseMs.push(t1 - t0);
        captureMs.push(t2 - t1);
      }
      const median = (a) => a.sort((x, y) => x - y)[Math.floor(a.length / 2)];
      return { bytes: html.length, parse: median(parseMs), capture: median(captureMs) };
    });
    report(`capture of a ${(r.bytes / 1e6).toFixed(1)} MB page`, r.capture, r.parse, 'ms', '≤ 2', r.capture / r.parse <= 2);
  } finally {
    await browser.close();
  }
}

if (want('polling')) {
  console.log('\nExtension: CPU time of the /extension page over 60 s, polling on vs off (the page hidden pauses polling)');
  const seconds = Number(process.env.BENCH_POLL_SECONDS ?? 60);
  const extDir = path.join(root, 'dist/extension/chrome-mv3');
  const port = await freePort();
  const child = startServer({ PORT: String(port), DATA_DIR: pgliteDir, DATABASE_URL: '' });
  const { chromium } = await import('@playwright/test');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-chromium-'));
  const ctx = await chromium.launchPersistentContext(dataDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [`--disable-extensions-except=${extDir}`, `--load-extension=${extDir}`, '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    await waitFor(`http://127.0.0.1:${port}/api/headers`, child);
    await ctx.route((u) => !['127.0.0.1', 'localhost'].includes(u.hostname), (r) => r.abort());
    const measure = async (hidden, forSeconds = seconds) => {
      const page = await ctx.newPage();
      // Both runs without CSS animations (the page honours reduced motion), so the difference is the polling.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      if (hidden) {
        await page.addInitScript(() => {
          Object.defineProperty(document, 'hidden', { get: () => true });
          Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' });
        });
      }
      await page.goto(`http://localhost:${port}/extension`, { waitUntil: 'networkidle' });
      const cdp = await ctx.newCDPSession(page);
      await cdp.send('Performance.enable');
      const read = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
      const a = await read();
      await page.waitForTimeout(forSeconds * 1000);
      const b = await read();
      await page.close();
      return (b.TaskDuration - a.TaskDuration) * 1000;
    };
    // A first, discarded run warms the browser and the server, so neither measured run pays for it.
    await measure(false, 5);
    const off = await measure(true);
    const on = await measure(false);
    report(`/extension page CPU over ${seconds} s, polling`, on, Math.max(off, 0.001), 'ms', 'reported', true);
  } finally {
    await ctx.close();
    await stop(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (want('imports')) {
  console.log('\nProspects: import of generated prospects vs PostgreSQL COPY of the same rows, peak memory, and the five-filter persona count');
  const { runImportBenches } = await import('./bench/import.mjs');
  for (const r of await runImportBenches()) rows.push({ name: r.name, ok: r.ok });
}

if (want('sending')) {
  console.log('\nSending: messages/s to a loopback SMTP server through the engine\'s smtp-send with limits lifted (target ≥ 0.8× plain nodemailer sending the same messages)');
  const { runSendingBench } = await import('./bench/sending.mjs');
  const r = await runSendingBench();
  report(`smtp-send, ${r.n} messages × 3 rounds (best)`, r.engine, r.floor, 'msg/s', '≥ 0.8', r.engine / r.floor >= 0.8);
}

if (want('planning')) {
  console.log('\nPlanning: enrolling 100k prospects of a persona into a running campaign on PostgreSQL (suppression, rotation, enrolments and their compose jobs) vs INSERT … SELECT of the same rows into a table of the same shape; memory added (target < 250 MB)');
  const { runPlanningBench } = await import('./bench/engine.mjs');
  const r = await runPlanningBench();
  if (!r) console.log('  planning: skipped (no server on 127.0.0.1:5432; set BENCH_DATABASE_URL)');
  else {
    report(`planning ${r.n} enrolments, time`, r.ms, r.floorMs, 'ms', 'reported', true);
    console.log(`  planning ${r.n} enrolments, memory added: ${r.addedMb.toFixed(0)} MB (target < 250 MB) ${r.addedMb < 250 ? '✔' : '✘'}`);
    rows.push({ name: 'planning memory added', ok: r.addedMb < 250 });
  }
}

if (want('engine_idle_cpu')) {
  const seconds = Number(process.env.BENCH_ENGINE_IDLE_S ?? 60);
  console.log(`\nEngine idle: CPU of the API on PostgreSQL over ${seconds} s with a running campaign and nothing due (job polls, sending ticks, reconciliation) vs a bare Fastify process over the same ${seconds} s (target < 1% of one core)`);
  const { runEngineIdleBench } = await import('./bench/engine.mjs');
  const r = await runEngineIdleBench(seconds);
  if (!r) console.log('  engine_idle_cpu: skipped (no server on 127.0.0.1:5432; set BENCH_DATABASE_URL)');
  else {
    const share = r.engineMs / (seconds * 1000);
    // The bare process may use less than one 10 ms clock tick: the floor is at least that tick.
    report(`engine idle CPU over ${seconds} s (${(share * 100).toFixed(2)}% of one core)`, r.engineMs, Math.max(r.floorMs, 10), 'ms', '< 1% of one core', share < 0.01);
  }
}

if (want('ingest')) {
  console.log('\nInbox: ingesting 1k and 10k messages from IMAP (dovecot) through the mailbox sync, msg/s (floor: imapflow fetching the same messages, no processing)');
  const { runIngestBench, describeIngest, ingestOk, INGEST_TARGET } = await import('./bench/inbox-ingest.mjs');
  for (const r of await runIngestBench()) {
    if (r.skipped) console.log(`  ingest: skipped (${r.skipped})`);
    else report(describeIngest(r), r.oursRate, r.floorRate, 'msg/s', r.small ? `≥ ${INGEST_TARGET[r.kind]} msg/s and ≥ ${INGEST_TARGET.flatness}× the ${r.small.n} rate` : 'reported', ingestOk(r));
  }
}

if (want('imports_latency')) {
  console.log("\nImports and other accounts: another account's GET offerings while one account imports 60k rows, beside the same request with no import");
  const { runImportLatencyBenches } = await import('./bench/import.mjs');
  for (const r of await runImportLatencyBenches()) rows.push({ name: r.name, ok: r.ok });
}

if (want('inbox_list')) {
  const { INBOX_BENCH_THREADS, createDatabase, inboxFilters, seedInbox } = await import('./bench/inbox.mjs');
  console.log(`\nInbox: GET /api/v1/email_threads with three filters (campaign, interested or meeting request, unread) for an account of ${INBOX_BENCH_THREADS} threads on PostgreSQL, 10 connections, p99 ms (target < 50 ms; floor: the bare route under the same load)`);
  const db = await createDatabase('inbox');
  if (!db) console.log('  inbox_list: skipped (no server on 127.0.0.1:5432; set BENCH_DATABASE_URL)');
  else {
    const port = await freePort();
    const child = startServer({ PORT: String(port), DATABASE_URL: db.url, SEED_DEMO: '1' });
    try {
      await waitFor(`http://127.0.0.1:${port}/api/headers`, child);
      const origin = `http://127.0.0.1:${port}`;
      const headers = await signInDemo(origin);
      const t0 = performance.now();
      const { campaignId } = await seedInbox(db.url);
      console.log(`  seeded ${INBOX_BENCH_THREADS} threads in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      const url = `${origin}/api/v1/email_threads?per_page=25&filters=${encodeURIComponent(JSON.stringify(inboxFilters(campaignId)))}`;
      const check = await fetch(url, { headers });
      if (check.status !== 200) throw new Error(`email_threads answered ${check.status}`);
      const body = await check.json();
      if (body.data.length === 0) throw new Error('the filtered inbox is empty');
      const floor = await bareUnderLoad(10);
      await cannon({ url, headers, duration: 2 }); // warm-up
      const res = await cannon({ url, headers });
      if (res.non2xx > 0) throw new Error(`${res.non2xx} non-2xx answers`);
      // autocannon counts whole milliseconds: a bare route's p99 under 1 ms reads 0, so the floor is at least 1 ms.
      report(`inbox_list p99, ${body.meta.total} of ${INBOX_BENCH_THREADS} threads match (${res.requests.average.toFixed(0)} req/s vs ${floor.rps.toFixed(0)})`, res.latency.p99, Math.max(floor.p99, 1), 'ms', '< 50 ms', res.latency.p99 < 50);
    } finally {
      await stop(child);
      await db.drop();
    }
  }
}

if (want('insights')) {
  const { INSIGHTS_BENCH_SENDS, seedInsights } = await import('./bench/insights.mjs');
  const { createDatabase } = await import('./bench/engine.mjs');
  console.log(`\nInsights: the three insights calls for an account of ${INSIGHTS_BENCH_SENDS} sent emails on PostgreSQL, 10 connections, p99 ms (target < 150 ms; floor: the bare route under the same load)`);
  const db = await createDatabase('insights');
  if (!db) console.log('  insights: skipped (no server on 127.0.0.1:5432; set BENCH_DATABASE_URL)');
  else {
    const port = await freePort();
    const child = startServer({ PORT: String(port), DATABASE_URL: db.url, SEED_DEMO: '1' });
    try {
      await waitFor(`http://127.0.0.1:${port}/api/headers`, child);
      const origin = `http://127.0.0.1:${port}`;
      const headers = await signInDemo(origin);
      const t0 = performance.now();
      const seeded = await seedInsights(db.url);
      console.log(`  seeded ${INSIGHTS_BENCH_SENDS} sends and ${seeded.replies} replies in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      const floor = await bareUnderLoad(10);
      const calls = [
        ['overall-stats', '/api/v1/insights/deliverability/overall-stats?period=month'],
        ['my_opportunities', '/api/v1/insights/performance/my_opportunities?period=month'],
        ['target_audience', '/api/v1/insights/performance/target_audience?period=month&statistic_name=job_title'],
      ];
      // A run in which no request finished has no latency to report: it fails, it is never a 0 ms pass.
      const p99Of = (name, res) => {
        if (res.non2xx > 0) throw new Error(`${name}: ${res.non2xx} non-2xx answers`);
        return res.requests.total > 0 ? res.latency.p99 : Infinity;
      };
      for (const [name, path] of calls) {
        const url = `${origin}${path}`;
        // The first call computes the figures (the account has no snapshot yet): what a user waits for once.
        const c0 = performance.now();
        const check = await fetch(url, { headers });
        if (check.status !== 200) throw new Error(`${name} answered ${check.status}`);
        const { data } = await check.json();
        console.log(`  ${name}: first answer (computed) ${(performance.now() - c0).toFixed(0)} ms, computation ${data.freshness.computed_in_ms} ms`);
        const res = await cannon({ url, headers });
        const p99 = p99Of(name, res);
        report(`insights ${name} p99 (${res.requests.average.toFixed(1)} req/s vs ${floor.rps.toFixed(0)})`, p99, Math.max(floor.p99, 1), 'ms', '< 150 ms', p99 < 150);
      }
      // While the account keeps sending (an email_sent activity every 50 ms): every answer is stale, served from the
      // last snapshot while one background refresh at a time recomputes it.
      const pg = (await import('pg')).default;
      const writer = new pg.Client({ connectionString: db.url });
      await writer.connect();
      let writing = true;
      let written = 0;
      const writes = (async () => {
        while (writing) {
          await writer.query(
            `insert into activities (account_id, actor_type, verb, channel, payload, occurred_at) values ($1, 'system', 'email_sent', 'email', '{"kind":"campaign"}', now())`,
            [seeded.accountId],
          );
          written += 1;
          await new Promise((r) => setTimeout(r, 50));
        }
      })();
      try {
        for (const [name, path] of calls) {
          const res = await cannon({ url: `${origin}${path}`, headers });
          const p99 = p99Of(name, res);
          report(`insights ${name} p99 while sending (${res.requests.average.toFixed(1)} req/s)`, p99, Math.max(floor.p99, 1), 'ms', '< 150 ms', p99 < 150);
        }
      } finally {
        writing = false;
        await writes;
        await writer.end();
      }
      console.log(`  ${written} sends written during the load`);
    } finally {
      await stop(child);
      await db.drop();
    }
  }
}

if (want('cable')) {
  const { runCableBench } = await import('./bench/cable.mjs');
  const { createDatabase } = await import('./bench/engine.mjs');
  console.log('\nLive connection: /cable on PostgreSQL, clients of one account on loopback (floor: a bare ws server broadcasting each NOTIFY, same run)');
  const r = await runCableBench({ startServer, freePort, waitFor, stop, signInDemo, createDatabase });
  if (!r) console.log('  cable: skipped (no server on 127.0.0.1:5432; set BENCH_DATABASE_URL)');
  else {
    report(`cable: events delivered/s, ${r.clients} clients, a burst of ${r.burst}`, r.ours.perSecond, r.floor.perSecond, 'deliveries/s', '≥ 0.5', r.ours.perSecond / r.floor.perSecond >= 0.5);
    report(`cable: p99 delay commit → client, ${r.paced} events at ${r.paceHz}/s to ${r.clients} clients`, r.ours.p99, Math.max(r.floor.p99, 1), 'ms', '< 100 ms', r.ours.p99 < 100);
    report(`cable: server memory per connection (${r.clients} subscribed)`, r.ours.perConnectionKb, Math.max(r.floor.perConnectionKb, 1), 'KB', '≤ 3', r.ours.perConnectionKb / Math.max(r.floor.perConnectionKb, 1) <= 3);
    report('cable_emit: 8 writers, activity + event commits/s: one account vs eight accounts (the counter row)', r.emit.oneAccount, r.emit.eightAccounts, 'tx/s', '≥ 0.7', r.emit.oneAccount / r.emit.eightAccounts >= 0.7);
    report('cable_emit: 8 writers on one account, activity + event vs the activity alone', r.emit.oneAccount, r.emit.activityOnly, 'tx/s', 'reported', true);
  }
}

if (want('visitors')) {
  const { runVisitorsBench, runLookupBench } = await import('./bench/visitors.mjs');
  console.log('\nVisitors: POST /api/v1/tracking/events on PostgreSQL, page views accepted/s (target ≥ 0.5× a bare Fastify route parsing the same body; median of 3 alternating rounds), and the company look-up per IP (target < 50 µs)');
  const lookup = await runLookupBench({ root });
  report(`visitors: IP look-up (ASN + country), IPv4, tables loaded in ${lookup.loadMs.toFixed(0)} ms (${lookup.ranges.asn} + ${lookup.ranges.country} ranges)`, lookup.v4Us, 50, 'µs/IP', '< 50 µs', lookup.v4Us < 50);
  report('visitors: IP look-up (ASN + country), IPv6', lookup.v6Us, 50, 'µs/IP', '< 50 µs', lookup.v6Us < 50);
  const r = await runVisitorsBench({ root, startServer, freePort, waitFor, stop, signInDemo });
  if (!r) console.log('  visitors: skipped (no server on 127.0.0.1:5432; set BENCH_DATABASE_URL)');
  else {
    report(`visitors: page views accepted/s (rounds ${r.ratios.join(', ')}; ${r.median.non2xx} not 2xx)`, r.median.ours, r.median.floor, 'req/s', '≥ 0.5', r.median.ours / r.median.floor >= 0.5);
    console.log(`  ${r.written} of ${r.accepted} accepted page views written, the last ${(r.drainMs / 1000).toFixed(1)} s after the load ended (${r.writtenPerSecond.toFixed(0)} page views/s written on average)`);
  }
}

fs.rmSync(pgliteDir, { recursive: true, force: true });
fs.rmSync(fresh, { recursive: true, force: true });
const failed = rows.filter((r) => !r.ok);
console.log(`\n${rows.length - failed.length} of ${rows.length} figures within target`);
process.exit(0);
