// Sending-engine benchmarks (issue 11), on the engine's own TypeScript modules bundled with esbuild:
//  - planning: enrolling N (100k) prospects of a persona into a running campaign on PostgreSQL
//    (modules/campaigns/enrolment.ts enrolCampaign: suppression, rotation, the enrolment rows and their
//    compose jobs), against the floor of a plain INSERT … SELECT of the same rows into a table of the same
//    shape (its indexes included), in the same database and run; with the memory it adds to its process
//    (peak RSS over the start, Linux VmHWM; target < 250 MB). Each runs in its own Node process.
//  - engine_idle_cpu: the engine (the job queue polling as configured, the sending ticks, the Sent-folder
//    reconciliation) in an API process with a running campaign and nothing due, CPU seconds over a
//    window (60 s; BENCH_ENGINE_IDLE_S), against a bare Fastify process over the same window.
// Exported for scripts/bench.mjs; `node scripts/bench/engine.mjs [planning|engine_idle_cpu]` runs one alone.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleApiModules } from '../lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const self = fileURLToPath(import.meta.url);

/** The engine's modules, bundled once (dependencies stay in node_modules). */
async function loadEngine() {
  return bundleApiModules(
    'engine',
    `export { enrolCampaign } from './apps/api/src/modules/campaigns/enrolment.ts';
        export { composeJob } from './apps/api/src/modules/campaigns/compose.ts';
        export { bindEvents } from './apps/api/src/lib/events.ts';
        export { reactions } from './apps/api/src/reactions.ts';
        export { JobQueue } from './apps/api/src/lib/jobs/queue.ts';
        export { openPostgres } from './apps/api/src/db/client.ts';
        export { inAccount } from './apps/api/src/db/tenancy.ts';`,
  );
}

/** A new database on the bench's PostgreSQL (BENCH_DATABASE_URL / TEST_DATABASE_URL / local 5432), or null. */
export async function createDatabase(tag) {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: base });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `bench_${tag}_${Date.now()}`;
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

const statusMb = (field) => {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

/** An account with a persona of n prospects (all with an email), one active mailbox, a virtual employee and a running campaign. */
export async function seedCampaign(client, n) {
  const one = async (q, params = []) => (await client.query(q, params)).rows[0];
  const { id: accountId } = await one(`insert into accounts (name) values ('bench planning') returning id`);
  const { id: personaId } = await one(`insert into personas (account_id, name) values ($1, 'Bench persona') returning id`, [accountId]);
  await client.query(
    `insert into prospects (account_id, source, full_name, first_name, last_name, email, company, title)
     select $1, 'import', 'First' || i || ' Last' || (i % 997), 'First' || i, 'Last' || (i % 997), 'p' || i || '@c' || (i % 5000) || '.bench.example', 'Company ' || (i % 5000), 'VP Sales'
     from generate_series(1, $2::int) i`,
    [accountId, n],
  );
  await client.query(`insert into persona_prospects (persona_id, prospect_id, account_id) select $1, id, $2 from prospects where account_id = $2`, [personaId, accountId]);
  const { id: mailboxId } = await one(
    `insert into user_emails (account_id, email, domain, sender_name, smtp_host, smtp_port, smtp_security, smtp_username, imap_host, imap_port, imap_security, imap_username, daily_limit, hourly_limit, min_gap_seconds)
     values ($1, 'ada@good.example', 'good.example', 'Ada', 'smtp.good.example', 587, 'starttls', 'ada', 'imap.good.example', 993, 'tls', 'ada', 500, 100, 60) returning id`,
    [accountId],
  );
  const { id: employeeId } = await one(`insert into virtual_employees (account_id, name) values ($1, 'Ada Agent') returning id`, [accountId]);
  await client.query(`insert into virtual_employee_mailboxes (account_id, virtual_employee_id, user_email_id) values ($1, $2, $3)`, [accountId, employeeId, mailboxId]);
  const { id: campaignId } = await one(`insert into campaigns (account_id, name, persona_id, mode, status, started_at) values ($1, 'Bench campaign', $2, 'autonomous', 'running', now()) returning id`, [
    accountId,
    personaId,
  ]);
  await client.query(`insert into campaign_virtual_employees (account_id, campaign_id, virtual_employee_id) values ($1, $2, $3)`, [accountId, campaignId, employeeId]);
  await client.query(`insert into campaign_steps (account_id, campaign_id, position, delay_days) values ($1, $2, 1, 0), ($1, $2, 2, 3)`, [accountId, campaignId]);
  await client.query('analyze');
  return { accountId, personaId, campaignId, mailboxId, employeeId };
}

/** In its own process: planning or its floor on `url`, printing one JSON line. */
async function planningChild(which, url, n) {
  const pg = (await import('pg')).default;
  const engine = await loadEngine();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const handle = await engine.openPostgres(url, 4);
  await handle.migrate();
  const seeded = await seedCampaign(client, n);
  const jobs = new engine.JobQueue(handle.db, [engine.composeJob], { pollIntervalMs: 1_000_000, log: { error: console.error, warn: () => {} }, worker: false });
  await jobs.start({});
  global.gc?.();
  const rss0 = statusMb('VmRSS');
  fs.writeFileSync('/proc/self/clear_refs', '5'); // VmHWM := current RSS
  const t0 = performance.now();
  let count;
  if (which === 'floor') {
    // The same rows, one statement: a table of the same shape (its indexes too), filled by INSERT … SELECT.
    await client.query('create table floor_enrolments (like campaign_enrolments including all)');
    const res = await client.query(
      `insert into floor_enrolments (account_id, campaign_id, prospect_id, email, virtual_employee_id, user_email_id, exclusive)
       select pp.account_id, $2, p.id, lower(trim(p.email)), $3, $4, true
       from persona_prospects pp join prospects p on p.id = pp.prospect_id and p.account_id = $1
       where pp.account_id = $1 and pp.persona_id = $5 and p.email is not null`,
      [seeded.accountId, seeded.campaignId, seeded.employeeId, seeded.mailboxId, seeded.personaId],
    );
    count = res.rowCount;
  } else {
    const deps = { db: handle.db, jobs };
    // As in a process: the app's reactions are bound to its database (the enrolment's activity publishes).
    engine.bindEvents(deps, engine.reactions);
    const result = await engine.inAccount(seeded.accountId, null, () => engine.enrolCampaign(deps, seeded.accountId, seeded.campaignId));
    count = result.enrolled;
    const jobsCount = Number((await client.query(`select count(*)::int as n from pgboss.job where name = 'campaign-compose'`)).rows[0].n);
    if (jobsCount !== count) throw new Error(`${count} enrolled but ${jobsCount} compose jobs`);
  }
  const ms = performance.now() - t0;
  const peak = statusMb('VmHWM');
  if (count !== n) throw new Error(`${which}: ${count} rows, expected ${n}`);
  await jobs.stop();
  await handle.close();
  await client.end();
  process.stdout.write(`${JSON.stringify({ ms, addedMb: peak - rss0, count })}\n`);
}

function runChild(args, nodeFlags = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeFlags, self, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1))) : reject(new Error(`${args[0]} exited ${code}`))));
  });
}

/** Planning N enrolments (default 100k) vs the INSERT … SELECT floor, each on a fresh database. */
export async function runPlanningBench(n = Number(process.env.BENCH_PLANNING_N ?? 100_000)) {
  const results = {};
  for (const which of ['floor', 'planning']) {
    const db = await createDatabase(which);
    if (!db) return null;
    try {
      results[which] = await runChild(['--planning-child', which, db.url, String(n)], ['--expose-gc', ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [])]);
    } finally {
      await db.drop();
    }
  }
  return { n, ms: results.planning.ms, floorMs: results.floor.ms, addedMb: results.planning.addedMb };
}

/** CPU time (user + system) a process has used, ms (Linux /proc/<pid>/stat, clock ticks of 10 ms). */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // After "pid (comm) ": state is field 3, utime 14 and stime 15 (1-based) → indexes 11 and 12 here.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function freePort() {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function answered(url, child) {
  for (let i = 0; i < 2400; i++) {
    if (child.exitCode !== null) throw new Error(`process exited (${child.exitCode}) before answering ${url}`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no answer from ${url}`);
}

const stopChild = (child) => new Promise((r) => (child.exitCode !== null ? r() : (child.once('exit', r), child.kill('SIGTERM'))));

/**
 * The built API (dist/api/main.mjs) on PostgreSQL with a running campaign of 1000 enrolments whose
 * first emails are sent and follow-ups due in three days (nothing due), beside a bare Fastify process:
 * both measured over the same window, after a warm-up. Answers CPU ms of each and the window.
 */
export async function runEngineIdleBench(seconds = Number(process.env.BENCH_ENGINE_IDLE_S ?? 60)) {
  const db = await createDatabase('idle');
  if (!db) return null;
  const pg = (await import('pg')).default;
  const engine = await loadEngine();
  const children = [];
  try {
    const handle = await engine.openPostgres(db.url, 2);
    await handle.migrate();
    await handle.close();
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const seeded = await seedCampaign(client, 1000);
    await client.query(
      `insert into campaign_enrolments (account_id, campaign_id, prospect_id, email, virtual_employee_id, user_email_id)
       select p.account_id, $2, p.id, p.email, $3, $4 from prospects p where p.account_id = $1`,
      [seeded.accountId, seeded.campaignId, seeded.employeeId, seeded.mailboxId],
    );
    await client.query(
      `insert into campaign_emails (account_id, campaign_id, enrolment_id, step_position, delay_days, prospect_id, virtual_employee_id, user_email_id, to_email, subject, body_html, body_text, message_id, status, due_at, sent_at)
       select e.account_id, e.campaign_id, e.id, s.position, case when s.position = 1 then 0 else 3 end, e.prospect_id, e.virtual_employee_id, e.user_email_id, e.email, 'Hello', '<p>Hi</p>', 'Hi',
              '<' || gen_random_uuid() || '@good.example>', case when s.position = 1 then 'sent' else 'scheduled' end,
              case when s.position = 1 then now() - interval '1 hour' else null end, case when s.position = 1 then now() - interval '1 hour' else null end
       from campaign_enrolments e cross join generate_series(1, 2) s(position) where e.campaign_id = $1`,
      [seeded.campaignId],
    );
    // The follow-ups are due three days after their first message was sent.
    await client.query(`update campaign_emails f set due_at = p.sent_at + interval '3 days' from campaign_emails p where f.step_position = 2 and p.enrolment_id = f.enrolment_id and p.step_position = 1`);
    await client.end();

    const apiPort = await freePort();
    const api = spawn(process.execPath, [path.join(root, 'dist/api/main.mjs')], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'error', HOST: '127.0.0.1', PORT: String(apiPort), DATABASE_URL: db.url, SEED_DEMO: '0' },
    });
    children.push(api);
    const barePort = await freePort();
    const bare = spawn(process.execPath, [path.join(root, 'scripts/bench/bare-fastify.mjs')], { env: { ...process.env, PORT: String(barePort) }, stdio: 'inherit' });
    children.push(bare);
    await answered(`http://127.0.0.1:${apiPort}/api/headers`, api);
    await answered(`http://127.0.0.1:${barePort}/bare`, bare);
    // Warm-up: the start-up tick of the running campaign (kicked 2 s after start) and the first polls.
    await new Promise((r) => setTimeout(r, 10_000));
    const a0 = cpuMs(api.pid);
    const b0 = cpuMs(bare.pid);
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const engineMs = cpuMs(api.pid) - a0;
    const floorMs = cpuMs(bare.pid) - b0;
    return { seconds, engineMs, floorMs };
  } finally {
    for (const c of children) await stopChild(c);
    await db.drop();
  }
}

if (process.argv[2] === '--planning-child') {
  await planningChild(process.argv[3], process.argv[4], Number(process.argv[5]));
  process.exit(0);
} else if (process.argv[1] === self) {
  const which = process.argv[2] ?? 'planning';
  if (which === 'planning') {
    const r = await runPlanningBench();
    if (!r) console.log('planning: skipped (no PostgreSQL)');
    else console.log(`planning ${r.n}: ${r.ms.toFixed(0)} ms vs INSERT … SELECT ${r.floorMs.toFixed(0)} ms → ratio ${(r.ms / r.floorMs).toFixed(2)}; memory added ${r.addedMb.toFixed(0)} MB (target < 250 MB)`);
  } else if (which === 'engine_idle_cpu') {
    const r = await runEngineIdleBench();
    if (!r) console.log('engine_idle_cpu: skipped (no PostgreSQL)');
    else console.log(`engine idle ${r.seconds} s: ${r.engineMs} ms CPU (${((r.engineMs / (r.seconds * 1000)) * 100).toFixed(2)}% of a core) vs bare Fastify ${r.floorMs} ms`);
  }
}
