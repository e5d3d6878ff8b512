import { isIP } from 'node:net';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import type { ConnectionStep } from '@shared/schemas/user-emails';
import { DEFAULT_MAIL_TIMEOUT_MS, isTlsFailure, resolveEndpoint, skipAfter, socketFailure, step, type MailConnectOptions, type MailEndpoint } from './endpoint';

/**
 * The SMTP side of a mailbox. test(): the live connection test, one result per step (connect, TLS,
 * AUTH). The sending engine adds send() here, so both share the guard and the TLS rules.
 */
export type SmtpConnector = {
  test(endpoint: MailEndpoint): Promise<ConnectionStep[]>;
};

type SmtpError = Error & { code?: string; response?: string; responseCode?: number };

export function smtpConnector(options: MailConnectOptions): SmtpConnector {
  const timeoutMs = options.timeoutMs ?? DEFAULT_MAIL_TIMEOUT_MS;
  return {
    async test(endpoint) {
      const resolved = await resolveEndpoint(endpoint, options);
      if ('error' in resolved) return [step('smtp_connect', 'failed', resolved.error), ...skipAfter(['smtp_tls', 'smtp_auth'])];
      const connection = new SMTPConnection({
        host: resolved.address,
        port: endpoint.port,
        // The name the user gave, for SNI and the certificate check (we connect to the checked address);
        // an IP literal is checked as itself and sends no SNI.
        ...(isIP(endpoint.host) ? {} : { servername: endpoint.host }),
        secure: endpoint.security === 'tls',
        requireTLS: endpoint.security === 'starttls',
        ignoreTLS: endpoint.security === 'none',
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
        logger: false,
        tls: { ...options.tls, rejectUnauthorized: true },
      });
      const progress: { stage: 'connect' | 'auth' } = { stage: 'connect' };
      const outcome = await new Promise<SmtpError | null>((resolve) => {
        let settled = false;
        const settle = (err: SmtpError | null) => {
          if (settled) return;
          settled = true;
          resolve(err);
        };
        connection.once('error', (err: SmtpError) => settle(err));
        connection.once('end', () => settle(Object.assign(new Error('Connection closed unexpectedly'), { code: 'ECONNECTION' })));
        connection.connect(() => {
          progress.stage = 'auth';
          connection.login({ credentials: { user: endpoint.username, pass: endpoint.password } }, (err) => settle((err as SmtpError | null) ?? null));
        });
      });
      const secure = connection.secure;
      try {
        if (!outcome) connection.quit();
        connection.close();
      } catch {
        // closing a broken connection: nothing to do
      }
      const where = `${endpoint.host}:${endpoint.port}`;
      const tlsPassed = () =>
        endpoint.security === 'none'
          ? step('smtp_tls', 'skipped', 'No encryption chosen: the password crosses the network in clear. Use TLS or STARTTLS if the server offers it.')
          : step('smtp_tls', 'passed', endpoint.security === 'tls' ? 'Encrypted from the start (TLS)' : secure ? 'Upgraded with STARTTLS' : 'Encrypted');
      if (!outcome) {
        return [step('smtp_connect', 'passed', `Connected to ${where}`), tlsPassed(), step('smtp_auth', 'passed', `Signed in as ${endpoint.username}`)];
      }
      if (progress.stage === 'auth') {
        return [
          step('smtp_connect', 'passed', `Connected to ${where}`),
          tlsPassed(),
          step('smtp_auth', 'failed', authAdvice(outcome), outcome.response ?? null),
        ];
      }
      if (isTlsFailure(outcome)) {
        const why = endpoint.security === 'starttls' && /STARTTLS/i.test(outcome.message) && !/initiating/i.test(outcome.message)
          ? 'The server does not offer STARTTLS on this port'
          : `The encrypted connection failed: ${cleanTlsMessage(outcome.message)}`;
        return [step('smtp_connect', 'passed', `Connected to ${where}`), step('smtp_tls', 'failed', why, outcome.response ?? null), ...skipAfter(['smtp_auth'])];
      }
      const reply = outcome.response ?? null;
      const message = reply ? `The server refused the connection` : socketFailure(outcome, endpoint, timeoutMs);
      return [step('smtp_connect', 'failed', message, reply), ...skipAfter(['smtp_tls', 'smtp_auth'])];
    },
  };
}

function authAdvice(err: SmtpError): string {
  if (/no.*auth|not supported|AUTH.*not/i.test(err.message) && !err.response) return 'The server offers no way to sign in on this connection (try STARTTLS or TLS)';
  return 'The server refused the username or password (with 2-step sign-in, use an app password)';
}

/** Node's TLS texts without the address part ("Hostname/IP does not match certificate's altnames: IP: 10.0.0.5 …"). */
const cleanTlsMessage = (message: string) =>
  message
    .replace(/^Error initiating TLS - /, '')
    .replace(/(Hostname\/IP does not match certificate's altnames).*/i, '$1')
    .slice(0, 200);
