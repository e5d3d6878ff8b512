import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { UserEmailRow } from '../../db/schema';
import type { ImapConnector, MailEndpoint } from '../../lib/mail';
import { signInOf } from '../mailboxes/oauth-tokens';

/**
 * Was this message sent? A row the outbox finds in "sending" after a crash (or a send whose connection
 * broke after the message was handed over) is resolved by looking for its Message-ID in the mailbox's
 * Sent folder over IMAP (HEADER Message-ID search): found, it was sent; not found, it is uncertain and
 * the user decides ("send" or "skip"). Most providers (Gmail, Microsoft 365) file what their SMTP
 * accepted into Sent by themselves; with others "not found" is the honest answer.
 */
export type SentFolderAnswer =
  | { status: 'found'; folder: string; uid: number }
  | { status: 'not_found'; folder: string }
  /** The lookup could not be made (no Sent folder known, sign-in failed, …): still uncertain. */
  | { status: 'unavailable'; reason: string };

/** The IMAP side of a mailbox as an endpoint, with its password. */
export const imapEndpointOf = (mailbox: Pick<UserEmailRow, 'imapHost' | 'imapPort' | 'imapSecurity' | 'imapUsername'>, password: string): MailEndpoint => ({
  host: mailbox.imapHost,
  port: mailbox.imapPort,
  security: mailbox.imapSecurity,
  username: mailbox.imapUsername,
  password,
});

/** Message-IDs compare without their angle brackets; servers store them with. */
const bare = (id: string) => id.trim().replace(/^<|>$/g, '');

export async function findInSentFolder(imap: Pick<ImapConnector, 'open'>, endpoint: MailEndpoint, sentFolder: string | null, messageId: string): Promise<SentFolderAnswer> {
  if (!sentFolder) return { status: 'unavailable', reason: 'No Sent folder is known for this mailbox: test its connection again' };
  let client: Awaited<ReturnType<ImapConnector['open']>>;
  try {
    client = await imap.open(endpoint);
  } catch (err) {
    return { status: 'unavailable', reason: `IMAP: ${(err as Error).message}` };
  }
  try {
    const lock = await client.getMailboxLock(sentFolder, { readOnly: true });
    try {
      // A substring search on the server; the header is then compared exactly.
      const uids = (await client.search({ header: { 'message-id': bare(messageId) } }, { uid: true })) || [];
      for (const uid of uids) {
        const msg = await client.fetchOne(String(uid), { headers: ['message-id'] }, { uid: true });
        const header = msg && msg.headers ? msg.headers.toString('utf8') : '';
        const value = /^message-id:\s*(.+)$/im.exec(header)?.[1] ?? '';
        if (bare(value) === bare(messageId)) return { status: 'found', folder: sentFolder, uid };
      }
      return { status: 'not_found', folder: sentFolder };
    } finally {
      lock.release();
    }
  } catch (err) {
    return { status: 'unavailable', reason: `IMAP: ${(err as Error).message}` };
  } finally {
    await client.logout().catch(() => client.close());
  }
}

/**
 * The lookup the outbox calls for a row found in "sending" (in the account's scope): the mailbox's IMAP
 * password from user_credentials, its Sent folder from the last connection test.
 */
export async function lookUpSentMessage(
  deps: { db: Db; config: Pick<Config, 'mailCredentialsKey' | 'dataDir' | 'mailOAuth'>; mail: { imap: Pick<ImapConnector, 'open'> } },
  mailbox: UserEmailRow,
  messageId: string,
): Promise<SentFolderAnswer> {
  const signIn = await signInOf(deps, mailbox, 'imap', new Date());
  if (!signIn.ok) return { status: 'unavailable', reason: signIn.error };
  const endpoint = { ...imapEndpointOf(mailbox, signIn.password), ...(signIn.accessToken ? { accessToken: signIn.accessToken } : {}) };
  return findInSentFolder(deps.mail.imap, endpoint, mailbox.sentFolder, messageId);
}
