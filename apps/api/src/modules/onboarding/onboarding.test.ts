import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, messagingSettings, offerings, personas, users, verificationCodes } from '../../db/schema';
import { DB_KINDS, PGLITE_PASS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type AuthHeaders, type TestApp } from '../../testing/harness';
import { capturedProfile, createPersona } from '../../testing/profiles';
import { logSms } from '../../lib/sms';
import { parseCompanyPage } from './company-info';
import { canDraftOnboardingSection } from '@shared/schemas/onboarding';
import type { OnboardingInfoContext } from '../ai';
import { composeOnboardingInfo, onboardingDraftSource } from '../ai/composer';
import { ONBOARDING_INFO_SECTIONS, parseOnboardingInfo } from '../ai/prompts';

/** The answers of a whole onboarding, step by step. */
export const FULL_ANSWERS = {
  'choose-user-profile': { name: 'Ada Lovelace', title: 'Founder at Analytical Engines', photo_url: 'https://cdn.example.org/ada.png', profile_url: null },
  'your-website': { domain: 'https://www.Analytical-Engines.io/about', company_name: 'Analytical Engines', description: 'Forecasting for B2B revenue teams.', language: 'en-GB', logo_url: null },
  'your-position': { position: 'founder' },
  'job-title': { job_title: 'Chief Executive Officer' },
  'problem-solving': { problem: 'Revenue teams miss their forecast because pipeline data lives in spreadsheets.' },
  solution: { offering_name: 'Engine Forecast', solution: 'Engine Forecast pulls CRM data hourly and predicts the quarter. It flags risky deals.' },
  different: { different: 'Set up in one day. No data scientist needed; works with HubSpot and Salesforce.' },
  'potential-customers': { persona_name: 'Revenue leaders', job_titles: ['VP Sales', 'CRO'], industries: ['Software', 'Fintech'], company_sizes: ['51,200', '201,500'], locations: ['Germany', 'France'] },
  price: { price_min: 500, price_max: 2000, currency: 'EUR', price_period: 'month' },
  expectations: { meetings_per_month: 12, markets: ['DACH', 'France'] },
  'meeting-link': { meeting_link: 'https://cal.example.org/ada/30min' },
} as const;

const put = (t: TestApp, headers: AuthHeaders, slug: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: v1(`/onboarding/steps/${slug}`), headers, payload: payload as Record<string, unknown> });
const state = async (t: TestApp, headers: AuthHeaders) => (await t.app.inject({ method: 'GET', url: v1('/onboarding'), headers })).json().data;

async function verifyPhone(t: TestApp, headers: AuthHeaders, phone = '+4915112345678') {
  const sent = await t.app.inject({ method: 'POST', url: v1('/onboarding/phone/send_code'), headers, payload: { phone } });
  expect(sent.statusCode, sent.body).toBe(200);
  const code = /code is (\d{6})/.exec(t.sms.at(-1)!.text)![1]!;
  const ok = await t.app.inject({ method: 'POST', url: v1('/onboarding/phone/verify'), headers, payload: { code } });
  expect(ok.statusCode, ok.body).toBe(200);
  return phone;
}

export async function answerEverything(t: TestApp, headers: AuthHeaders) {
  for (const [slug, answer] of Object.entries(FULL_ANSWERS)) {
    const res = await put(t, headers, slug, answer);
    expect(res.statusCode, `${slug}: ${res.body}`).toBe(200);
  }
  const phone = await verifyPhone(t, headers);
  expect((await put(t, headers, 'phone-number', { phone })).statusCode).toBe(200);
  expect((await put(t, headers, 'notifications-list', { events: ['reply_received', 'meeting_booked'] })).statusCode).toBe(200);
}

describe.runIf(PGLITE_PASS)('the onboarding draft composer', () => {
  it('writes every section from the answers and reads back what it wrote', () => {
    const text = composeOnboardingInfo({
      kind: 'onboarding_info',
      company: { name: 'Analytical Engines', domain: 'analytical-engines.io', description: null },
      user: { name: 'Ada', jobTitle: 'CEO', position: 'Founder or owner' },
      offeringName: 'Engine Forecast',
      problem: FULL_ANSWERS['problem-solving'].problem,
      solution: FULL_ANSWERS.solution.solution,
      different: FULL_ANSWERS.different.different,
      customers: { personaName: 'Revenue leaders', jobTitles: ['VP Sales', 'CRO'], industries: ['Software'], companySizes: ['51,200'], locations: ['Germany'] },
      price: { min: 500, max: 2000, currency: 'EUR', period: 'month' },
      expectations: { meetingsPerMonth: 12, markets: ['DACH'] },
    });
    const draft = parseOnboardingInfo(text);
    expect(draft.value_proposition).toContain('Engine Forecast helps VP Sales or CRO in Software');
    expect(draft.value_proposition).toContain('pipeline data lives in spreadsheets');
    expect(draft.problem).toContain('revenue teams miss their forecast');
    expect(draft.solution).toMatch(/^Engine Forecast pulls CRM data hourly and predicts the quarter\. It flags risky deals\./);
    expect(draft.solution).toContain('€500 to €2,000 per month');
    expect(draft.differentiators.split('\n')).toEqual(['- Set up in one day', '- No data scientist needed', '- Works with HubSpot and Salesforce']);
    expect(draft.ideal_customer).toBe('VP Sales or CRO at Software companies with 51–200 employees in Germany. Goal: 12 meetings a month across DACH.');
  });

  const EMPTY_CONTEXT: OnboardingInfoContext = {
    kind: 'onboarding_info',
    company: { name: null, domain: null, description: null },
    user: { name: null, jobTitle: null, position: null },
    offeringName: null,
    problem: null,
    solution: null,
    different: null,
    customers: { personaName: null, jobTitles: [], industries: [], companySizes: [], locations: [] },
    price: null,
    expectations: null,
  };
  const INSTRUCTION = /\b(describe|tell us|fill in|enter|add)\b/i;

  it('drafts from the website step alone (the problem-solving step): real text from the company, never an instruction', () => {
    const draft = parseOnboardingInfo(
      composeOnboardingInfo({
        ...EMPTY_CONTEXT,
        company: { name: 'Acme Inc', domain: 'acme.io', description: 'Forecasting for B2B revenue teams.' },
        user: { name: 'Jane Doe', jobTitle: 'Head of Sales', position: 'Head of sales' },
      }),
    );
    expect(draft.problem).toBe(
      'Our customers come to Acme Inc for this: forecasting for B2B revenue teams. Doing it on their own costs them time and money they would rather spend on their core business.',
    );
    expect(draft.value_proposition).toBe('Acme Inc: forecasting for B2B revenue teams.');
    expect(draft.solution).toBe('Acme Inc: forecasting for B2B revenue teams.');
    // Nothing to write these from yet: empty, not "Describe …" and not an invented audience.
    expect(draft.differentiators).toBe('');
    expect(draft.ideal_customer).toBe('');
    for (const text of Object.values(draft)) expect(text).not.toMatch(INSTRUCTION);
    expect(Object.values(draft).join(' ')).not.toContain('B2B teams');
  });

  it('drafts the value proposition from what the company does even without a company name', () => {
    const draft = parseOnboardingInfo(composeOnboardingInfo({ ...EMPTY_CONTEXT, company: { name: null, domain: 'acme.io', description: 'Forecasting for B2B revenue teams.' } }));
    expect(draft.value_proposition).toBe('Forecasting for B2B revenue teams.');
    expect(draft.value_proposition).not.toMatch(/null|undefined/);
  });

  it('leaves every section empty when nothing is known, and draws differentiators from the solution', () => {
    expect(Object.values(parseOnboardingInfo(composeOnboardingInfo(EMPTY_CONTEXT)))).toEqual(['', '', '', '', '']);
    const draft = parseOnboardingInfo(
      composeOnboardingInfo({
        ...EMPTY_CONTEXT,
        company: { name: 'Acme Inc', domain: 'acme.io', description: '' },
        offeringName: 'Pipelane Pro',
        problem: 'Sales teams waste hours updating the CRM.',
        solution: 'Pipelane Pro logs calls and emails to the CRM automatically. It flags stalled deals.',
        customers: { personaName: 'SaaS sales leaders', jobTitles: ['VP Sales'], industries: ['Software'], companySizes: [], locations: [] },
        user: { name: null, jobTitle: null, position: 'Agency or consultant' },
      }),
    );
    expect(draft.differentiators.split('\n')).toEqual(['- Logs calls and emails to the CRM automatically', '- Flags stalled deals', '- Made for VP Sales in Software']);
    expect(draft.value_proposition).toBe('Pipelane Pro helps VP Sales in Software when sales teams waste hours updating the CRM: Pipelane Pro logs calls and emails to the CRM automatically.');
    expect(draft.problem).toBe('VP Sales in Software face this: sales teams waste hours updating the CRM.');
    for (const text of Object.values(draft)) expect(text).not.toMatch(INSTRUCTION);
  });

  it('drafts exactly the sections the shared rules say it can (the form relies on them)', () => {
    const contexts: OnboardingInfoContext[] = [
      EMPTY_CONTEXT,
      { ...EMPTY_CONTEXT, company: { name: 'Acme Inc', domain: null, description: 'Anvils for everyone.' } },
      { ...EMPTY_CONTEXT, problem: 'Anvils keep falling on coyotes.' },
      { ...EMPTY_CONTEXT, solution: 'We ship anvils with parachutes.' },
      { ...EMPTY_CONTEXT, different: 'Same-day delivery. Lifetime warranty.' },
      { ...EMPTY_CONTEXT, customers: { ...EMPTY_CONTEXT.customers, personaName: 'Coyotes', jobTitles: ['Hunter'] } },
    ];
    for (const c of contexts) {
      const draft = parseOnboardingInfo(composeOnboardingInfo(c));
      for (const [section] of ONBOARDING_INFO_SECTIONS) expect(!!draft[section], `${section} from ${JSON.stringify(c)}`).toBe(canDraftOnboardingSection(section, onboardingDraftSource(c)));
    }
  });

  it('reads labelled sections the way a chat model may write them', () => {
    expect(parseOnboardingInfo('Sure!\n**Value proposition:** Fast.\nProblem: Slow\nteams.\n## Ideal customer: CFOs')).toEqual({
      value_proposition: 'Fast.',
      problem: 'Slow\nteams.',
      solution: '',
      differentiators: '',
      ideal_customer: 'CFOs',
    });
  });
});

describe.runIf(PGLITE_PASS)('parseCompanyPage', () => {
  it('takes the site name, description, language and an absolute logo from the head', () => {
    const html = `<!doctype html><html lang="de-DE"><head><!-- <title>fake</title> -->
      <title> Acme &amp; Co – Home </title><meta name="description" content="We make &quot;anvils&quot;.">
      <script>var t = "<title>no</title>";</script>
      <link rel="icon" href="/favicon.png"><meta property="og:image" content="https://cdn.acme.test/og.png"></head>
      <body><title>body</title></body></html>`;
    expect(parseCompanyPage(html, 'https://acme.test/start/')).toEqual({
      title: 'Acme & Co – Home',
      description: 'We make "anvils".',
      language: 'de-DE',
      logo_url: 'https://acme.test/favicon.png',
    });
  });

  it('falls back to og:description and og:image, and drops javascript: addresses', () => {
    const html = `<html><head><meta property="og:description" content="OG text"><link rel="icon" href="javascript:alert(1)"><meta property='og:image' content='img/logo.svg'></head></html>`;
    expect(parseCompanyPage(html, 'http://x.test/a/b')).toEqual({ title: null, description: 'OG text', language: null, logo_url: 'http://x.test/a/img/logo.svg' });
  });
});

describe.each(DB_KINDS)('onboarding on %s', (kind) => {
  let t: TestApp;
  let site: http.Server;
  let siteHost: string;
  const pages: Record<string, { status?: number; type?: string; body: string }> = {};

  beforeAll(async () => {
    site = http.createServer((req, res) => {
      const page = pages[req.url ?? '/'] ?? { status: 404, body: 'not found' };
      res.writeHead(page.status ?? 200, { 'content-type': page.type ?? 'text/html; charset=utf-8' });
      res.end(page.body);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteHost = `127.0.0.1:${(site.address() as AddressInfo).port}`;
    t = await startTestApp(kind, { env: { GUARDED_FETCH_ALLOW_HOSTS: siteHost } });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => site.close(resolve));
  });

  describe('GET onboarding and PUT onboarding/steps/:slug', () => {
    it('starts at Welcome with what is prefilled, saves a step and resumes after it', async () => {
      const u = await signedInUser(t, 'onb-state');
      const first = await state(t, u.headers);
      expect(first).toMatchObject({ current_step: 'index', answers: {}, draft: null, finished: false });
      expect(first.prefill).toMatchObject({ name: null, phone: null, phone_verified: false, domain: null });

      const saved = await put(t, u.headers, 'your-website', FULL_ANSWERS['your-website']);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data.current_step).toBe('your-position');
      // The domain is stored normalised: no scheme, www or path.
      expect(saved.json().data.answers['your-website']).toMatchObject({ domain: 'analytical-engines.io', company_name: 'Analytical Engines', logo_url: null });

      await put(t, u.headers, 'job-title', { job_title: 'CEO' });
      const after = await state(t, u.headers);
      expect(after.current_step).toBe('problem-solving');
      expect(Object.keys(after.answers).sort()).toEqual(['job-title', 'your-website']);
      // Saving an earlier step again moves the resume point back to the step after it.
      await put(t, u.headers, 'your-website', { ...FULL_ANSWERS['your-website'], company_name: 'AE Ltd' });
      const again = await state(t, u.headers);
      expect(again.current_step).toBe('your-position');
      expect(again.answers['your-website'].company_name).toBe('AE Ltd');
      expect(again.answers['job-title']).toEqual({ job_title: 'CEO' });
    });

    it('answers 422 naming the field for a bad answer, and 422 for an unknown step', async () => {
      const u = await signedInUser(t, 'onb-bad');
      const cases: Array<[string, unknown, RegExp]> = [
        ['meeting-link', { meeting_link: 'ftp://cal.example.org/me' }, /meeting_link: Meeting link must start with http/],
        ['expectations', { markets: ['EU'] }, /meetings_per_month: Meetings per month is required/],
        ['price', { price_min: 900, price_max: 100, currency: 'EUR', price_period: 'month' }, /price_max: The highest price/],
        ['price', { price_min: 1, price_max: 2, currency: 'XXX', price_period: 'month' }, /currency/],
        ['potential-customers', { persona_name: 'X', job_titles: [], industries: [], company_sizes: [], locations: [] }, /job_titles: Add at least one job title/],
        ['potential-customers', { persona_name: 'X', job_titles: ['CTO'], company_sizes: ['3,7'] }, /company_sizes/],
        ['your-website', { domain: 'not a domain', company_name: 'A' }, /domain: Enter a domain like example.com/],
        ['expectations', { meetings_per_month: 0, markets: ['EU'] }, /meetings_per_month/],
        ['problem-solving', { problem: 'short' }, /at least 10 characters/],
        ['choose-user-profile', { skipped: false }, /name: Pick your profile, or skip this step/],
        ['notifications-list', { events: ['sms_spam'] }, /events/],
        ['job-title', { job_title: 'CEO', extra: 1 }, /extra/],
      ];
      for (const [slug, body, message] of cases) {
        const res = await put(t, u.headers, slug, body);
        expect(res.statusCode, `${slug}: ${res.body}`).toBe(422);
        expect(res.json().errors.join(' '), slug).toMatch(message);
      }
      expect((await put(t, u.headers, 'not-a-step', {})).statusCode).toBe(422);
      expect((await state(t, u.headers)).answers).toEqual({});
      // A meeting link typed without https:// gets it, on the server as in the form.
      expect((await put(t, u.headers, 'meeting-link', { meeting_link: 'calendly.com/jane' })).json().data.answers['meeting-link']).toEqual({ meeting_link: 'https://calendly.com/jane' });
      // Skipping the profile step is an answer too.
      expect((await put(t, u.headers, 'choose-user-profile', { skipped: true })).statusCode).toBe(200);
    });

    it('keeps the phone step closed until that number was verified', async () => {
      const u = await signedInUser(t, 'onb-phone-step');
      const res = await put(t, u.headers, 'phone-number', { phone: '+14155550123' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual(['Verify this phone number with the code we send before going on']);
      await verifyPhone(t, u.headers, '+14155550123');
      expect((await put(t, u.headers, 'phone-number', { phone: '+1 (415) 555-0123' })).statusCode).toBe(200);
      expect((await put(t, u.headers, 'phone-number', { phone: '+14155550199' })).statusCode).toBe(422);
    });

    it('lets the phone step be skipped, and asks for a number or a skip otherwise', async () => {
      const u = await signedInUser(t, 'onb-phone-skip');
      const empty = await put(t, u.headers, 'phone-number', {});
      expect(empty.statusCode).toBe(422);
      expect(empty.json().errors.join(' ')).toContain('Enter your phone number, or skip this step');
      const skipped = await put(t, u.headers, 'phone-number', { skipped: true });
      expect(skipped.statusCode, skipped.body).toBe(200);
      expect(skipped.json().data.answers['phone-number']).toEqual({ skipped: true, phone: null });
      expect(skipped.json().data.current_step).toBe('notifications-list');
    });
  });

  describe('search_users', () => {
    it('answers 200 [] without a query, and matches prospects and LinkedIn accounts by name, headline and URL', async () => {
      const u = await signedInUser(t, 'onb-search');
      const empty = await t.app.inject({ method: 'GET', url: v1('/search_users'), headers: u.headers });
      expect(empty.statusCode).toBe(200);
      expect(empty.json()).toEqual({ data: [] });
      expect((await t.app.inject({ method: 'GET', url: v1('/search_users?query=%20%20'), headers: u.headers })).json()).toEqual({ data: [] });

      const persona = await createPersona(t, u.headers, 'Search pool');
      const url = `https://www.linkedin.com/in/grace-hopper-${Date.now()}/`;
      const added = await t.app.inject({
        method: 'POST',
        url: v1(`/persons/${persona.id}/prospects`),
        headers: u.headers,
        payload: { profile: capturedProfile({ profile_url: url, full_name: 'Grace Hopper', headline: 'Rear Admiral, COBOL pioneer', photo_url: 'https://media.licdn.com/grace.jpg' }) },
      });
      expect(added.statusCode, added.body).toBe(200);
      const own = await t.app.inject({
        method: 'POST',
        url: v1('/linkedin_accounts'),
        headers: u.headers,
        payload: { profile_url: `https://www.linkedin.com/in/u-own-${Date.now()}/`, full_name: 'Ursula Own', headline: 'Head of Growth' },
      });
      expect(own.statusCode, own.body).toBe(200);

      const search = async (q: string) => (await t.app.inject({ method: 'GET', url: v1(`/search_users?query=${encodeURIComponent(q)}`), headers: u.headers })).json().data;
      expect(await search('grace')).toEqual([
        expect.objectContaining({ name: 'Grace Hopper', photo: 'https://media.licdn.com/grace.jpg', profile_url: expect.stringContaining('grace-hopper'), source: 'prospect' }),
      ]);
      expect((await search('COBOL')).map((r: { name: string }) => r.name)).toEqual(['Grace Hopper']);
      expect((await search('grace-hopper')).length).toBe(1);
      expect(await search('growth')).toEqual([expect.objectContaining({ name: 'Ursula Own', title: 'Head of Growth', source: 'linkedin_account' })]);
      // LIKE wildcards match themselves.
      expect(await search('%')).toEqual([]);
      expect(await search('nobody-like-this')).toEqual([]);
      const long = await t.app.inject({ method: 'GET', url: v1(`/search_users?query=${'a'.repeat(201)}`), headers: u.headers });
      expect(long.statusCode).toBe(422);
    });
  });

  describe('find_company_info_by_domain', () => {
    const lookup = async (headers: AuthHeaders, domain: string) => {
      const res = await t.app.inject({ method: 'GET', url: v1(`/find_company_info_by_domain?domain=${encodeURIComponent(domain)}`), headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };

    it('reads title, description, language and logo from the site (https first, then http)', async () => {
      const u = await signedInUser(t, 'onb-site');
      pages['/'] = {
        body: `<html lang="en-US"><head><meta property="og:site_name" content="Local Widgets"><title>Widgets — home</title>
          <meta name="description" content="Widgets for local businesses."><link rel="apple-touch-icon" href="/touch.png"></head><body>Hi</body></html>`,
      };
      const info = await lookup(u.headers, `http://${siteHost}/some/page`);
      expect(info).toEqual({
        found: true,
        domain: siteHost,
        url: `http://${siteHost}/`,
        title: 'Local Widgets',
        description: 'Widgets for local businesses.',
        language: 'en-US',
        logo_url: `http://${siteHost}/touch.png`,
        message: null,
      });
    });

    it('answers found: false with a message for a blocked address, an error page, a non-page and a bad domain', async () => {
      const u = await signedInUser(t, 'onb-site-bad');
      for (const blocked of ['10.0.0.7', '169.254.169.254', '127.0.0.1:9', '2130706433', '[::1]']) {
        const info = await lookup(u.headers, blocked);
        expect(info, blocked).toMatchObject({ found: false, title: null, logo_url: null });
        expect(info.message, blocked).toMatch(/private or reserved network address.*Type your company details/);
      }
      pages['/'] = { status: 500, body: '<title>Oops</title>' };
      expect(await lookup(u.headers, siteHost)).toMatchObject({ found: false, message: `${siteHost} answered with HTTP 500. Type your company details below instead.` });
      pages['/'] = { type: 'application/json', body: '{"title":"no"}' };
      expect((await lookup(u.headers, siteHost)).message).toMatch(/did not answer with a web page/);
      pages['/'] = { body: '<html><head></head><body>nothing</body></html>' };
      expect((await lookup(u.headers, siteHost)).message).toMatch(/no title or description/);
      pages['/'] = { body: `<html><head><title>${'x'.repeat(600 * 1024)}</title></head></html>` };
      expect((await lookup(u.headers, siteHost)).message).toMatch(/too large/);
      expect(await lookup(u.headers, 'not a domain')).toMatchObject({ found: false, message: 'Enter a domain like example.com.' });
      expect((await t.app.inject({ method: 'GET', url: v1('/find_company_info_by_domain'), headers: u.headers })).statusCode).toBe(422);
    });
  });

  describe('generate_onboarding_info', () => {
    it('drafts every section from the saved answers, keeps the draft and answers 200', async () => {
      const u = await signedInUser(t, 'onb-draft');
      await answerEverything(t, u.headers);
      const res = await t.app.inject({ method: 'POST', url: v1('/generate_onboarding_info'), headers: u.headers, payload: {} });
      expect(res.statusCode, res.body).toBe(200);
      const { data, draft } = res.json();
      expect(data).toMatchObject({ provider: 'composer', subject: null });
      expect(draft.value_proposition).toMatch(/^Engine Forecast helps VP Sales or CRO in Software and Fintech when revenue teams miss their forecast/);
      expect(draft.ideal_customer).toBe('VP Sales or CRO at Software and Fintech companies with 51–200 or 201–500 employees in Germany and France. Goal: 12 meetings a month across DACH and France.');
      expect(data.text).toContain(`Ideal customer: ${draft.ideal_customer}`);
      expect((await state(t, u.headers)).draft).toEqual(draft);
      expect((await t.app.inject({ method: 'POST', url: v1('/generate_onboarding_info'), headers: u.headers, payload: { x: 1 } })).statusCode).toBe(422);
    });

    it('drafts at the problem step from the website answer, and says what to answer first when nothing is known', async () => {
      const u = await signedInUser(t, 'onb-draft-early');
      const generate = () => t.app.inject({ method: 'POST', url: v1('/generate_onboarding_info'), headers: u.headers, payload: {} });
      const nothing = await generate();
      expect(nothing.statusCode).toBe(422);
      expect(nothing.json()).toEqual({ errors: ['There is nothing to draft from yet. First tell us what your company does (step “Your website”), then ask AI again.'] });
      await put(t, u.headers, 'your-website', { domain: 'acme.io', company_name: 'Acme Inc', description: 'Forecasting for B2B revenue teams.' });
      await put(t, u.headers, 'job-title', { job_title: 'Head of Sales' });
      const res = await generate();
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().draft.problem).toMatch(/^Our customers come to Acme Inc for this: forecasting for B2B revenue teams\./);
      expect(res.json().draft.problem).not.toMatch(/Describe/);
    });
  });

  describe('phone verification', () => {
    it('sends a code by SMS, refuses a wrong one, accepts the right one and marks the phone verified', async () => {
      const u = await signedInUser(t, 'onb-phone');
      const send = (phone: string) => t.app.inject({ method: 'POST', url: v1('/onboarding/phone/send_code'), headers: u.headers, payload: { phone } });
      const verify = (code: string) => t.app.inject({ method: 'POST', url: v1('/onboarding/phone/verify'), headers: u.headers, payload: { code } });

      expect((await send('12345')).statusCode).toBe(422);
      expect((await verify('123456')).json()).toEqual({ errors: ['Enter your phone number and ask for a code first.'] });
      const sent = await send('+44 20 7946 0958');
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json().data).toEqual({ phone: '+442079460958', phone_verified: false, channel: 'sms', sent_to: '+442079460958', message: 'We texted a 6-digit code to +442079460958.' });
      const sms = t.sms.at(-1)!;
      expect(sms.to).toBe('+442079460958');
      const code = /code is (\d{6})/.exec(sms.text)![1]!;
      // Too soon for another code.
      expect((await send('+442079460958')).statusCode).toBe(429);

      expect((await verify('12345')).statusCode).toBe(422);
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      expect((await verify(wrong)).json()).toEqual({ errors: ['The code is incorrect. Check it and try again.'] });
      const ok = await verify(code);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data).toEqual({ phone: '+442079460958', phone_verified: true, message: 'Your phone number is verified.' });
      const [row] = await t.db.db.select().from(users).where(eq(users.email, u.email));
      expect(row).toMatchObject({ phone: '+442079460958', phoneVerifiedAt: expect.any(Date) });
      expect((await state(t, u.headers)).prefill).toMatchObject({ phone: '+442079460958', phone_verified: true });
      // A used code does not work twice.
      expect((await verify(code)).statusCode).toBe(422);
    });

    it('kills the code after five wrong guesses and refuses an expired one', async () => {
      const u = await signedInUser(t, 'onb-phone-limit');
      await t.app.inject({ method: 'POST', url: v1('/onboarding/phone/send_code'), headers: u.headers, payload: { phone: '+33612345678' } });
      const code = /code is (\d{6})/.exec(t.sms.at(-1)!.text)![1]!;
      const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push((await t.app.inject({ method: 'POST', url: v1('/onboarding/phone/verify'), headers: u.headers, payload: { code: wrong } })).json().errors[0]);
      expect(answers.at(-1)).toBe('Too many wrong codes. Ask for a new code.');
      const right = await t.app.inject({ method: 'POST', url: v1('/onboarding/phone/verify'), headers: u.headers, payload: { code } });
      expect(right.json()).toEqual({ errors: ['Too many wrong codes. Ask for a new code.'] });

      // A fresh code, then expired.
      const [user] = await t.db.db.select().from(users).where(eq(users.email, u.email));
      await t.db.db.delete(verificationCodes).where(eq(verificationCodes.userId, user!.id));
      await t.app.inject({ method: 'POST', url: v1('/onboarding/phone/send_code'), headers: u.headers, payload: { phone: '+33612345678' } });
      const fresh = /code is (\d{6})/.exec(t.sms.at(-1)!.text)![1]!;
      await t.db.db.update(verificationCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verificationCodes.userId, user!.id));
      const expired = await t.app.inject({ method: 'POST', url: v1('/onboarding/phone/verify'), headers: u.headers, payload: { code: fresh } });
      expect(expired.json()).toEqual({ errors: ['The code has expired or was never sent. Ask for a new code.'] });
    });
  });

  describe('finish_onboarding', () => {
    it('marks onboarding finished at once (user_info says so right away) and stays finished', async () => {
      const u = await signedInUser(t, 'onboarding');
      const info = () => t.app.inject({ method: 'GET', url: v1('/user_info'), headers: u.headers });
      expect((await info()).json().data.onboarding_finished).toBe(false);

      const done = await t.app.inject({ method: 'POST', url: v1('/finish_onboarding'), headers: u.headers });
      expect(done.statusCode).toBe(200);
      expect(done.json().data.onboarding_finished).toBe(true);
      expect((await info()).json().data.onboarding_finished).toBe(true);

      const again = await t.app.inject({ method: 'POST', url: v1('/finish_onboarding'), headers: u.headers });
      expect(again.json().data.onboarding_finished).toBe(true);
      expect((await state(t, u.headers)).finished).toBe(true);
    });

    it('creates the persona, offering and messaging settings from the answers exactly once, and fills the user', async () => {
      const u = await signedInUser(t, 'onb-finish');
      await answerEverything(t, u.headers);
      const [finishA, finishB] = await Promise.all([
        t.app.inject({ method: 'POST', url: v1('/finish_onboarding'), headers: u.headers }),
        t.app.inject({ method: 'POST', url: v1('/finish_onboarding'), headers: u.headers }),
      ]);
      expect([finishA.statusCode, finishB.statusCode]).toEqual([200, 200]);
      expect(finishA.json().data).toMatchObject({ onboarding_finished: true, name: 'Ada Lovelace', image: 'https://cdn.example.org/ada.png', phone: '+4915112345678' });
      expect((await t.app.inject({ method: 'POST', url: v1('/finish_onboarding'), headers: u.headers })).statusCode).toBe(200);

      const [user] = await t.db.db.select().from(users).where(eq(users.email, u.email));
      expect(user!.jobTitle).toBe('Chief Executive Officer');
      const accountId = user!.accountId;
      const countIn = async (table: typeof personas | typeof offerings | typeof messagingSettings) =>
        (await t.db.db.select({ n: count() }).from(table).where(eq(table.accountId, accountId)))[0]!.n;
      expect([await countIn(personas), await countIn(offerings), await countIn(messagingSettings)]).toEqual([1, 1, 1]);

      const list = (await t.app.inject({ method: 'GET', url: v1('/persons'), headers: u.headers })).json().data;
      expect(list).toHaveLength(1);
      const persona = (await t.app.inject({ method: 'GET', url: v1(`/persons/${list[0].id}/edit`), headers: u.headers })).json().data;
      expect(persona).toMatchObject({ name: 'Revenue leaders' });
      expect(persona.filters).toEqual({
        job_titles: [
          { id: 'VP Sales', name: 'VP Sales', uid: 'VP Sales' },
          { id: 'CRO', name: 'CRO', uid: 'CRO' },
        ],
        industries: [
          { id: 'Software', name: 'Software', uid: 'Software' },
          { id: 'Fintech', name: 'Fintech', uid: 'Fintech' },
        ],
        employees_numbers: [
          { name: '51–200', value: '51,200' },
          { name: '201–500', value: '201,500' },
        ],
        locations: ['Germany', 'France'],
      });

      const [offering] = (await t.app.inject({ method: 'GET', url: v1('/offerings'), headers: u.headers })).json().data;
      expect(offering).toMatchObject({ name: 'Engine Forecast', price_min: 500, price_max: 2000, currency: 'EUR', price_period: 'month', url: 'https://analytical-engines.io' });
      // Prose in the user's words, what it does first: no "Problem:" / "Solution:" labels.
      expect(offering.description).toBe(
        'Engine Forecast pulls CRM data hourly and predicts the quarter. It flags risky deals.\n\nRevenue teams miss their forecast because pipeline data lives in spreadsheets.\n\nSet up in one day. No data scientist needed; works with HubSpot and Salesforce.',
      );

      const [setting] = (await t.app.inject({ method: 'GET', url: v1('/messaging_settings'), headers: u.headers })).json().data;
      expect(setting).toMatchObject({ persona_id: null, offering_id: offering.id, language: 'en' });
      expect(setting.call_to_action).toContain('https://cal.example.org/ada/30min');
      expect(setting.signature).toBe('<p>Ada Lovelace<br>Chief Executive Officer, Analytical Engines<br>+4915112345678<br>analytical-engines.io</p>');

      // Sign-up named the account after the email; the company answered names it now.
      const [account] = await t.db.db.select().from(accounts).where(eq(accounts.id, accountId));
      expect(account!.name).toBe('Analytical Engines');

      // The example message is written from all this: one prospect, the company, prose, one sign-off, a clean link.
      const example = await t.app.inject({ method: 'POST', url: v1('/generate_example_text'), headers: u.headers, payload: { persona_id: list[0].id } });
      expect(example.statusCode, example.body).toBe(200);
      const text: string = example.json().data.text;
      expect(text).toContain('Engine Forecast from Analytical Engines pulls CRM data hourly and predicts the quarter.');
      expect(text).toContain('VP Sales at Northwind Traders'); // the persona's first job title, for the placeholder prospect
      expect(text).not.toContain(u.email.split('@')[0]);
      expect(text).not.toContain('Revenue leaders');
      expect(text).not.toMatch(/problem:|solution:/i);
      expect(text.match(/Ada Lovelace/g)).toHaveLength(1);
      expect(text).toContain('https://cal.example.org/ada/30min');
      expect(text).not.toContain('https://cal.example.org/ada/30min.');
    });

    it('example messages name the company answered while the account still has the name sign-up gave it', async () => {
      const u = await signedInUser(t, 'onb-sender');
      await put(t, u.headers, 'your-website', { domain: 'acme.io', company_name: 'Acme Inc', description: 'Forecasting for B2B revenue teams.' });
      const example = await t.app.inject({ method: 'POST', url: v1('/generate_example_text'), headers: u.headers, payload: {} });
      expect(example.statusCode, example.body).toBe(200);
      // Named as the sender's company ("we offer X: …" was the defect this replaced).
      expect(example.json().data.text).toContain('I work at Acme Inc');
      expect(example.json().data.text).not.toMatch(/we offer/i);
      expect(example.json().data.text).not.toContain(u.email.split('@')[0]);
    });

    it('finishes with only some answers, creating what they allow and keeping an existing persona name', async () => {
      const u = await signedInUser(t, 'onb-partial');
      await createPersona(t, u.headers, 'Revenue leaders');
      await put(t, u.headers, 'potential-customers', FULL_ANSWERS['potential-customers']);
      expect((await t.app.inject({ method: 'POST', url: v1('/finish_onboarding'), headers: u.headers })).statusCode).toBe(200);
      const names = (await t.app.inject({ method: 'GET', url: v1('/persons'), headers: u.headers })).json().data.map((p: { name: string }) => p.name).sort();
      expect(names).toEqual(['Revenue leaders', 'Revenue leaders (2)']);
      expect((await t.app.inject({ method: 'GET', url: v1('/offerings'), headers: u.headers })).json().data).toEqual([]);
      const [user] = await t.db.db.select().from(users).where(and(eq(users.email, u.email)));
      expect(user!.onboardingFinishedAt).toBeInstanceOf(Date);
      // No company answered: the account keeps its name.
      const [account] = await t.db.db.select().from(accounts).where(eq(accounts.id, user!.accountId));
      expect(account!.name).toBe(u.email.split('@')[0]);
    });
  });

  it('emails the phone code to the user when no SMS provider is configured (log-only sender)', async () => {
    const logged: string[] = [];
    const plain = await startTestApp(kind, { sms: logSms({ info: (_o: unknown, msg?: string) => void logged.push(String(msg)) } as never) });
    try {
      const u = await signedInUser(plain, 'onb-phone-mail');
      const sent = await plain.app.inject({ method: 'POST', url: v1('/onboarding/phone/send_code'), headers: u.headers, payload: { phone: '+4915199999999' } });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json().data).toMatchObject({ channel: 'email', sent_to: u.email, message: `We emailed a 6-digit code to ${u.email} to confirm +4915199999999.` });
      expect(logged.at(-1)).toMatch(/SMS \(no provider configured\) to \+4915199999999: .*code is \d{6}/);
      const mail = await plain.smtp.waitForMail(u.email, (m) => m.text.includes('phone verification code'));
      const code = /code is (\d{6})/.exec(mail.text)![1]!;
      expect(logged.at(-1)).toContain(code);
      const ok = await plain.app.inject({ method: 'POST', url: v1('/onboarding/phone/verify'), headers: u.headers, payload: { code } });
      expect(ok.json().data).toMatchObject({ phone: '+4915199999999', phone_verified: true });
    } finally {
      await plain.close();
    }
  });

  it('drafts through a chat-completions server: 202 with a job when slower than the wait, and GET onboarding then has the draft', async () => {
    const prompts: Array<{ system: string; user: string }> = [];
    const ai = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const body = JSON.parse(raw) as { messages: Array<{ content: string }> };
        prompts.push({ system: body.messages[0]!.content, user: body.messages[1]!.content });
        const content = 'Here you go.\nValue proposition: Forecasts you can trust.\nProblem: Spreadsheets.\nSolution: Hourly CRM sync.\nDifferentiators:\n- One-day setup\nIdeal customer: CROs in Germany.';
        setTimeout(() => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ choices: [{ message: { content } }] }));
        }, 300);
      });
    });
    await new Promise<void>((resolve) => ai.listen(0, '127.0.0.1', resolve));
    const slow = await startTestApp(kind, { env: { AI_BASE_URL: `http://127.0.0.1:${(ai.address() as AddressInfo).port}/v1`, AI_SYNC_WAIT_MS: '50' } });
    try {
      const u = await signedInUser(slow, 'onb-draft-202');
      await put(slow, u.headers, 'potential-customers', FULL_ANSWERS['potential-customers']);
      await put(slow, u.headers, 'solution', FULL_ANSWERS.solution);
      const res = await slow.app.inject({ method: 'POST', url: v1('/generate_onboarding_info'), headers: u.headers, payload: {} });
      expect(res.statusCode, res.body).toBe(202);
      const { job_id } = res.json();
      // The job runs on: once the queue has done its work, the poll has the result.
      await slow.app.jobs.drain();
      const job: { status: string; result: { text: string; provider: string } | null } = (
        await slow.app.inject({ method: 'GET', url: v1(`/generation_jobs/${job_id}`), headers: u.headers })
      ).json().data;
      expect(job.status).toBe('succeeded');
      expect(job.result!.provider).toBe('openai');
      expect((await state(slow, u.headers)).draft).toEqual({
        value_proposition: 'Forecasts you can trust.',
        problem: 'Spreadsheets.',
        solution: 'Hourly CRM sync.',
        differentiators: '- One-day setup',
        ideal_customer: 'CROs in Germany.',
      });
      // The prompt carries the answers.
      expect(prompts[0]!.system).toContain('Value proposition:');
      expect(prompts[0]!.user).toContain('Product or service: Engine Forecast');
      expect(prompts[0]!.user).toContain('Job titles: VP Sales, CRO');
      expect(prompts[0]!.user).toContain('Company sizes (employees): 51–200, 201–500');
    } finally {
      await slow.close();
      await new Promise((resolve) => ai.close(resolve));
    }
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'POST', url: v1('/finish_onboarding') })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: v1('/onboarding') })).statusCode).toBe(401);
  });
});
