// Sending benchmark: N messages to a loopback smtp-server (AUTH, no TLS: both sides the same) through
// the engine's smtp-send (modules/sending/smtp-send.ts: compose with the headers, sanitise the
// HTML, the address guard, one SMTP session per message, classify the answer) with every limit lifted,
// against plain nodemailer sending the same messages (one sendMail per message, not pooled: one session
// each, as the engine does). Target: ≥ 0.8× nodemailer's messages/s.
// Exported for scripts/bench.mjs; `node scripts/bench/sending.mjs [n]` runs it alone.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The TypeScript module, bundled once (dependencies stay in node_modules). */
async function loadEngine() {
  const esbuild = await import('esbuild');
  const outDir = path.join(root, 'node_modules/.cache/bench');
  fs.mkdirSync(outDir, { recursive: true });
  const outfile = path.join(outDir, 'sending.mjs');
  await esbuild.build({
    stdin: {
      contents: `export { smtpSend } from './apps/api/src/modules/sending/smtp-send.ts';
        export { smtpConnector } from './apps/api/src/lib/mail/smtp.ts';`,
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    outfile,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    alias: { '@shared': path.join(root, 'packages/shared/src') },
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: 'error',
  });
  return import(outfile);
}

const messages = (n) =>
  Array.from({ length: n }, (_, i) => ({
    to: `p${i}@bench.example`,
    toName: `Prospect ${i}`,
    subject: `A question about Company ${i}`,
    text: `Hi Prospect ${i},\n\nOne question about your pipeline at Company ${i}.\n\nBest,\nAda`,
    html: `<p>Hi Prospect ${i},</p><p>One question about <a href="https://example.com/pipeline">your pipeline</a> at Company ${i}.</p><p>Best,<br>Ada</p>`,
    messageId: `<bench-${i}.${Date.now()}@good.example>`,
    date: new Date(),
    unsubscribe: { url: `https://app.example.com/unsubscribe?token=t${i}.sig`, mailto: `mailto:ada@good.example?subject=unsubscribe%20t${i}.sig` },
  }));

export async function runSendingBench(n = Number(process.env.BENCH_SENDING_N ?? 100)) {
  const { SMTPServer } = await import('smtp-server');
  const nodemailer = (await import('nodemailer')).default;
  const engine = await loadEngine();
  let received = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    // No reverse DNS of the client per connection: it would measure the resolver, not the senders.
    disableReverseLookup: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth: (auth, _s, cb) => cb(null, { user: auth.username }),
    onData(stream, _s, cb) {
      stream.resume();
      stream.on('end', () => {
        received++;
        cb();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = server.server.address().port;
  const auth = { user: 'ada@good.example', pass: 'bench-password' };
  const mailbox = { email: 'ada@good.example', senderName: 'Ada Sender' };

  const plain = async (list) => {
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, auth, logger: false });
    const t0 = performance.now();
    for (const m of list) {
      await transport.sendMail({
        from: { name: mailbox.senderName, address: mailbox.email },
        to: { name: m.toName, address: m.to },
        subject: m.subject,
        date: m.date,
        messageId: m.messageId,
        text: m.text,
        html: m.html,
        headers: { 'List-Unsubscribe': `<${m.unsubscribe.url}>, <${m.unsubscribe.mailto}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
    }
    const ms = performance.now() - t0;
    transport.close();
    return (list.length / ms) * 1000;
  };
  const smtp = engine.smtpConnector({ allowHosts: ['127.0.0.1'] });
  const endpoint = { host: '127.0.0.1', port, security: 'none', username: auth.user, password: auth.pass };
  const ours = async (list) => {
    const t0 = performance.now();
    for (const m of list) {
      const out = await engine.smtpSend(smtp, endpoint, mailbox, m, { attempt: 1, now: new Date() });
      if (out.status !== 'sent') throw new Error(`not sent: ${JSON.stringify(out)}`);
    }
    return (list.length / (performance.now() - t0)) * 1000;
  };
  try {
    // Warm both paths (JIT, the sanitiser's DOM), then alternate so a busy moment hits both alike; best of each.
    await plain(messages(20));
    await ours(messages(20));
    const floor = [];
    const engineRates = [];
    for (let round = 0; round < 3; round++) {
      floor.push(await plain(messages(n)));
      engineRates.push(await ours(messages(n)));
    }
    const expected = 40 + 6 * n;
    if (received !== expected) throw new Error(`the server received ${received} messages, expected ${expected}`);
    return { n, engine: Math.max(...engineRates), floor: Math.max(...floor) };
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const r = await runSendingBench(Number(process.argv[2] ?? 100));
  console.log(`smtp-send ${r.engine.toFixed(0)} msg/s vs nodemailer ${r.floor.toFixed(0)} msg/s → ratio ${(r.engine / r.floor).toFixed(2)} (target ≥ 0.8)`);
}
