import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import hoodiecrow from 'hoodiecrow-imap';
import dns2 from 'dns2';
import { startSmtpServer } from './smtp';


/**
 * Real mail servers on loopback for the mailbox tests: SMTP with AUTH (testing/smtp.ts; plain, STARTTLS or
 * TLS with a self-signed certificate), hoodiecrow-imap in-process, Debian's dovecot from a
 * throwaway config when it is installed, and a DNS server (dns2) answering from a table.
 */

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
/**
 * A self-signed certificate for localhost and 127.0.0.1, valid for 100 years, made with `openssl req -x509
 * -newkey rsa:2048 -nodes -keyout mail-test.key -out mail-test.crt -days 36500 -subj /CN=localhost
 * -addext subjectAltName=DNS:localhost,IP:127.0.0.1`.
 */
export const TEST_CERT = { key: fs.readFileSync(path.join(FIXTURES, 'mail-test.key')), cert: fs.readFileSync(path.join(FIXTURES, 'mail-test.crt')) };

const portOf = (server: net.Server) => (server.address() as AddressInfo).port;

/** An SMTP server with AUTH (PLAIN, LOGIN) that takes every message and keeps none of it for the test. */
export async function startAuthSmtpServer(options: { security: 'tls' | 'starttls' | 'none'; users?: Record<string, string>; port?: number }) {
  const users = options.users ?? { 'sender@example.com': 'right-password' };
  const { port, close } = await startSmtpServer({ security: options.security, cert: TEST_CERT, auth: { users }, port: options.port });
  return { port, close };
}

/**
 * An SMTP server that keeps what it receives (raw), with AUTH and STARTTLS, and answers by the
 * recipient's local part as real servers do: `later…@` 451 4.3.0, `unknown…@` 550 5.1.1,
 * `blocked…@` 550 5.7.1 (the sender's IP on a block list), `denied…@` 550 5.7.1 (the recipient's own
 * rule), `drop…@` closes the connection after the message is sent (no answer), `droprcpt…@` closes it
 * at RCPT TO. `refuseAll` answers every connection 421 (the server down).
 */
export async function startRecordingSmtpServer(
  options: {
    security?: 'tls' | 'starttls' | 'none';
    users?: Record<string, string>;
    /** XOAUTH2 only (no password methods): a sign-in passes when this accepts the user's access token. */
    checkAccessToken?: (user: string, token: string) => boolean;
    port?: number;
  } = {},
) {
  const users = options.users ?? { 'sender@example.com': 'right-password' };
  const state = { refuseAll: false, connections: 0 };
  /** Every XOAUTH2 access token offered, in order. */
  const tokensSeen: string[] = [];
  const { checkAccessToken } = options;
  const server = await startSmtpServer({
    security: options.security ?? 'starttls',
    cert: TEST_CERT,
    auth: checkAccessToken ? { checkAccessToken: (user, token) => (tokensSeen.push(token), checkAccessToken(user, token)) } : { users },
    port: options.port,
    onConnect() {
      state.connections++;
      if (state.refuseAll) return { code: 421, message: '4.3.2 Service not available, try later' };
    },
    onRcptTo(address) {
      const local = address.split('@')[0]!.toLowerCase();
      if (local.startsWith('later')) return { code: 451, message: '4.3.0 Temporary failure, try again later' };
      if (local.startsWith('unknown')) return { code: 550, message: '5.1.1 The email account that you tried to reach does not exist' };
      if (local.startsWith('blocked')) return { code: 550, message: '5.7.1 Service unavailable; Client host [127.0.0.1] blocked using Spamhaus' };
      if (local.startsWith('denied')) return { code: 550, message: '5.7.1 Recipient address rejected: Access denied' };
      if (local.startsWith('droprcpt')) return 'drop';
    },
    onMessage({ to }, answer) {
      // Taken, then the line goes dead before the answer: the sender cannot know it arrived.
      if (to.some((a) => a.toLowerCase().startsWith('drop'))) return answer.drop();
      answer.accept();
    },
  });
  return { port: server.port, received: server.received, state, tokensSeen, close: server.close };
}

export async function startHoodiecrow(
  options: {
    users?: Record<string, string>;
    sentFolder?: 'special-use' | 'named' | 'none';
    starttls?: boolean;
    tls?: boolean;
    port?: number;
    /** AUTHENTICATE XOAUTH2 (with SASL-IR): user → the access token it accepts (change it with setAccessToken). */
    xoauth2?: Record<string, string>;
  } = {},
) {
  const users: Record<string, { password: string; xoauth2?: { accessToken: string } }> = Object.fromEntries(
    Object.entries(options.users ?? { 'sender@example.com': 'right-password' }).map(([u, password]) => [u, { password }]),
  );
  for (const [u, accessToken] of Object.entries(options.xoauth2 ?? {})) users[u] = { password: users[u]?.password ?? '', xoauth2: { accessToken } };
  const sent = options.sentFolder ?? 'special-use';
  const folders: Record<string, unknown> = { Drafts: { 'special-use': '\\Drafts' } };
  if (sent === 'special-use') folders['Outbox of mine'] = { 'special-use': '\\Sent' };
  if (sent === 'named') folders['Sent Items'] = {};
  const server = hoodiecrow({
    plugins: ['ID', 'SPECIAL-USE', 'IDLE', 'UIDPLUS', 'MOVE', 'CONDSTORE', ...(options.starttls ? ['STARTTLS'] : []), ...(options.xoauth2 ? ['SASL-IR', 'XOAUTH2'] : [])],
    credentials: TEST_CERT,
    secureConnection: options.tls ?? false,
    users,
    storage: { INBOX: { messages: [] }, '': { separator: '/', folders } },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  // A client may sit in IDLE (the product's mailbox sync does): closing ends its connections rather than waiting for them.
  const sockets = new Set<net.Socket>();
  (server.server as net.Server).on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return {
    port: portOf(server.server),
    /** The server reads its users' tokens at each AUTHENTICATE: a renewed token is accepted from then on. */
    setAccessToken: (user: string, accessToken: string) => void (users[user] = { password: users[user]?.password ?? '', xoauth2: { accessToken } }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = portOf(s);
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

export const DOVECOT_BIN = ['/usr/sbin/dovecot', '/usr/bin/dovecot'].find((p) => fs.existsSync(p)) ?? null;

/**
 * Debian's dovecot, unprivileged, from a throwaway config (every user's password: `password`); a Sent
 * folder with the \Sent flag. null when dovecot is not installed.
 */
export async function startDovecot(password = 'right-password') {
  if (!DOVECOT_BIN) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dovecot-'));
  fs.chmodSync(dir, 0o777);
  const port = await freePort();
  const conf = `
protocols = imap
listen = 127.0.0.1
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
default_internal_user = nobody
default_login_user = nobody
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
passdb {
  driver = static
  args = password=${password}
}
userdb {
  driver = static
  args = uid=nobody gid=nogroup home=${dir}/mail/%u
}
mail_location = maildir:${dir}/mail/%u
# IDLE reports new mail at once (inotify when it can; this bounds the fallback check).
mailbox_idle_check_interval = 1 secs
namespace inbox {
  inbox = yes
  mailbox Sent {
    special_use = \\Sent
    auto = create
  }
}
service imap-login {
  inet_listener imap {
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
  chroot =
}
service anvil {
  chroot =
}
service stats {
  chroot =
}
`;
  fs.writeFileSync(path.join(dir, 'dovecot.conf'), conf);
  for (const sub of ['run', 'state', 'mail']) fs.mkdirSync(path.join(dir, sub), { mode: 0o777 });
  for (const sub of ['run', 'state', 'mail']) fs.chmodSync(path.join(dir, sub), 0o777);
  const child = spawn(DOVECOT_BIN, ['-F', '-c', path.join(dir, 'dovecot.conf')], { stdio: 'ignore' });
  // Ready when the port answers with a greeting (polled; the deadline only bounds a broken start).
  const deadline = Date.now() + 15_000;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('data', () => (s.destroy(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (ok) break;
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      const log = fs.existsSync(path.join(dir, 'dovecot.log')) ? fs.readFileSync(path.join(dir, 'dovecot.log'), 'utf8') : '';
      throw new Error(`dovecot did not start: ${log.slice(-2000)}`);
    }
    await new Promise<void>((resolve) => setTimeout(resolve, 25));
  }
  return {
    port,
    close: async () => {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Names (lowercase) to their records; PTR under the reverse name ("4.3.2.1.in-addr.arpa"). */
export type DnsTable = Record<string, { TXT?: string[]; MX?: Array<{ exchange: string; priority: number }>; PTR?: string[] }>;

/** A DNS server on loopback (UDP) answering TXT, MX and PTR from the table; anything else: no records. */
export async function startDnsServer(table: DnsTable) {
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = dns2.Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = question?.name ?? '';
      const entry = table[name.toLowerCase()];
      // dns2's Resource type wants an encoder the library adds itself: plain records are what it reads.
      const answers = response.answers as unknown[];
      if (entry && question?.type === dns2.Packet.TYPE.TXT) {
        for (const data of entry.TXT ?? []) answers.push({ name, type: dns2.Packet.TYPE.TXT, class: dns2.Packet.CLASS.IN, ttl: 60, data });
      }
      if (entry && question?.type === dns2.Packet.TYPE.MX) {
        for (const mx of entry.MX ?? []) answers.push({ name, type: dns2.Packet.TYPE.MX, class: dns2.Packet.CLASS.IN, ttl: 60, exchange: mx.exchange, priority: mx.priority });
      }
      if (entry && question?.type === dns2.Packet.TYPE.PTR) {
        for (const domain of entry.PTR ?? []) answers.push({ name, type: dns2.Packet.TYPE.PTR, class: dns2.Packet.CLASS.IN, ttl: 60, domain });
      }
      send(response);
    },
  });
  const port = await freePort();
  await server.listen({ udp: { port, address: '127.0.0.1' } });
  return { server: `127.0.0.1:${port}`, close: () => server.close() };
}

