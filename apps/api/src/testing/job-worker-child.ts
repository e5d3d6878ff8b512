/**
 * A second API process for the liveness tests (lib/jobs/liveness.test.ts), bundled once per run (testing/api-child.ts)
 * and killed with SIGKILL mid-run. It talks to its parent through stdout lines:
 *
 * - `api <database url>`: the API on 127.0.0.1 (prints `listening <port>`); a CSV import stops before its
 *   second chunk (the first is committed) and prints `mid-import <import id>`, then waits for its end.
 * - `queue <database url>`: only the job queue with `test-blocking` (one retry left); enqueues one run,
 *   prints `started <job id> <attempt>` when it runs, and the run never ends.
 * - `engine <database url>`: the whole API (its job queue polling every 100 ms, the sending ticks of
 *   running campaigns kicked at start) with mail connections allowed to loopback and trusting the test
 *   certificate, the same mail-credentials key as the test harness; prints `ready`. For the sending
 *   engine's fault tests (modules/campaigns/sending.faults.test.ts), which kill it with SIGKILL.
 */
import { z } from 'zod';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openPostgres } from '../db/client';
import { defineJob, JobQueue } from '../lib/jobs/queue';
import { imapConnector } from '../lib/mail/imap';
import { smtpConnector } from '../lib/mail/smtp';
import { importHooks } from '../modules/imports/service';
import { TEST_CERT } from './mail-servers';

const [mode, url] = process.argv.slice(2);
const say = (line: string) => process.stdout.write(`${line}\n`);
const never = () => new Promise<never>(() => {});

/** The job the `queue` child runs; the parent's queue defines the same name to take over its runs. */
export const blockingJob = (handler: (attempt: number, id: string) => Promise<unknown>) =>
  defineJob({
    name: 'test-blocking',
    scope: { system: 'liveness test' },
    payload: z.object({ n: z.number() }),
    retryLimit: 1,
    retryDelaySeconds: 0,
    retryBackoff: false,
    expireInSeconds: 3600,
    concurrency: 1,
    handler: (_deps, _payload, job) => handler(job.attempt, job.id),
  });

async function main(): Promise<void> {
  if (!url) throw new Error('usage: job-worker-child.ts api|queue <database url>');
  const handle = await openPostgres(url, 3);
  if (mode === 'api') {
    const config = loadConfig({
      DATABASE_URL: url,
      DATA_DIR: '/nonexistent-test-data',
      WEB_DIST: '/nonexistent-web-dist',
      EXTENSION_DIST: '/nonexistent-extension-dist',
      AUTH_CODE_SECRET: 'test-auth-code-secret-0123456789abcdef',
      LOG_LEVEL: 'silent',
      JOBS_POLL_INTERVAL_MS: '100000',
    });
    importHooks.beforeChunk = async (i) => {
      if (i !== 1) return;
      say(`mid-import`);
      await never();
    };
    const app = await buildApp({ config, db: handle.db, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    say(`listening ${typeof address === 'object' && address ? address.port : ''}`);
  } else if (mode === 'engine') {
    const allowHosts = ['localhost', '127.0.0.1'];
    const config = loadConfig({
      DATABASE_URL: url,
      DATA_DIR: '/nonexistent-test-data',
      WEB_DIST: '/nonexistent-web-dist',
      EXTENSION_DIST: '/nonexistent-extension-dist',
      AUTH_CODE_SECRET: 'test-auth-code-secret-0123456789abcdef',
      MAIL_CREDENTIALS_KEY: 'test-mail-credentials-key-0123456789abcdef',
      UNSUBSCRIBE_SECRET: 'test-unsubscribe-secret-0123456789abcdef',
      GUARDED_FETCH_ALLOW_HOSTS: allowHosts.join(','),
      LOG_LEVEL: 'silent',
      JOBS_POLL_INTERVAL_MS: '100',
    });
    const mailOptions = { allowHosts, tls: { ca: TEST_CERT.cert } };
    await buildApp({ config, db: handle.db, logger: false, mail: { smtp: smtpConnector(mailOptions), imap: imapConnector(mailOptions) } });
    say('ready');
  } else if (mode === 'queue') {
    const job = blockingJob(async (attempt, id) => {
      say(`started ${id} ${attempt}`);
      return never();
    });
    const queue = new JobQueue(handle.db, [job], { pollIntervalMs: 100_000, log: { error: (o) => console.error(o), warn: () => {} } });
    await queue.start({});
    await queue.send(job, { n: 1 });
  } else {
    throw new Error(`unknown mode ${mode}`);
  }
}

// Imported by the test for blockingJob: only a child started as a script runs.
if (/job-worker-child\.m?[jt]s$/.test(process.argv[1] ?? '')) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
