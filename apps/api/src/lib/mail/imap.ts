import { isIP } from 'node:net';
import { ImapFlow, type ListResponse } from 'imapflow';
import type { ConnectionStep } from '@shared/schemas/user-emails';
import { DEFAULT_MAIL_TIMEOUT_MS, isTlsFailure, refusedSignIn, resolveEndpoint, skipAfter, socketFailure, step, type MailConnectOptions, type MailEndpoint } from './endpoint';

export type ImapTestResult = { steps: ConnectionStep[]; sentFolder: string | null };

/**
 * The IMAP side of a mailbox. test(): the live connection test (connect, TLS, LOGIN, folders, Sent
 * folder found). The inbox sync and the Sent-folder reconciliation open their sessions through open(),
 * so the guard and the TLS rules are the same everywhere.
 */
export type ImapConnector = {
  test(endpoint: MailEndpoint): Promise<ImapTestResult>;
  /** A signed-in session (the caller logs out). Throws with the failing step's message. */
  open(endpoint: MailEndpoint): Promise<ImapFlow>;
};

type ImapError = Error & { code?: string; authenticationFailed?: boolean; responseText?: string; response?: string; serverResponseCode?: string };

/** Common names of the Sent folder, for servers without the \Sent special-use flag. */
const SENT_NAMES = /^(sent|sent items|sent messages|sent mail|sent-mail|gesendet|gesendete elemente|gesendete objekte|envoyés|éléments envoyés|enviados|elementos enviados|inviata|posta inviata|verzonden|verzonden items|skickat|skickade objekt|wysłane|отправленные)$/i;

export function findSentFolder(folders: Pick<ListResponse, 'path' | 'name' | 'specialUse'>[]): string | null {
  const flagged = folders.find((f) => f.specialUse === '\\Sent');
  if (flagged) return flagged.path;
  return folders.find((f) => SENT_NAMES.test(f.name))?.path ?? null;
}

export function imapConnector(options: MailConnectOptions): ImapConnector {
  const timeoutMs = options.timeoutMs ?? DEFAULT_MAIL_TIMEOUT_MS;
  const clientFor = (endpoint: MailEndpoint, address: string) => {
    const client = new ImapFlow({
      host: address,
      port: endpoint.port,
      ...(isIP(endpoint.host) ? {} : { servername: endpoint.host }),
      secure: endpoint.security === 'tls',
      doSTARTTLS: endpoint.security === 'starttls' ? true : endpoint.security === 'none' ? false : undefined,
      auth: endpoint.accessToken ? { user: endpoint.username, accessToken: endpoint.accessToken } : { user: endpoint.username, pass: endpoint.password },
      tls: { ...options.tls, rejectUnauthorized: true },
      logger: false,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
      disableAutoIdle: true,
    });
    // Errors also come back through connect()/list(); an unhandled 'error' event would crash the process.
    client.on('error', () => undefined);
    return client;
  };
  const tlsPassed = (endpoint: MailEndpoint) =>
    endpoint.security === 'none'
      ? step('imap_tls', 'skipped', 'No encryption chosen: the password crosses the network in clear. Use TLS or STARTTLS if the server offers it.')
      : step('imap_tls', 'passed', endpoint.security === 'tls' ? 'Encrypted from the start (TLS)' : 'Upgraded with STARTTLS');

  return {
    async open(endpoint) {
      const resolved = await resolveEndpoint(endpoint, options);
      if ('error' in resolved) throw new Error(resolved.error);
      const client = clientFor(endpoint, resolved.address);
      await client.connect();
      return client;
    },
    async test(endpoint) {
      const where = `${endpoint.host}:${endpoint.port}`;
      const resolved = await resolveEndpoint(endpoint, options);
      if ('error' in resolved) {
        return { steps: [step('imap_connect', 'failed', resolved.error), ...skipAfter(['imap_tls', 'imap_login', 'imap_folders', 'imap_sent_folder'])], sentFolder: null };
      }
      const client = clientFor(endpoint, resolved.address);
      try {
        await client.connect();
      } catch (e) {
        const err = e as ImapError;
        const reply = err.responseText ?? err.response ?? null;
        if (err.authenticationFailed) {
          return {
            steps: [
              step('imap_connect', 'passed', `Connected to ${where}`),
              tlsPassed(endpoint),
              step('imap_login', 'failed', refusedSignIn(endpoint), reply),
              ...skipAfter(['imap_folders', 'imap_sent_folder']),
            ],
            sentFolder: null,
          };
        }
        if (isTlsFailure(err) || (endpoint.security === 'starttls' && /STARTTLS/i.test(err.message))) {
          const why = /not support|does not|unavailable|advertis/i.test(err.message) ? 'The server does not offer STARTTLS on this port' : `The encrypted connection failed: ${err.message.replace(/(does not match certificate's altnames).*/i, '$1').slice(0, 200)}`;
          return {
            steps: [step('imap_connect', 'passed', `Connected to ${where}`), step('imap_tls', 'failed', why, reply), ...skipAfter(['imap_login', 'imap_folders', 'imap_sent_folder'])],
            sentFolder: null,
          };
        }
        return {
          steps: [step('imap_connect', 'failed', socketFailure(err, endpoint, timeoutMs), reply), ...skipAfter(['imap_tls', 'imap_login', 'imap_folders', 'imap_sent_folder'])],
          sentFolder: null,
        };
      }
      const steps = [step('imap_connect', 'passed', `Connected to ${where}`), tlsPassed(endpoint), step('imap_login', 'passed', `Signed in as ${endpoint.username}`)];
      try {
        let folders: ListResponse[];
        try {
          folders = await client.list();
        } catch (e) {
          const err = e as ImapError;
          steps.push(step('imap_folders', 'failed', 'The server did not list the folders', err.responseText ?? null), ...skipAfter(['imap_sent_folder']));
          return { steps, sentFolder: null };
        }
        steps.push(step('imap_folders', 'passed', `${folders.length} folder${folders.length === 1 ? '' : 's'}`));
        const sent = findSentFolder(folders);
        steps.push(
          sent
            ? step('imap_sent_folder', 'passed', `Sent folder: ${sent}`)
            : step('imap_sent_folder', 'failed', 'No Sent folder found (none is marked \\Sent and none is named Sent): create one in your mail client, then test again'),
        );
        return { steps, sentFolder: sent };
      } finally {
        await client.logout().catch(() => client.close());
      }
    },
  };
}
