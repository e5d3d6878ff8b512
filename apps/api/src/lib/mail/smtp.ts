import { isIP } from 'node:net';
import MailComposer from 'nodemailer/lib/mail-composer';
import type Mail from 'nodemailer/lib/mailer';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import type { ConnectionStep } from '@shared/schemas/user-emails';
import { DEFAULT_MAIL_TIMEOUT_MS, isTlsFailure, refusedSignIn, resolveEndpoint, skipAfter, socketFailure, step, type MailConnectOptions, type MailEndpoint } from './endpoint';

/**
 * The login of a mailbox: its password, or XOAUTH2 with its access token. A refused token is not
 * retried here: the token is renewed (modules/mailboxes/oauth-tokens.ts) before the session starts.
 */
function loginOf(endpoint: MailEndpoint): SMTPConnection.AuthenticationCredentials | SMTPConnection.AuthenticationOAuth2 {
  const { username: user, accessToken } = endpoint;
  if (!accessToken) return { credentials: { user, pass: endpoint.password } };
  const oauth2 = {
    getToken: (isRetry: boolean, callback: (err: Error | null, token?: string) => void) =>
      isRetry ? callback(Object.assign(new Error('The access token was refused'), { code: 'EAUTH' })) : callback(null, accessToken),
    buildXOAuth2Token: (token: string) => Buffer.from(`user=${user}\x01auth=Bearer ${token}\x01\x01`, 'utf8').toString('base64'),
  };
  return { oauth2, user, method: 'XOAUTH2' } as unknown as SMTPConnection.AuthenticationOAuth2;
}

/**
 * What an SMTP transaction came to, as the server said it. stage: where it stopped (connect, TLS,
 * AUTH, the envelope MAIL FROM/RCPT TO, the DATA answer); code/enhanced: the reply's basic and
 * enhanced status code (RFC 3463, "5.1.1") when the server gave one.
 */
export type SmtpSendResult =
  | { ok: true; response: string; accepted: string[] }
  | {
      ok: false;
      /** compose: the message could not be built (nothing was sent). */
      stage: 'compose' | 'connect' | 'tls' | 'auth' | 'mail_from' | 'rcpt_to' | 'data';
      code: number | null;
      enhanced: string | null;
      response: string | null;
      message: string;
    };

/**
 * The SMTP side of a mailbox. test(): the live connection test, one result per step (connect, TLS,
 * AUTH). send(): one message through the mailbox (modules/sending classifies the result). Both share
 * the address guard and the TLS rules.
 */
export type SmtpConnector = {
  test(endpoint: MailEndpoint): Promise<ConnectionStep[]>;
  /** `mail` may be a function: it is then built while the connection is being made (the CPU work overlaps the network wait). */
  send(endpoint: MailEndpoint, mail: Mail.Options | (() => Mail.Options)): Promise<SmtpSendResult>;
};

type SmtpError = Error & { code?: string; response?: string; responseCode?: number };

export function smtpConnector(options: MailConnectOptions): SmtpConnector {
  const timeoutMs = options.timeoutMs ?? DEFAULT_MAIL_TIMEOUT_MS;
  return {
    async send(endpoint, mail) {
      const resolved = await resolveEndpoint(endpoint, options);
      if ('error' in resolved) return { ok: false, stage: 'connect', code: null, enhanced: null, response: null, message: resolved.error };
      const connection = new SMTPConnection({
        host: resolved.address,
        port: endpoint.port,
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
      // Where the session got to: a connection lost once the message was handed over may have delivered it.
      const progress: { stage: 'connect' | 'auth' | 'transaction' } = { stage: 'connect' };
      let message: Promise<{ raw: Buffer; envelope: { from: string | false; to: string[] } }>;
      const outcome = await new Promise<{ err: SendError } | { info: SMTPConnection.SentMessageInfo }>((resolve) => {
        let settled = false;
        const settle = (v: { err: SendError } | { info: SMTPConnection.SentMessageInfo }) => {
          if (settled) return;
          settled = true;
          resolve(v);
        };
        connection.once('error', (err: SendError) => settle({ err }));
        connection.once('end', () => settle({ err: Object.assign(new Error('Connection closed unexpectedly'), { code: 'ECONNECTION', command: 'CONN' }) }));
        connection.connect(() => {
          progress.stage = 'auth';
          connection.login(loginOf(endpoint), (loginErr) => {
            if (loginErr) return settle({ err: loginErr as SendError });
            message.then(
              ({ raw, envelope }) => {
                progress.stage = 'transaction';
                connection.send({ from: envelope.from || '', to: envelope.to }, raw, (err, info) => settle(err ? { err: err as SendError } : { info }));
              },
              (err: Error) => settle({ err: Object.assign(err, { code: 'EMESSAGE', command: 'COMPOSE' }) }),
            );
          });
        });
        // Built while the connection is made; nothing is sent until it is ready.
        message = (async () => {
          const compiled = new MailComposer(typeof mail === 'function' ? mail() : mail).compile();
          return { raw: await compiled.build(), envelope: compiled.getEnvelope() };
        })();
        message.catch(() => undefined);
      });
      try {
        if ('info' in outcome) connection.quit();
        connection.close();
      } catch {
        // closing a broken connection: nothing to do
      }
      if ('info' in outcome) {
        if (outcome.info.rejected.length) return sendFailure(outcome.info.rejectedErrors?.[0] as SendError, endpoint, timeoutMs, progress.stage);
        return { ok: true, response: outcome.info.response, accepted: outcome.info.accepted };
      }
      return sendFailure(outcome.err, endpoint, timeoutMs, progress.stage);
    },
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
          connection.login(loginOf(endpoint), (err) => settle((err as SmtpError | null) ?? null));
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
          step('smtp_auth', 'failed', authAdvice(outcome, endpoint), outcome.response ?? null),
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

type SendError = SmtpError & { command?: string; rejectedErrors?: SendError[] };

const ENHANCED = /\b([245]\.\d{1,3}\.\d{1,3})\b/;

/**
 * A failed session as stage, codes and the server's words (never the resolved address). A connection
 * lost during the transaction (after MAIL FROM was sent) without an answer is stage 'data' with no
 * code: the message may have arrived, so the caller must not simply send it again.
 */
function sendFailure(e: SendError, endpoint: MailEndpoint, timeoutMs: number, reached: 'connect' | 'auth' | 'transaction'): SmtpSendResult {
  // One recipient: an envelope refusal carries the RCPT answer in rejectedErrors.
  const err = e.rejectedErrors?.[0] ?? e;
  const response = err.response ?? null;
  const base = { code: err.responseCode ?? null, enhanced: response ? (ENHANCED.exec(response)?.[1] ?? null) : null, response };
  const command = (err.command ?? '').toUpperCase();
  if (command === 'COMPOSE') return { ok: false, stage: 'compose', ...base, message: `The message could not be built: ${err.message}` };
  if (reached === 'auth' && (err.code === 'EAUTH' || command.startsWith('AUTH') || base.code !== null)) {
    return { ok: false, stage: 'auth', ...base, message: authAdvice(err, endpoint) };
  }
  if (reached === 'transaction') {
    if (command.startsWith('MAIL')) return { ok: false, stage: 'mail_from', ...base, message: 'The server refused the sender' };
    if (command.startsWith('RCPT') || err.code === 'EENVELOPE') return { ok: false, stage: 'rcpt_to', ...base, message: 'The server refused the recipient' };
    if (base.code !== null) return { ok: false, stage: 'data', ...base, message: 'The server refused the message' };
    return { ok: false, stage: 'data', ...base, message: `The connection was lost while sending: ${socketFailure(err, endpoint, timeoutMs)}` };
  }
  if (isTlsFailure(err)) return { ok: false, stage: 'tls', ...base, message: `The encrypted connection failed: ${cleanTlsMessage(err.message)}` };
  if (reached === 'auth') return { ok: false, stage: 'auth', ...base, message: socketFailure(err, endpoint, timeoutMs) };
  if (base.code !== null) return { ok: false, stage: 'connect', ...base, message: 'The server refused the connection' };
  return { ok: false, stage: 'connect', ...base, message: socketFailure(err, endpoint, timeoutMs) };
}

function authAdvice(err: SmtpError, endpoint: MailEndpoint): string {
  if (/no.*auth|not supported|AUTH.*not/i.test(err.message) && !err.response) return 'The server offers no way to sign in on this connection (try STARTTLS or TLS)';
  return refusedSignIn(endpoint);
}

/** Node's TLS texts without the address part ("Hostname/IP does not match certificate's altnames: IP: 10.0.0.5 …"). */
const cleanTlsMessage = (message: string) =>
  message
    .replace(/^Error initiating TLS - /, '')
    .replace(/(Hostname\/IP does not match certificate's altnames).*/i, '$1')
    .slice(0, 200);
