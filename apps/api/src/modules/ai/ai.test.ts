import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shapeMessage } from '../messaging/generate';
import { composeMessage, composerProvider, composeThread } from './composer';
import { openAiCompatibleProvider } from './openai';
import { EXAMPLE_MESSAGE_SYSTEM, exampleMessagePrompt } from './prompts';
import { TextProviderError, type CompositionContext } from './provider';

/** A local server speaking the chat-completions wire format; behaviour chosen by the model name. */
type Seen = { auth: string | undefined; body: { model: string; messages: Array<{ role: string; content: string }>; max_tokens: number } };
let server: http.Server;
let base: string;
const seen: Seen[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(raw) as Seen['body'];
      seen.push({ auth: req.headers.authorization, body });
      const send = (status: number, json: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      switch (body.model) {
        case 'slow':
          setTimeout(() => send(200, { choices: [{ message: { role: 'assistant', content: 'late' } }] }), 2000);
          return;
        case 'broken':
          send(500, { error: { message: 'model overloaded', type: 'server_error' } });
          return;
        case 'empty':
          send(200, { choices: [] });
          return;
        default:
          send(200, {
            id: 'chatcmpl-1',
            object: 'chat.completion',
            model: body.model,
            choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: `Subject: Hi\n\nEcho: ${body.messages[1]!.content.slice(0, 20)}` } }],
            usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
          });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const request = { system: 'You write.', prompt: 'Write to Jane, VP Sales.', maxTokens: 100, timeoutMs: 1000 };

describe('the OpenAI-compatible chat-completions client', () => {
  it('posts system and user messages with the model, token budget and bearer key, and returns the text', async () => {
    const provider = openAiCompatibleProvider({ baseUrl: base, apiKey: 'sk-test', model: 'local-model' });
    expect(await provider.generate(request)).toBe('Subject: Hi\n\nEcho: Write to Jane, VP Sa');
    const last = seen.at(-1)!;
    expect(last.auth).toBe('Bearer sk-test');
    expect(last.body).toMatchObject({
      model: 'local-model',
      max_tokens: 100,
      messages: [
        { role: 'system', content: 'You write.' },
        { role: 'user', content: 'Write to Jane, VP Sales.' },
      ],
    });
  });
  it('sends no authorization header without a key (local servers)', async () => {
    await openAiCompatibleProvider({ baseUrl: base, apiKey: null, model: 'local-model' }).generate(request);
    expect(seen.at(-1)!.auth).toBeUndefined();
  });
  it('an HTTP error is a 502 with the provider message', async () => {
    const err = await openAiCompatibleProvider({ baseUrl: base, apiKey: null, model: 'broken' }).generate(request).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TextProviderError);
    expect(err).toMatchObject({ status: 502, message: 'The AI text provider failed with HTTP 500: model overloaded' });
  });
  it('an answer without text is a 502', async () => {
    await expect(openAiCompatibleProvider({ baseUrl: base, apiKey: null, model: 'empty' }).generate(request)).rejects.toMatchObject({ status: 502 });
  });
  it('a timeout is a 504, never a hang', async () => {
    const started = Date.now();
    const err = await openAiCompatibleProvider({ baseUrl: base, apiKey: null, model: 'slow' })
      .generate({ ...request, timeoutMs: 300 })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 504, message: 'The AI text provider did not answer within 0.3 s' });
    expect(Date.now() - started).toBeLessThan(1500);
  });
  it('an unreachable server is a 502', async () => {
    const err = await openAiCompatibleProvider({ baseUrl: 'http://127.0.0.1:1/v1', apiKey: null, model: 'x' }).generate(request).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 502 });
  });
});

const base_context: CompositionContext = {
  kind: 'example_message',
  company: { name: 'Forecastly', senderName: 'Sam Carter' },
  offering: {
    name: 'Forecastly Pipeline',
    description: 'AI revenue forecasting that reads your CRM and flags risky deals. Setup takes a day.',
    priceMin: 500,
    priceMax: 2000,
    currency: 'USD',
    pricePeriod: 'month',
    url: 'https://forecastly.example',
  },
  persona: { name: 'VP Sales, B2B SaaS (US)', description: 'Sales leaders at 50–500 person SaaS companies' },
  prospect: { fullName: 'Priya Raman', firstName: 'Priya', title: 'VP Revenue Operations', company: 'Ledgerly', location: 'New York', headline: null },
  setting: {
    toneVoice: 'Friendly',
    language: 'en',
    callToAction: 'Can I show you a 20-minute demo on Thursday?',
    caseStudies: [{ title: 'Acme cut forecast error by 38%', summary: 'Acme replaced spreadsheets in two weeks.', url: null }],
    messageGuidelines: 'Keep it under 120 words.',
    instructionsScript: '',
    signatureText: 'Sam Carter, Forecastly',
  },
};

describe('the built-in composer', () => {
  it("names the offering, the prospect's job title and the call to action, from the user's data", () => {
    const { subject, body } = composeMessage(base_context);
    expect(body).toContain('Forecastly Pipeline');
    expect(body).toContain('VP Revenue Operations');
    expect(body).toContain('Can I show you a 20-minute demo on Thursday?');
    expect(body).toContain('Hi Priya,'); // friendly tone
    // A first message stays short: the case study is a follow-up's angle, the price the reply's.
    expect(body).not.toContain('Acme cut forecast error by 38%');
    expect(composeThread(base_context, 3)[1]!.body).toContain('Acme cut forecast error by 38%');
    expect(composeMessage({ ...base_context, category: 'reply' }).body).toContain('$500 to $2,000 per month');
    expect(subject!.length).toBeGreaterThan(5);
    expect(body).not.toMatch(/lorem|ipsum|undefined|null/i);
  });
  it('is deterministic', () => {
    expect(composeMessage(base_context)).toEqual(composeMessage(structuredClone(base_context)));
  });
  it('different inputs give different texts, each with offering, title and CTA', () => {
    const variants: CompositionContext[] = [
      base_context,
      { ...base_context, prospect: { ...base_context.prospect, fullName: 'Marcus Lee', firstName: 'Marcus', title: 'Head of Sales', company: 'Brightwave' } },
      { ...base_context, setting: { ...base_context.setting, toneVoice: 'Formal', callToAction: 'Would a short call next week suit you?' } },
      { ...base_context, offering: { ...base_context.offering!, name: 'Forecastly Coach', description: 'Deal coaching for frontline managers.' } },
      { ...base_context, setting: { ...base_context.setting, caseStudies: [] } },
    ];
    const texts = variants.map((c) => composeMessage(c).body);
    expect(new Set(texts).size).toBe(variants.length);
    variants.forEach((c, i) => {
      expect(texts[i]).toContain(c.offering!.name);
      expect(texts[i]).toContain(c.prospect.title!);
      expect(texts[i]).toContain(c.setting.callToAction);
    });
    expect(texts[2]).toContain('Dear Priya Raman,');
    expect(texts[2]).toContain('Kind regards,');
  });
  it('writes each category in its own form', () => {
    const forms = ['linkedin_invitation', 'linkedin_message', 'call_script', 'reply', 'social_post'].map((category) =>
      composeMessage({ ...base_context, category }),
    );
    for (const f of forms) {
      expect(f.body).toContain('Can I show you a 20-minute demo on Thursday?');
      if (f !== forms[0]) expect(f.body).toContain('Forecastly Pipeline');
    }
    expect(forms[0]!.body.length).toBeLessThanOrEqual(300);
    expect(forms[2]!.body).toMatch(/^Opening:/);
    // A follow-up answers in the thread with a new angle: no subject, and not the first message's call to action again.
    const followUp = composeMessage({ ...base_context, category: 'follow_up' });
    expect(followUp.subject).toBeNull();
    expect(followUp.body).toContain('Acme cut forecast error by 38%');
    expect(followUp.body).not.toContain('Can I show you a 20-minute demo on Thursday?');
  });
  // What a fresh account had after onboarding (the QA walkthrough's example message).
  const after_onboarding: CompositionContext = {
    kind: 'example_message',
    company: { name: 'Acme Inc', senderName: 'Jane Doe' },
    offering: {
      name: 'Pipelane Pro',
      // Stored with labels by an older finish_onboarding.
      description: 'Problem: Sales teams waste hours updating the CRM.\n\nSolution: Pipelane Pro logs calls and emails to the CRM automatically.',
      priceMin: null,
      priceMax: null,
      currency: 'USD',
      pricePeriod: 'month',
      url: 'https://acme.io',
    },
    persona: { name: 'SaaS sales leaders', description: 'Job titles: VP Sales' },
    prospect: { fullName: 'Alex Morgan', firstName: 'Alex', title: 'VP Sales', company: 'Northwind Traders', location: null, headline: null },
    setting: {
      toneVoice: 'Professional',
      language: 'en',
      callToAction: 'Would you be open to a short call? Pick a time that suits you: https://calendly.com/jane',
      caseStudies: [],
      messageGuidelines: '',
      instructionsScript: '',
      signatureText: 'Jane Doe\nHead of Sales, Acme Inc\nacme.io',
    },
  };
  const seeds: CompositionContext[] = [
    after_onboarding,
    { ...after_onboarding, prospect: { ...after_onboarding.prospect, fullName: 'Sam Lee', firstName: 'Sam', company: 'Contoso' } },
    { ...after_onboarding, prospect: { ...after_onboarding.prospect, fullName: 'Kim Park', firstName: 'Kim', title: 'Head of Sales' } },
    { ...after_onboarding, setting: { ...after_onboarding.setting, toneVoice: 'Friendly' } },
    { ...after_onboarding, setting: { ...after_onboarding.setting, toneVoice: 'Formal' } },
    { ...after_onboarding, prospect: { ...after_onboarding.prospect, location: 'Berlin' } },
  ];

  it('addresses one prospect by their title and company, never by the persona’s plural name', () => {
    for (const c of [...seeds, { ...after_onboarding, prospect: { ...after_onboarding.prospect, title: null } }]) {
      const { body } = composeMessage(c);
      expect(body).not.toContain('SaaS sales leaders');
      if (c.prospect.title) expect(body).toContain(c.prospect.title);
    }
    expect(seeds.map((c) => composeMessage(c).body).some((b) => b.includes('VP Sales at Northwind Traders'))).toBe(true);
  });

  it('writes the offering as prose (no "Problem:" labels), from the company, and signs off once', () => {
    for (const c of seeds) {
      const { body } = composeMessage(c);
      expect(body).not.toMatch(/problem:|solution:/i);
      expect(body).toContain('Pipelane Pro from Acme Inc logs calls and emails to the CRM automatically.');
      expect(body).toContain(c.setting.callToAction);
      // The signature (appended by the caller) names Jane: the body's sign-off does not repeat it.
      const { text } = shapeMessage(`Subject: x\n\n${body}`, '<p>Jane Doe<br>Head of Sales, Acme Inc<br>acme.io</p>');
      expect(text.match(/Jane Doe/g)).toHaveLength(1);
    }
    // Without a signature the sign-off carries the name.
    expect(composeMessage({ ...after_onboarding, setting: { ...after_onboarding.setting, signatureText: '' } }).body).toMatch(/\nJane Doe$/);
  });

  it('glues no punctuation to a link at the end of a sentence', () => {
    for (const c of seeds) {
      const { body } = composeMessage(c);
      expect(body).toContain('https://calendly.com/jane');
      expect(body).not.toMatch(/https:\/\/calendly\.com\/jane[.,!?]/);
    }
    expect(composeMessage({ ...after_onboarding, setting: { ...after_onboarding.setting, callToAction: 'Book a time: https://calendly.com/jane' } }).body).toMatch(/Book a time: https:\/\/calendly\.com\/jane\n/);
  });

  it('as a TextProvider: "Subject:", a blank line, the body', async () => {
    const out = await composerProvider.generate({ system: EXAMPLE_MESSAGE_SYSTEM, prompt: exampleMessagePrompt(base_context), maxTokens: 600, timeoutMs: 1000, context: base_context });
    expect(out).toMatch(/^Subject: .+\n\n/);
  });
  it('the HTTP provider gets the composer’s brief: the rules, the step, the signal and the earlier messages', () => {
    for (const rule of ['at most 120 words', 'neutral greeting', "sender's name", 'exactly one concrete benefit', 'we offer X:', 'once, word for word', 'one new angle', 'Never repeat a sentence', 'No labels or field names', 'Follow-ups have no subject line'])
      expect(EXAMPLE_MESSAGE_SYSTEM).toContain(rule);
    const first = exampleMessagePrompt({ ...base_context, prospect: { ...base_context.prospect, industry: 'Fintech', signal: { kind: 'funding', round: 'Series B' } }, steps: 4 });
    expect(first).toContain('Step: 1 of 4 (the first message)');
    expect(first).toContain('Industry: Fintech');
    expect(first).toContain('Signal: raised a Series B round recently');
    expect(first).toContain('Language: en (English)');
    const last = exampleMessagePrompt({ ...base_context, step: 4, steps: 4, earlier: ['Hi Priya, first.', 'Hi Priya, second.', 'Hi Priya, third.'] });
    expect(last).toContain('Step: 4 of 4 (follow-up 3, an answer in the same thread; the last one)');
    expect(last).toContain('# Earlier messages in this thread (do not repeat their sentences)\n--- step 1\nHi Priya, first.');
  });
  it('the prompt carries every input the HTTP provider needs', () => {
    const prompt = exampleMessagePrompt(base_context);
    for (const s of ['Forecastly Pipeline', 'VP Revenue Operations', 'Ledgerly', 'Friendly', 'Acme cut forecast error by 38%', 'Can I show you a 20-minute demo on Thursday?', 'Keep it under 120 words.'])
      expect(prompt).toContain(s);
  });
});
