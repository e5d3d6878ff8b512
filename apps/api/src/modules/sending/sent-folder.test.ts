import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { userEmails } from '../../db/schema';
import { inAccount } from '../../db/tenancy';
import { imapConnector } from '../../lib/mail/imap';
import { smtpConnector } from '../../lib/mail/smtp';
import { DB_KINDS, PGLITE_PASS } from '../../testing/databases';
import { signedInUser, startTestApp, type TestApp } from '../../testing/harness';
import { DOVECOT_BIN, startDovecot, startHoodiecrow, startRecordingSmtpServer, TEST_CERT } from '../../testing/mail-servers';
import { connectLoopbackMailbox } from '../../testing/loopback-mailbox';
import { accountIdOf } from '../messaging/ownership.test-helpers';
import { findInSentFolder, lookUpSentMessage } from './sent-folder';

const ALLOW = ['localhost', '127.0.0.1'];
const imap = imapConnector({ allowHosts: ALLOW, tls: { ca: TEST_CERT.cert } });

const rawMessage = (messageId: string) =>
  [
    'From: Ada Sender <ada@good.example>',
    'To: ann@acme.example',
    'Subject: A question',
    'Date: Wed, 10 Jun 2026 09:00:00 +0000',
    `Message-ID: ${messageId}`,
    '',
    'Hi Ann',
    '',
  ].join('\r\n');

/** Files a message into a folder as the provider's SMTP would after accepting it. */
async function fileInto(endpoint: Parameters<typeof imap.open>[0], folder: string, messageId: string) {
  const client = await imap.open(endpoint);
  try {
    await client.append(folder, rawMessage(messageId), ['\\Seen']);
  } finally {
    await client.logout();
  }
}

describe.runIf(PGLITE_PASS)('the Sent-folder lookup over IMAP', () => {
  const servers: Array<{
    name: string;
    start: () => Promise<{ port: number; close: () => Promise<void> } | null>;
    folder: string;
    username: string;
  }> = [
    { name: 'hoodiecrow-imap', start: () => startHoodiecrow(), folder: 'Outbox of mine', username: 'sender@example.com' },
    { name: 'dovecot', start: () => startDovecot('right-password'), folder: 'Sent', username: 'ada' },
  ];
  for (const s of servers) {
    it.skipIf(s.name === 'dovecot' && !DOVECOT_BIN)(`finds a Message-ID in the Sent folder, and says so when it is not there (${s.name})`, async () => {
      const server = await s.start();
      if (!server) throw new Error(`${s.name} did not start`);
      try {
        const endpoint = { host: '127.0.0.1', port: server.port, security: 'none' as const, username: s.username, password: 'right-password' };
        const id = `<outbox-17.${Date.now()}@good.example>`;
        // A near miss (same prefix) must not count as found.
        await fileInto(endpoint, s.folder, `<outbox-1.${Date.now()}@good.example>`);
        expect(await findInSentFolder(imap, endpoint, s.folder, id)).toEqual({ status: 'not_found', folder: s.folder });
        await fileInto(endpoint, s.folder, id);
        expect(await findInSentFolder(imap, endpoint, s.folder, id)).toMatchObject({ status: 'found', folder: s.folder });
        expect(await findInSentFolder(imap, endpoint, s.folder, id.slice(1, -1))).toMatchObject({ status: 'found' });
        expect(await findInSentFolder(imap, endpoint, null, id)).toMatchObject({ status: 'unavailable' });
        expect(await findInSentFolder(imap, { ...endpoint, password: 'wrong' }, s.folder, id)).toMatchObject({ status: 'unavailable' });
        expect(await findInSentFolder(imap, endpoint, 'No such folder', id)).toMatchObject({ status: 'unavailable' });
      } finally {
        await server.close();
      }
    });
  }
});

describe.each(DB_KINDS)('lookUpSentMessage in an account scope (%s)', (kind) => {
  let t: TestApp;
  let smtpServer: Awaited<ReturnType<typeof startRecordingSmtpServer>>;
  let imapServer: Awaited<ReturnType<typeof startHoodiecrow>>;
  let accountId: number;
  let mailboxId: number;

  beforeAll(async () => {
    smtpServer = await startRecordingSmtpServer({ security: 'starttls' });
    imapServer = await startHoodiecrow();
    t = await startTestApp(kind, { env: { GUARDED_FETCH_ALLOW_HOSTS: ALLOW.join(',') }, mail: { smtp: smtpConnector({ allowHosts: ALLOW, tls: { ca: TEST_CERT.cert } }), imap } });
    const u = await signedInUser(t, 'sentfolder');
    accountId = await accountIdOf(t, u);
    mailboxId = (await connectLoopbackMailbox(t, u.headers, { smtp: smtpServer.port, imap: imapServer.port })).id;
  });
  afterAll(async () => {
    await t?.close();
    await smtpServer?.close();
    await imapServer?.close();
  });

  it('reads the stored IMAP password and the Sent folder found by the connection test', async () => {
    const [row] = await t.db.db.select().from(userEmails).where(eq(userEmails.id, mailboxId));
    expect(row!.sentFolder).toBe('Outbox of mine');
    const id = `<crash-${Date.now()}@good.example>`;
    const deps = { db: t.db.db, config: t.config, mail: { imap } };
    expect(await inAccount(accountId, null, () => lookUpSentMessage(deps, row!, id))).toEqual({ status: 'not_found', folder: 'Outbox of mine' });
    await fileInto({ host: '127.0.0.1', port: imapServer.port, security: 'none', username: 'sender@example.com', password: 'right-password' }, 'Outbox of mine', id);
    expect(await inAccount(accountId, null, () => lookUpSentMessage(deps, row!, id))).toMatchObject({ status: 'found', folder: 'Outbox of mine' });
  });
});
