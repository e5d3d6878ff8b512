/**
 * The end-to-end proof of issue 25's bounces: a real dovecot INBOX holding ~100 bounces of mixed mail systems taken
 * from Sisimai's corpus, each rewritten to answer a campaign email the product really sent (its returned
 * Message-ID and its failed recipient replaced by ours, and an In-Reply-To onto ours as Exchange, Gmail and Yahoo
 * write one), read in ONE sync. Every permanent failure suppresses its address; temporary and policy ones do not;
 * every failure lands in bounce_reports. And nothing on that path waits on the network: with an AI provider
 * configured (whose host would need a DNS lookup), node:dns is never asked during the sync.
 */
import dns from 'node:dns';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { blacklistedEmails, bounceReports, userEmails } from '../../../db/schema';
import { inAccount } from '../../../db/tenancy';
import { imapConnector } from '../../../lib/mail/imap';
import { smtpConnector } from '../../../lib/mail/smtp';
import type { Deps } from '../../../lib/route';
import { DB_KINDS } from '../../../testing/databases';
import { signedInUser, startTestApp, type TestApp } from '../../../testing/harness';
import { connectLoopbackMailbox } from '../../../testing/loopback-mailbox';
import { DOVECOT_BIN, startDovecot, startRecordingSmtpServer, TEST_CERT } from '../../../testing/mail-servers';
import { accountIdOf } from '../../messaging/ownership.test-helpers';
import { syncMailbox } from '../imap-sync';
import { seedSentEmail } from '../seed.test-helpers';
import { analyseBounce, type BounceClass } from './index';

const CORPUS = join(process.env.BOUNCE_CORPORA ?? '/work/shared/corpora', 'bounces-sisimai');
const ALLOW = ['localhost', '127.0.0.1'];
const mailOptions = { allowHosts: ALLOW, tls: { ca: TEST_CERT.cert } };
const imap = imapConnector(mailOptions);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Corpus bounces naming one failed recipient, mixed across mail systems and classes (at most 3 files per system). */
function pickBounces(limit: number): { file: string; raw: string; recipient: string; originalId: string | null }[] {
  const perSystem = new Map<string, number>();
  const picked: { file: string; raw: string; recipient: string; originalId: string | null }[] = [];
  for (const file of readdirSync(CORPUS).filter((f) => /^(lhost|rhost|rfc3464)-.*\.eml$/.test(f)).sort()) {
    const system = file.replace(/-\d+\.eml$/, '');
    if ((perSystem.get(system) ?? 0) >= 3) continue;
    const raw = readFileSync(join(CORPUS, file), 'latin1');
    const report = analyseBounce(Buffer.from(raw, 'latin1'));
    const failed = report?.recipients.filter((r) => r.class !== 'success') ?? [];
    if (report?.kind === 'complaint' || failed.length !== 1 || !failed[0]!.address) continue;
    picked.push({ file, raw, recipient: failed[0]!.address, originalId: report!.originalMessageId });
    perSystem.set(system, (perSystem.get(system) ?? 0) + 1);
    if (picked.length >= limit) break;
  }
  return picked;
}

describe.skipIf(!DOVECOT_BIN || !existsSync(CORPUS)).each(DB_KINDS)('bounces of every mail system through dovecot (%s)', (kind) => {
  let t: TestApp;
  let smtpServer: Awaited<ReturnType<typeof startRecordingSmtpServer>>;
  let dovecot: NonNullable<Awaited<ReturnType<typeof startDovecot>>>;
  let accountId: number;
  let mailboxId: number;

  beforeAll(async () => {
    smtpServer = await startRecordingSmtpServer({ security: 'starttls' });
    dovecot = (await startDovecot('right-password'))!;
    t = await startTestApp(kind, { env: { GUARDED_FETCH_ALLOW_HOSTS: ALLOW.join(',') }, mail: { smtp: smtpConnector(mailOptions), imap } });
    const u = await signedInUser(t, 'bouncesync');
    accountId = await accountIdOf(t, u);
    mailboxId = (await connectLoopbackMailbox(t, u.headers, { smtp: smtpServer.port, imap: dovecot.port })).id;
  });
  afterAll(async () => {
    await t?.close();
    await smtpServer?.close();
    await dovecot?.close();
  });

  it('reads ~100 bounces in one sync: permanent ones suppress, temporary and policy ones do not, each is recorded; no DNS look-up on the way', async () => {
    const mailbox = (await t.db.db.select().from(userEmails).where(and(eq(userEmails.accountId, accountId), eq(userEmails.id, mailboxId))))[0]!;
    const bounces = pickBounces(100);
    expect(bounces.length).toBeGreaterThanOrEqual(90);
    const expected: { file: string; address: string; cls: BounceClass }[] = [];
    const client = await imap.open({ host: '127.0.0.1', port: dovecot.port, security: 'none', username: 'sender@example.com', password: 'right-password' });
    try {
      let n = 0;
      for (const b of bounces) {
        // Sent two days ago from this mailbox, as the outbox leaves it.
        const sent = await seedSentEmail(t, accountId, mailbox, new Date(Date.now() - 2 * 86_400_000));
        let raw = b.raw.replace(new RegExp(escape(b.recipient), 'gi'), sent.prospectEmail);
        if (b.originalId) raw = raw.split(b.originalId).join(sent.step1.messageId);
        // Its own Message-ID (the corpus repeats some), and a thread onto ours as several MTAs write.
        const cut = raw.search(/\r?\n\r?\n/);
        const head = raw.slice(0, cut).replace(/^message-id:.*(\r?\n[ \t].*)*\r?\n?/gim, '');
        raw = `Message-ID: <bounce-${++n}-${Date.now()}@mx.example>\r\nIn-Reply-To: ${sent.step1.messageId}\r\n${head}${raw.slice(cut)}`;
        const report = analyseBounce(Buffer.from(raw, 'latin1'));
        const r = report?.recipients.find((x) => x.class !== 'success');
        if (!r || r.address !== sent.prospectEmail) continue;
        expected.push({ file: b.file, address: sent.prospectEmail, cls: r.class });
        await client.append('INBOX', Buffer.from(raw, 'latin1'));
      }
    } finally {
      await client.logout();
    }
    const classes = new Set(expected.map((e) => e.cls));
    expect(classes).toEqual(new Set(['permanent', 'temporary', 'policy']));

    // A provider is configured: were any message sent to it, its host name would be looked up (a closed network waits for the timeout).
    const looked: string[] = [];
    const lookup = vi.spyOn(dns, 'lookup').mockImplementation(((host: string, ...rest: unknown[]) => {
      looked.push(host);
      const cb = rest.find((x) => typeof x === 'function') as (e: Error) => void;
      cb(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }));
    }) as never);
    const promisesLookup = vi.spyOn(dns.promises, 'lookup').mockImplementation((async (host: string) => {
      looked.push(host);
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    }) as never);
    const deps = { db: t.db.db, config: { ...t.config, ai: { ...t.config.ai, baseUrl: 'http://ai-provider.example/v1', apiKey: 'k' } }, jobs: t.app.jobs, mail: { smtp: smtpConnector(mailOptions), imap } } as unknown as Deps;
    const started = Date.now();
    let result: Awaited<ReturnType<typeof syncMailbox>>;
    try {
      result = await inAccount(accountId, null, () => syncMailbox(deps, mailbox));
    } finally {
      lookup.mockRestore();
      promisesLookup.mockRestore();
    }
    const ms = Date.now() - started;
    console.log(`${expected.length} bounces (${[...classes].map((c) => `${c} ${expected.filter((e) => e.cls === c).length}`).join(', ')}) in one sync: ${ms} ms`);
    expect(result.ok, result.error?.slice(-600) ?? '').toBe(true);
    expect(result.folders.find((f) => f.folder === 'INBOX')).toMatchObject({ seen: expected.length });
    expect(looked).toEqual([]);

    const listed = new Map((await t.db.db.select().from(blacklistedEmails).where(eq(blacklistedEmails.accountId, accountId))).map((r) => [r.email, r.reason]));
    const wrong = expected.filter((e) => (e.cls === 'permanent') !== (listed.get(e.address) === 'hard_bounce')).map((e) => `${e.file} ${e.cls} → ${listed.get(e.address) ?? 'not listed'}`);
    expect(wrong).toEqual([]);
    const recorded = await t.db.db.select().from(bounceReports).where(eq(bounceReports.accountId, accountId));
    expect(recorded.filter((r) => r.campaignEmailId !== null)).toHaveLength(expected.length);
  });
});
