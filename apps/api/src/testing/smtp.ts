import type { Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * The one SMTP server of the tests, e2e and benchmarks (npm smtp-server on loopback): it keeps every
 * message it receives; the options add what a suite needs (TLS or STARTTLS with a certificate, AUTH by
 * password or XOAUTH2, refusals per connection or recipient, its own answer to a message). The presets
 * below (startMailCatcher) and in mail-servers.ts (startAuthSmtpServer, startRecordingSmtpServer) are
 * built on it.
 */

/** A message as the server took it: the envelope, the raw bytes, and how the client got there. */
export type SmtpMessage = { from: string; to: string[]; raw: Buffer; secure: boolean; user: string | undefined };

/** An SMTP error answer, e.g. { code: 451, message: '4.3.0 Temporary failure, try again later' }. */
export type SmtpRefusal = { code: number; message: string };

export type SmtpServerOptions = {
  /** 'none' (the default): plain, no STARTTLS; 'starttls'; 'tls': TLS from the first byte. */
  security?: 'tls' | 'starttls' | 'none';
  /** The certificate for STARTTLS and TLS. */
  cert?: { key: Buffer | string; cert: Buffer | string };
  /**
   * Without it no AUTH is offered and anyone may send. `users`: PLAIN and LOGIN against these passwords
   * (535 otherwise); `anyone`: PLAIN and LOGIN, any username and password; `checkAccessToken`: XOAUTH2
   * only, a sign-in passes when it accepts the user's access token (it sees every token offered).
   */
  auth?: { users: Record<string, string> } | { anyone: true } | { checkAccessToken: (user: string, token: string) => boolean };
  /** 0 (the default): any free port. */
  port?: number;
  /** A refusal answers the connection with it instead of the greeting (421: the server down). */
  onConnect?: () => SmtpRefusal | void;
  /** A refusal answers RCPT TO with it; 'drop' closes the connection there (no answer). */
  onRcptTo?: (address: string) => SmtpRefusal | 'drop' | void;
  /**
   * Each message after it is kept in `received`; it answers: `accept()` says 250, `drop()` closes the
   * connection unanswered, neither leaves the client waiting. Without it every message is accepted.
   */
  onMessage?: (message: SmtpMessage, answer: { accept: () => void; drop: () => void }) => void | Promise<void>;
};

const refusal = ({ code, message }: SmtpRefusal) => Object.assign(new Error(message), { responseCode: code });

export async function startSmtpServer(options: SmtpServerOptions = {}) {
  const security = options.security ?? 'none';
  const auth = options.auth;
  const received: SmtpMessage[] = [];
  type Conn = { id: string; _socket?: Socket; socket?: Socket };
  const dropSession = (id: string) => {
    for (const c of (server as unknown as { connections: Set<Conn> }).connections) if (c.id === id) (c._socket ?? c.socket)?.destroy();
  };
  const server = new SMTPServer({
    secure: security === 'tls',
    ...(options.cert ? { key: options.cert.key, cert: options.cert.cert } : {}),
    disabledCommands: [...(security === 'none' ? ['STARTTLS'] : []), ...(auth ? [] : ['AUTH'])],
    authOptional: !auth,
    allowInsecureAuth: security === 'none',
    authMethods: auth && 'checkAccessToken' in auth ? ['XOAUTH2'] : ['PLAIN', 'LOGIN'],
    // No reverse DNS of the client per connection: loopback only, and a benchmark would measure the resolver.
    disableReverseLookup: true,
    logger: false,
    onConnect(_session, callback) {
      const refused = options.onConnect?.();
      callback(refused ? refusal(refused) : undefined);
    },
    onAuth(credentials, _session, callback) {
      if (auth && 'checkAccessToken' in auth) {
        if (auth.checkAccessToken(credentials.username ?? '', credentials.accessToken ?? '') && credentials.username) return callback(null, { user: credentials.username });
        // What Gmail answers to a refused token (the client then ends the exchange and gets 535).
        return callback(null, { data: { status: '401', schemes: 'bearer', scope: 'https://mail.google.com/' } });
      }
      if (auth && credentials.username && ('anyone' in auth || auth.users[credentials.username] === credentials.password)) return callback(null, { user: credentials.username });
      callback(refusal({ code: 535, message: '5.7.8 Authentication credentials invalid' }));
    },
    onRcptTo(address, session, callback) {
      const answer = options.onRcptTo?.(address.address);
      if (answer === 'drop') return dropSession(session.id);
      callback(answer ? refusal(answer) : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const { mailFrom, rcptTo } = session.envelope;
        const message: SmtpMessage = {
          from: mailFrom ? mailFrom.address : '',
          to: rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
          secure: session.secure,
          user: session.user as string | undefined,
        };
        received.push(message);
        if (!options.onMessage) return callback();
        void options.onMessage(message, { accept: () => callback(), drop: () => dropSession(session.id) });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    /** Every message that arrived, in order (answered or not). */
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type ReceivedMail = { to: string[]; raw: string; text: string };

/** Quoted-printable soft breaks and escapes, enough to read links and codes out of a raw mail. */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The server the app mails to (SMTP_URL): no AUTH, no TLS; it keeps each mail as text to read links and codes from. */
export async function startMailCatcher() {
  const mails: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = await startSmtpServer({
    onMessage({ to, raw }, answer) {
      const text = raw.toString('utf8');
      mails.push({ to, raw: text, text: decodeQuotedPrintable(text) });
      waiters.splice(0).forEach((w) => w());
      answer.accept();
    },
  });

  /** The newest mail to that address received after `after` mails had arrived; waits for it. */
  async function waitForMail(to: string, match: (m: ReceivedMail) => boolean = () => true, timeoutMs = 5000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = [...mails].reverse().find((m) => m.to.includes(to.toLowerCase()) && match(m));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  return { url: server.url, mails, waitForMail, close: server.close };
}

export type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;

export const linkIn = (mail: ReceivedMail, pattern: RegExp): string => {
  const m = pattern.exec(mail.text);
  if (!m) throw new Error(`No link matching ${pattern} in:\n${mail.text}`);
  return m[0];
};

export const codeIn = (mail: ReceivedMail): string => {
  const m = /code is (\d{6})/.exec(mail.text);
  if (!m) throw new Error(`No code in:\n${mail.text}`);
  return m[1]!;
};
