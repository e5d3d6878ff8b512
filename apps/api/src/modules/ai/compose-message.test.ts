import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../lib/sanitize-rich-text';
import { shapeMessage } from '../messaging/generate';
import { composeMessage, composeThread, sentencesOf } from './compose-message';
import { COMPOSER_FIXTURES, SAMPLE_COUNT } from './composer-fixtures';
import { composerProvider } from './composer';
import { samplesMarkdown } from './composer-samples';
import type { CompositionContext } from './provider';

const words = (s: string) => s.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
/** The body without its greeting (first paragraph) and sign-off (last paragraph). */
const core = (body: string) => body.split('\n\n').slice(1, -1).join('\n\n');
const LEAKS = /\b(?:undefined|null|NaN)\b|[{}<>]|\[\w|\b(?:pain_points?|offering|description|problem|solution|call_to_action|cta|first_name|last_name|case_study|summary)\s*:|\bOffering:|_\w+_/i;
const count = (text: string, part: string) => text.split(part).length - 1;

describe('the built-in composer over the fixture set', () => {
  it('has at least 30 combinations', () => expect(COMPOSER_FIXTURES.length).toBeGreaterThanOrEqual(30));

  for (const fixture of COMPOSER_FIXTURES) {
    describe(fixture.name, () => {
      const c = fixture.context;
      const thread = composeThread(c, 1 + fixture.followups);
      const [first, ...followUps] = thread;
      const senderFirst = c.company.senderName?.split(/\s+/)[0] ?? null;

      it('step 1: a subject, at most 120 words, a greeting that is a real first name or neutral', () => {
        expect(first!.subject).toBeTruthy();
        expect(first!.subject).not.toMatch(LEAKS);
        expect(words(first!.body)).toBeLessThanOrEqual(120);
        const greeting = first!.body.split('\n')[0]!;
        expect(greeting).toMatch(/^(?:Hi|Hello|Dear|Guten Tag|Hallo|Bonjour|Hola|Buenos días|Estimado\/a|Ciao|Buongiorno|Gentile|Beste|Hoi|Goedendag|Olá|Hej)\b.*[,:]$|^Prezado\(a\) .*,$|^\p{Lu}\p{Ll}+,$/u);
        if (senderFirst) expect(greeting).not.toContain(senderFirst);
        expect(greeting).not.toMatch(/[{[]|undefined|null/i);
      });

      it('no label, placeholder or field name leaks into any step', () => {
        for (const m of thread) expect(m.body).not.toMatch(LEAKS);
      });

      it('step 1 has the call to action once, the offering benefit once, and the sender name at most once', () => {
        const cta = c.setting.callToAction.replace(/^CTA:\s*/, '').trim();
        if (cta && words(cta) <= 45) expect(count(first!.body, cta.replace(/[.]$/, ''))).toBe(1);
        const shaped = shapeMessage(`Subject: ${first!.subject}\n\n${first!.body}`, c.setting.signatureText ? `<p>${c.setting.signatureText.replace(/\n/g, '<br>')}</p>` : '');
        if (c.setting.signatureText) expect(count(shaped.text, c.setting.signatureText)).toBe(1);
        if (c.company.senderName) expect(count(shaped.text, c.company.senderName)).toBeLessThanOrEqual(1);
        if (senderFirst) expect(count(shaped.text.split('\n').slice(1).join('\n'), senderFirst)).toBeLessThanOrEqual(1);
      });

      it('no sentence repeats, within a step or anywhere in the thread', () => {
        const seen = new Set<string>();
        for (const m of thread) {
          for (const s of sentencesOf(core(m.body))) {
            expect(seen.has(s), `"${s}" repeats`).toBe(false);
            seen.add(s);
          }
        }
      });

      it('follow-ups answer in the thread: no subject, shorter than step 1, one angle', () => {
        for (const m of followUps) {
          expect(m.subject).toBeNull();
          expect(words(m.body)).toBeLessThanOrEqual(80);
          expect(words(m.body) < words(first!.body) || words(m.body) <= 45).toBe(true);
          expect(sentencesOf(core(m.body)).length).toBeLessThanOrEqual(4);
        }
        if (followUps.length >= 2) expect(followUps.at(-1)!.body).toMatch(/close the loop|melde mich nicht weiter|ne vous relancerai plus|no volveré a escribirle|non La disturberò oltre|stuur ik geen berichten meer|não vou mais escrever|hör inte av mig mer/);
      });

      it('is plain text the rich-text sanitiser keeps intact', () => {
        for (const m of thread) {
          const { html } = shapeMessage(m.subject ? `Subject: ${m.subject}\n\n${m.body}` : m.body, '');
          expect(sanitizeRichText('signature', html)).toBe(html);
        }
      });

      it('is deterministic', () => {
        expect(composeThread(structuredClone(c), 1 + fixture.followups)).toEqual(thread);
      });
    });
  }
});

describe('the built-in composer, rule by rule', () => {
  const base = COMPOSER_FIXTURES[0]!.context;
  const issue = COMPOSER_FIXTURES[1]!.context;

  it('writes the offering as its outcome, never "we offer X: <pasted description>"', () => {
    const { body } = composeMessage(issue);
    expect(body).not.toMatch(/we offer/i);
    expect(body).not.toContain('Sales teams lose deals they never see slipping');
    expect(body).toContain('Northwind Pipeline Intelligence from Northwind Labs watches every open deal and warns your reps a week before a deal goes cold.');
    // The problem sentence is the angle of a follow-up, as a question.
    expect(composeThread(issue, 4).map((m) => m.body).join('\n')).toContain('Does this sound familiar at Brightwave? Sales teams lose deals they never see slipping.');
  });

  it('says why this person: role, company, industry and the signal', () => {
    const { body } = composeMessage(base);
    expect(body).toContain("Congratulations on Ledgerly's recent Series B round.");
    expect(body).toMatch(/VP Revenue Operations at Ledgerly, a financial services company/);
  });

  it('greets by first name, neutrally without one, and never with the sender’s name', () => {
    expect(composeMessage(base).body).toMatch(/^Hi Priya,/);
    expect(composeMessage({ ...base, prospect: { ...base.prospect, firstName: null, fullName: null } }).body).toMatch(/^Hi there,/);
    expect(composeMessage({ ...base, setting: { ...base.setting, toneVoice: 'Professional' }, prospect: { ...base.prospect, firstName: null, fullName: null } }).body).toMatch(/^Hello,/);
    const self = composeMessage({ ...base, prospect: { ...base.prospect, firstName: 'Sam', fullName: 'Sam Carter' } }).body;
    expect(self.split('\n')[0]).toBe('Hi there,');
    expect(composeMessage({ ...base, prospect: { ...base.prospect, firstName: '{{first_name}}' , fullName: null } }).body.split('\n')[0]).toBe('Hi there,');
  });

  it('honours the tone', () => {
    const formal = composeMessage({ ...base, setting: { ...base.setting, toneVoice: 'Formal' } }).body;
    expect(formal).toMatch(/^Dear Priya Raman,/);
    expect(formal).toMatch(/Kind regards,$/);
    expect(formal).not.toContain("I'm");
    expect(composeMessage({ ...base, setting: { ...base.setting, toneVoice: 'Direct' } }).body).toMatch(/^Priya,/);
    // Formal without a name: the role, never a placeholder.
    const formalNoName = { ...base, setting: { ...base.setting, toneVoice: 'Formal' }, prospect: { ...base.prospect, firstName: null, fullName: null } };
    expect(composeMessage(formalNoName).body).toMatch(/^Dear VP Revenue Operations,/);
    expect(composeMessage({ ...formalNoName, prospect: { ...formalNoName.prospect, title: null } }).body).toMatch(/^Hello,/);
  });

  it('honours a word limit and "no exclamation marks" in the guidelines', () => {
    const c: CompositionContext = { ...base, setting: { ...base.setting, toneVoice: 'Enthusiastic', messageGuidelines: 'Keep it under 50 words. No exclamation marks.' } };
    const { body } = composeMessage(c);
    expect(words(body)).toBeLessThanOrEqual(50);
    expect(body).not.toContain('!');
    for (const m of composeThread(c, 4)) {
      expect(words(m.body)).toBeLessThanOrEqual(50);
      expect(m.body).not.toContain('!');
    }
  });

  it('writes German, French, Spanish, Italian, Dutch, Portuguese and Swedish, and falls back to English for a language without wording (reported)', () => {
    expect(composeMessage({ ...base, setting: { ...base.setting, language: 'de' } })).toMatchObject({ language: 'de', languageFallbackFrom: null });
    expect(composeMessage({ ...base, setting: { ...base.setting, language: 'de' } }).body).toMatch(/^Hallo Priya,/);
    expect(composeMessage({ ...base, setting: { ...base.setting, language: 'fr' } }).body).toMatch(/^Bonjour Priya,/);
    expect(composeMessage({ ...base, setting: { ...base.setting, language: 'es' } }).body).toMatch(/^Hola, Priya:/);
    expect(composeMessage({ ...base, setting: { ...base.setting, language: 'it' } }).body).toMatch(/^Buongiorno Priya,/);
    expect(composeMessage({ ...base, setting: { ...base.setting, language: 'nl' } }).body).toMatch(/^Hoi Priya,/);
    expect(composeMessage({ ...base, setting: { ...base.setting, language: 'pt' } }).body).toMatch(/^Olá, Priya,/);
    expect(composeMessage({ ...base, setting: { ...base.setting, language: 'sv' } }).body).toMatch(/^Hej Priya,/);
    for (const language of ['pl', 'ja']) {
      const m = composeMessage({ ...base, setting: { ...base.setting, language } });
      expect(m).toMatchObject({ language: 'en', languageFallbackFrom: language });
      expect(m.body).toMatch(/^Hi Priya,/);
    }
  });

  it('offers the call to action’s link again once, in the first follow-up', () => {
    const thread = composeThread(issue, 4);
    expect(thread.filter((m) => m.body.includes('https://cal.example.org/jane/20min'))).toHaveLength(2);
    expect(thread[1]!.body).toContain('https://cal.example.org/jane/20min');
    expect(thread[1]!.body).not.toMatch(/20min[.,]/);
  });

  it('a step index picks the follow-up; without one the follow_up category is step 2', () => {
    expect(composeMessage({ ...base, category: 'follow_up' }).body).toBe(composeMessage({ ...base, step: 2 }).body);
    expect(composeMessage({ ...base, step: 2 }).subject).toBeNull();
  });

  it('as a TextProvider: "Subject:" + body for step 1, the body alone for a follow-up', async () => {
    const req = { system: '', prompt: '', maxTokens: 600, timeoutMs: 1000 };
    expect(await composerProvider.generate({ ...req, context: base })).toMatch(/^Subject: .+\n\nHi Priya,/);
    expect(await composerProvider.generate({ ...req, context: { ...base, step: 2, steps: 4 } })).toMatch(/^Hi Priya,/);
  });

  it('the other categories keep their forms', () => {
    const invitation = composeMessage({ ...base, category: 'linkedin_invitation' }).body;
    expect(invitation.length).toBeLessThanOrEqual(300);
    expect(composeMessage({ ...base, category: 'call_script' }).body).toMatch(/^Opening:/);
    expect(composeMessage({ ...base, category: 'reply' }).body).toContain('$500 to $2,000 per month');
    for (const category of ['linkedin_message', 'call_script', 'reply', 'social_post']) {
      const { body } = composeMessage({ ...base, category });
      expect(body).toContain('Forecastly Pipeline');
      expect(body).toContain(base.setting.callToAction);
      expect(body).not.toMatch(LEAKS);
    }
  });

  it(`docs/samples.md is what the composer writes (${SAMPLE_COUNT} samples; UPDATE_SAMPLES=1 rewrites it)`, async () => {
    const path = fileURLToPath(new URL('../../../../../docs/samples.md', import.meta.url));
    const expected = samplesMarkdown();
    if (process.env.UPDATE_SAMPLES) writeFileSync(path, expected);
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(path, 'utf8')).toBe(expected);
  });
});
