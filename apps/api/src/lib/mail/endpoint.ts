import type { ConnectionOptions } from 'node:tls';
import { CONNECTION_STEP_LABELS, type ConnectionStep, type ConnectionStepName, type MailSecurity } from '@shared/schemas/user-emails';
import { GuardedFetchError, resolveGuardedHost } from '../guarded-fetch';

/** One mail server a mailbox talks to (its SMTP or its IMAP side). */
export type MailEndpoint = {
  host: string;
  port: number;
  security: MailSecurity;
  username: string;
  /** The password (auth method password); empty when accessToken is used. */
  password: string;
  /** XOAUTH2: sign in with this OAuth access token instead of the password. */
  accessToken?: string;
};

/** What a refused sign-in means, in the words of the way the mailbox signs in. */
export const refusedSignIn = (endpoint: MailEndpoint) =>
  endpoint.accessToken
    ? 'The server refused the access token (reconnect the mailbox to grant access again)'
    : 'The server refused the username or password (with 2-step sign-in, use an app password)';

/** How connections to user-supplied mail servers are made: the address guard, timeouts, TLS trust. */
export type MailConnectOptions = {
  /** Loopback hosts tests may reach (GUARDED_FETCH_ALLOW_HOSTS); empty in production. */
  allowHosts: readonly string[];
  /** Each phase (connect, greeting, a command's answer). */
  timeoutMs?: number;
  /** Extra TLS options: tests trust their generated certificate with `ca`. Certificates are always verified. */
  tls?: Pick<ConnectionOptions, 'ca'>;
};

export const DEFAULT_MAIL_TIMEOUT_MS = 15_000;

export const step = (name: ConnectionStepName, status: ConnectionStep['status'], message: string, serverReply: string | null = null): ConnectionStep => ({
  step: name,
  label: CONNECTION_STEP_LABELS[name],
  status,
  message,
  server_reply: serverReply ? serverReply.slice(0, 500) : null,
});

export const skipAfter = (names: ConnectionStepName[], why = 'Not tried: an earlier step failed'): ConnectionStep[] => names.map((n) => step(n, 'skipped', why));

/** The address to connect to, checked by the same guard as user-supplied URLs; or the refusal as text. */
export async function resolveEndpoint(endpoint: MailEndpoint, options: MailConnectOptions): Promise<{ address: string } | { error: string }> {
  try {
    const { address } = await resolveGuardedHost(endpoint.host, endpoint.port, { allowHosts: options.allowHosts });
    return { address };
  } catch (err) {
    return { error: err instanceof GuardedFetchError ? err.message : `${endpoint.host} could not be resolved` };
  }
}

const TLS_PATTERN = /certificate|self[- ]signed|ssl|tls|handshake|wrong version|unable to verify|altnames/i;

export const isTlsFailure = (err: unknown): boolean => {
  const e = err as { code?: string; message?: string };
  return e?.code === 'ETLS' || (typeof e?.code === 'string' && /^(ERR_SSL|ERR_TLS|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO)/.test(e.code)) || TLS_PATTERN.test(e?.message ?? '');
};

/**
 * A socket error in words that name the host as the user typed it, never the address it resolved to
 * (which would let the test map the server's network).
 */
export function socketFailure(err: unknown, endpoint: MailEndpoint, timeoutMs: number): string {
  const e = err as { code?: string; errno?: string; message?: string };
  const where = `${endpoint.host}:${endpoint.port}`;
  const code = e?.errno ?? e?.code;
  if (code === 'ECONNREFUSED' || /ECONNREFUSED/.test(e?.message ?? '')) return `${where} refused the connection (is the port right?)`;
  if (code === 'ETIMEDOUT' || code === 'ETIMEOUT' || /timeout|timed out/i.test(e?.message ?? '')) return `No answer from ${where} within ${Math.round(timeoutMs / 1000)} s`;
  if (code === 'ECONNRESET' || /closed|ECONNRESET/i.test(e?.message ?? '')) return `${where} closed the connection (is the security setting right for this port?)`;
  return `Could not connect to ${where}`;
}
