// Sending benchmark: N messages to a loopback smtp-server (AUTH, no TLS: both sides the same) through
// the engine's smtp-send (modules/sending/smtp-send.ts: compose with the headers, sanitise the
// HTML, the address guard, one SMTP session per message, classify the answer) with every limit lifted,
// against plain nodemailer sending the same messages (one sendMail per message, not pooled: one session
// each, as the engine does). Target: ≥ 0.8× nodemailer's messages/s.
// Exported for scripts/bench.mjs; `node scripts/bench/sending.mjs [n]` runs it alone.
import { fileURLToPath } from 'node:url';
import { bundleApiModules } from '../lib.mjs';

/** The TypeScript modules (the engine's and the test SMTP server), bundled once (dependencies stay in node_modules). */
async function loadEngine() {
  return bundleApiModules(
    'sending',
    `export { smtpSend } from './apps/api/src/modules/sending/smtp-send.ts';
        export { smtpConnector } from './apps/api/src/lib/mail/smtp.ts';
        export { startSmtpServer } from './apps/api/src/testing/smtp.ts';`,
  );
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
  const nodemailer = (await import('nodemailer')).default;
  const engine = await loadEngine();
  // Any user and password (testing/smtp.ts); it keeps what it receives, counted at the end.
  const server = await engine.startSmtpServer({ auth: { anyone: true } });
  const { port } = server;
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
    const received = server.received.length;
    if (received !== expected) throw new Error(`the server received ${received} messages, expected ${expected}`);
    return { n, engine: Math.max(...engineRates), floor: Math.max(...floor) };
  } finally {
    await server.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const r = await runSendingBench(Number(process.argv[2] ?? 100));
  console.log(`smtp-send ${r.engine.toFixed(0)} msg/s vs nodemailer ${r.floor.toFixed(0)} msg/s → ratio ${(r.engine / r.floor).toFixed(2)} (target ≥ 0.8)`);
}
