import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { emailThreadMessages, userEmails } from '../../db/schema';
import { inAccount } from '../../db/tenancy';
import { imapConnector } from '../../lib/mail/imap';
import type { Deps } from '../../lib/route';
import { DB_KINDS } from '../../testing/databases';
import { signedInUser, startTestApp, type TestApp } from '../../testing/harness';
import { startHoodiecrow } from '../../testing/mail-servers';
import { accountIdOf } from '../messaging/ownership.test-helpers';
import { storeCredential } from '../mailboxes/credentials';
import { syncMailbox } from './imap-sync';
import { fixture, seedMailbox, seedSentEmail } from './seed.test-helpers';

const imap = imapConnector({ allowHosts: ['127.0.0.1'] });

/** The sync signs in as sending does (mailboxes/oauth-tokens.ts signInOf): here an OAuth mailbox over XOAUTH2 (hoodiecrow's plugin). */
describe.each(DB_KINDS)('IMAP sync of an XOAUTH2 mailbox (%s)', (kind) => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof startHoodiecrow>>;
  beforeAll(async () => {
    server = await startHoodiecrow({ users: {}, xoauth2: { 'ada@good.example': 'access-token-1' } });
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  it('signs in with the stored access token and takes in a reply', async () => {
    const accountId = await accountIdOf(t, await signedInUser(t, 'xoauth2-sync'));
    const seeded = await seedMailbox(t, accountId, 'ada@good.example');
    await t.db.db
      .update(userEmails)
      .set({ authMethod: 'xoauth2', oauthProvider: 'google', imapPort: server.port, imapUsername: 'ada@good.example', sentFolder: 'Outbox of mine' })
      .where(and(eq(userEmails.accountId, accountId), eq(userEmails.id, seeded.id)));
    await inAccount(accountId, null, () =>
      storeCredential(t.db.db, t.config, accountId, seeded.id, 'oauth_access_token', 'access-token-1', { state: 'valid', error: null }, new Date(Date.now() + 3_600_000)),
    );
    const [mailbox] = await t.db.db.select().from(userEmails).where(and(eq(userEmails.accountId, accountId), eq(userEmails.id, seeded.id)));
    const sent = await seedSentEmail(t, accountId, mailbox!);
    const client = await imap.open({ host: '127.0.0.1', port: server.port, security: 'none', username: 'ada@good.example', password: '', accessToken: 'access-token-1' });
    try {
      await client.append('INBOX', fixture('reply-in-reply-to.eml', { to: sent.prospectEmail, original: sent.step1.messageId, mailbox: 'ada@good.example', subject: sent.step1.subject }));
    } finally {
      await client.logout();
    }
    const deps = { db: t.db.db, config: t.config, mail: { imap } } as unknown as Deps;
    const result = await inAccount(accountId, null, () => syncMailbox(deps, mailbox!));
    expect(result.ok, result.error ?? '').toBe(true);
    expect(result.folders.map((f) => [f.folder, f.stored])).toEqual([
      ['INBOX', 1],
      ['Outbox of mine', 0],
    ]);
    const rows = await t.db.db.select().from(emailThreadMessages).where(and(eq(emailThreadMessages.accountId, accountId), eq(emailThreadMessages.kind, 'human')));
    expect(rows).toHaveLength(1);
  });
});
