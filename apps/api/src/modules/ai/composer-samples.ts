import { composeThread } from './compose-message';
import { COMPOSER_FIXTURES, SAMPLE_COUNT } from './composer-fixtures';

/**
 * docs/samples.md: the first SAMPLE_COUNT fixtures' threads as the built-in composer writes them, for a
 * human to read. compose-message.test.ts checks the file matches; `UPDATE_SAMPLES=1 npx vitest run
 * apps/api/src/modules/ai/compose-message.test.ts` (or `npm run samples`) rewrites it.
 */
export function samplesMarkdown(): string {
  const out = [
    '# Sample messages from the built-in composer',
    '',
    'Generated from `apps/api/src/modules/ai/composer-fixtures.ts` by `npm run samples`; a test fails when this file',
    'differs from what the composer writes. Each sample is a first message and its follow-ups (the follow-ups go out',
    'as answers in the same thread: the engine sets "Re: <subject>" and the threading headers). The signature of the',
    'messaging settings is appended below each body when it is sent; it is shown here after a "--" line.',
    '',
  ];
  COMPOSER_FIXTURES.slice(0, SAMPLE_COUNT).forEach((f, i) => {
    const c = f.context;
    const who = [c.prospect.fullName ?? '(no name)', c.prospect.title, c.prospect.company].filter(Boolean).join(', ');
    out.push(`## ${i + 1}. ${f.name}`, '');
    out.push(`To: ${who}. Offering: ${c.offering?.name ?? '(none)'}. Tone: ${c.setting.toneVoice}. Language: ${c.setting.language}. Follow-ups: ${f.followups}.`, '');
    composeThread(c, 1 + f.followups).forEach((m, step) => {
      out.push(step === 0 ? `**First message**, subject: ${m.subject}` : `**Follow-up ${step}**`, '');
      const signature = c.setting.signatureText ? `\n--\n${c.setting.signatureText}` : '';
      out.push('```text', `${m.body}${signature}`, '```', '');
    });
  });
  return `${out.join('\n').trimEnd()}\n`;
}
