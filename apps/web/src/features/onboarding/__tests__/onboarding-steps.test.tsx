import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ONBOARDING_DRAFT_NEEDS, ONBOARDING_STEP_SLUGS } from '@shared/schemas/onboarding';
import { ONBOARDING_STEPS } from '@web/config/paths';
import { api } from '@web/lib/api';
import { userKeys } from '@web/lib/user';
import { fakeAdapter } from '@web/testing/fake-adapter';
import { renderRoute } from '@web/testing/render';
import { forgetTypedDrafts } from '../steps/step-form';
import { OnboardingStepRoute } from '../routes/step';
import { stepQuestion } from '../steps';
import { WelcomeRoute } from '../routes/welcome';
import { fakeOnboardingServer } from './fake-onboarding-server';

let original: typeof api.http.defaults.adapter;
let server: ReturnType<typeof fakeOnboardingServer>;
let adapter: ReturnType<typeof fakeAdapter>;

beforeEach(() => {
  forgetTypedDrafts();
  original = api.http.defaults.adapter;
  server = fakeOnboardingServer();
  adapter = fakeAdapter((config) => server.handle(config));
  api.http.defaults.adapter = adapter as AxiosAdapter;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  api.http.defaults.adapter = original;
  vi.restoreAllMocks();
});

const calls = () => adapter.calls.map((c) => `${c.method?.toUpperCase()} ${c.url}`);
const bodyOf = (key: string) => {
  const call = adapter.calls.filter((c) => `${c.method?.toUpperCase()} ${c.url}` === key).at(-1);
  return call ? (JSON.parse(String(call.data)) as Record<string, unknown>) : undefined;
};
const renderStep = (slug: string, nextSlug?: string) =>
  renderRoute(OnboardingStepRoute, {
    path: `/cabinet/onboarding/${slug}`,
    extra: [
      ...(nextSlug ? [{ path: `/cabinet/onboarding/${nextSlug}`, Component: () => <h1>Next step</h1> }] : []),
      { path: '/cabinet', Component: () => <h1>Cabinet home</h1> },
    ],
  });

describe('the onboarding steps', () => {
  it('walk the same thirteen steps, in the same order, as the shared schemas', () => {
    expect(ONBOARDING_STEPS.map((s) => s.slug)).toEqual([...ONBOARDING_STEP_SLUGS]);
  });

  it('validate on Next without calling the server, then save and go on', async () => {
    renderStep('problem-solving', 'solution');
    const next = await screen.findByRole('button', { name: /Next/ });
    await userEvent.click(next);
    expect(await screen.findByText('The problem you solve needs at least 10 characters')).toBeInTheDocument();
    expect(calls()).toEqual(['GET /onboarding']);
    await userEvent.type(screen.getByLabelText('The problem you solve'), 'Forecasts live in spreadsheets.');
    await userEvent.click(next);
    expect(await screen.findByRole('heading', { name: 'Next step' })).toBeInTheDocument();
    expect(bodyOf('PUT /onboarding/steps/problem-solving')).toEqual({ problem: 'Forecasts live in spreadsheets.' });
  });

  it('put the focus on the question when a step opens, so keyboard users are not left on the page body', async () => {
    renderStep('expectations');
    const question = await screen.findByRole('heading', { level: 1 });
    await screen.findByRole('button', { name: /Next/ });
    expect(question).toHaveFocus();
  });

  it('start from the saved answer and show the server’s refusal', async () => {
    server.state.answers['meeting-link'] = { meeting_link: 'https://cal.example.org/me' };
    server.on('PUT /onboarding/steps/meeting-link', () => ({ status: 422, data: { errors: ['meeting_link: Something is off'] } }));
    renderStep('meeting-link', 'phone-number');
    expect(await screen.findByLabelText('Meeting link')).toHaveValue('https://cal.example.org/me');
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('meeting_link: Something is off');
    expect(screen.queryByRole('heading', { name: 'Next step' })).not.toBeInTheDocument();
  });

  it('take a meeting link without https:// and send it with it', async () => {
    renderStep('meeting-link', 'phone-number');
    await userEvent.type(await screen.findByLabelText('Meeting link'), 'ftp://calendly.com/jane');
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Meeting link must start with http:// or https://')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Meeting link'));
    await userEvent.type(screen.getByLabelText('Meeting link'), 'calendly.com/jane');
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    await screen.findByRole('heading', { name: 'Next step' });
    expect(bodyOf('PUT /onboarding/steps/meeting-link')).toEqual({ meeting_link: 'https://calendly.com/jane' });
  });

  it('say an empty number field is required', async () => {
    renderStep('expectations', 'meeting-link');
    await userEvent.click(await screen.findByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Meetings per month is required')).toBeInTheDocument();
    expect(screen.queryByText(/must be a number/)).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Meetings per month'), '5');
    await userEvent.clear(screen.getByLabelText('Meetings per month'));
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Meetings per month is required')).toBeInTheDocument();
  });

  it('find the user’s profile by typeahead, fill name, photo and title from it, or skip', async () => {
    server.on('GET /search_users', (config) => ({
      status: 200,
      data: {
        data:
          (config.params as { query: string }).query === 'Ada'
            ? [{ name: 'Ada Lovelace', photo: 'https://cdn.example.org/ada.png', title: 'Founder at Engines', profile_url: 'https://www.linkedin.com/in/ada/', source: 'prospect' }]
            : [],
      },
    }));
    renderStep('choose-user-profile', 'your-website');
    await userEvent.type(await screen.findByLabelText('Search for your profile'), 'Ada');
    await userEvent.click(await screen.findByRole('option', { name: /Ada Lovelace/ }));
    expect(screen.getByLabelText('Your name')).toHaveValue('Ada Lovelace');
    expect(screen.getByRole('img', { name: 'Your photo' })).toHaveAttribute('src', 'https://cdn.example.org/ada.png');
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    await screen.findByRole('heading', { name: 'Next step' });
    expect(bodyOf('PUT /onboarding/steps/choose-user-profile')).toEqual({
      skipped: false,
      name: 'Ada Lovelace',
      photo_url: 'https://cdn.example.org/ada.png',
      title: 'Founder at Engines',
      profile_url: 'https://www.linkedin.com/in/ada/',
    });
  });

  it('let the profile step be skipped', async () => {
    renderStep('choose-user-profile', 'your-website');
    await userEvent.click(await screen.findByRole('button', { name: 'Skip' }));
    await screen.findByRole('heading', { name: 'Next step' });
    expect(bodyOf('PUT /onboarding/steps/choose-user-profile')).toEqual({ skipped: true });
  });

  it('look the website up, offer what was found, and fall back to typing when nothing is found', async () => {
    let found = true;
    server.on('GET /find_company_info_by_domain', (config) => ({
      status: 200,
      data: {
        data: found
          ? { found: true, domain: (config.params as { domain: string }).domain, url: 'https://acme.io/', title: 'Acme Anvils', description: 'Anvils for everyone.', language: 'en', logo_url: 'https://acme.io/logo.png', message: null }
          : { found: false, domain: 'nowhere.io', url: null, title: null, description: null, language: null, logo_url: null, message: 'nowhere.io could not be reached. Type your company details below instead.' },
      },
    }));
    renderStep('your-website', 'your-position');
    await userEvent.type(await screen.findByLabelText('Company website'), 'https://www.acme.io/about');
    await userEvent.click(screen.getByRole('button', { name: /Look up/ }));
    expect(adapter.calls.find((c) => c.url === '/find_company_info_by_domain')?.params).toEqual({ domain: 'acme.io' });
    await userEvent.click(await screen.findByRole('button', { name: 'Use these details' }));
    expect(screen.getByLabelText('Company name')).toHaveValue('Acme Anvils');
    expect(screen.getByLabelText('What your company does')).toHaveValue('Anvils for everyone.');

    found = false;
    await userEvent.clear(screen.getByLabelText('Company website'));
    await userEvent.type(screen.getByLabelText('Company website'), 'nowhere.io');
    await userEvent.click(screen.getByRole('button', { name: /Look up/ }));
    expect(await screen.findByText(/could not be reached/)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Company name'));
    await userEvent.type(screen.getByLabelText('Company name'), 'Nowhere Ltd');
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    await screen.findByRole('heading', { name: 'Next step' });
    expect(bodyOf('PUT /onboarding/steps/your-website')).toMatchObject({ domain: 'nowhere.io', company_name: 'Nowhere Ltd', logo_url: 'https://acme.io/logo.png' });
  });

  it('collect potential customers as chips and size buckets', async () => {
    renderStep('potential-customers', 'price');
    await userEvent.type(await screen.findByLabelText('Audience name'), 'Fintech CFOs');
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Add at least one job title')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Job titles', { selector: 'input' }), 'CFO{Enter}VP Finance,');
    await userEvent.click(screen.getByRole('button', { name: '+ Software' }));
    await userEvent.click(screen.getByLabelText('51–200'));
    await userEvent.type(screen.getByLabelText('Locations', { selector: 'input' }), 'Germany{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Remove VP Finance' }));
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    await screen.findByRole('heading', { name: 'Next step' });
    expect(bodyOf('PUT /onboarding/steps/potential-customers')).toEqual({
      persona_name: 'Fintech CFOs',
      job_titles: ['CFO'],
      industries: ['Software'],
      company_sizes: ['51,200'],
      locations: ['Germany'],
    });
  });

  it('draft a text with AI, let the user edit it and use it', async () => {
    server.on('POST /generate_onboarding_info', () => ({
      status: 200,
      data: {
        data: { text: '', html: '', subject: null, prospect_id: null, persona_id: null, messaging_setting_id: null, provider: 'composer' },
        draft: { value_proposition: 'v', problem: 'p', solution: 'Engine pulls CRM data.', differentiators: '- Fast', ideal_customer: 'i' },
      },
    }));
    server.state.answers['your-website'] = { domain: 'acme.io', company_name: 'Acme Inc', description: 'Forecasting for B2B revenue teams.', language: null, logo_url: null };
    renderStep('solution', 'different');
    await userEvent.click(await screen.findByRole('button', { name: /Draft with AI/ }));
    const suggested = await screen.findByLabelText('Suggested solution');
    expect(suggested).toHaveValue('Engine pulls CRM data.');
    await userEvent.type(suggested, ' Every hour.');
    await userEvent.click(screen.getByRole('button', { name: 'Use this text' }));
    expect(screen.getByLabelText('Your solution')).toHaveValue('Engine pulls CRM data. Every hour.');
  });

  it('say what to answer first when there is nothing yet to draft from, instead of offering a draft', async () => {
    server.state.answers['your-website'] = { domain: 'acme.io', company_name: 'Acme Inc', description: '', language: null, logo_url: null };
    renderStep('problem-solving', 'solution');
    expect(await screen.findByText(ONBOARDING_DRAFT_NEEDS.problem)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Draft with AI/ })).not.toBeInTheDocument();
    expect(calls()).toEqual(['GET /onboarding']);
  });

  it('say what to answer first when the draft comes back without this part', async () => {
    server.state.answers['your-website'] = { domain: 'acme.io', company_name: 'Acme Inc', description: 'Forecasting for B2B revenue teams.', language: null, logo_url: null };
    server.on('POST /generate_onboarding_info', () => ({
      status: 200,
      data: {
        data: { text: '', html: '', subject: null, prospect_id: null, persona_id: null, messaging_setting_id: null, provider: 'openai' },
        draft: { value_proposition: 'v', problem: '  ', solution: 's', differentiators: '', ideal_customer: '' },
      },
    }));
    renderStep('problem-solving', 'solution');
    await userEvent.click(await screen.findByRole('button', { name: /Draft with AI/ }));
    expect(await screen.findByText(ONBOARDING_DRAFT_NEEDS.problem)).toBeInTheDocument();
    expect(screen.queryByLabelText('Suggested problem')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use this text' })).not.toBeInTheDocument();
  });

  it('verify the phone by code before going on', async () => {
    server.on('POST /onboarding/phone/send_code', () => ({
      status: 200,
      data: { data: { phone: '+14155550123', phone_verified: false, channel: 'sms', sent_to: '+14155550123', message: 'We texted a 6-digit code to +14155550123.' } },
    }));
    server.on('POST /onboarding/phone/verify', (config) =>
      JSON.parse(String(config.data)).code === '123456'
        ? { status: 200, data: { data: { phone: '+14155550123', phone_verified: true, message: 'Your phone number is verified.' } } }
        : { status: 422, data: { errors: ['The code is incorrect. Check it and try again.'] } },
    );
    server.on('PUT /onboarding/steps/phone-number', () => ({ status: 422, data: { errors: ['Verify this phone number with the code we send before going on'] } }));
    renderStep('phone-number', 'notifications-list');
    await userEvent.type(await screen.findByLabelText('Phone number'), '+1 415 555 0123');
    // Next before verifying is refused by the server.
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Verify this phone number with the code we send before going on')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/We texted a 6-digit code to/)).toHaveTextContent('We texted a 6-digit code to +14155550123.');
    expect(bodyOf('POST /onboarding/phone/send_code')).toEqual({ phone: '+14155550123' });
    await userEvent.type(screen.getByLabelText('Code from the SMS'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is incorrect. Check it and try again.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Code from the SMS'));
    await userEvent.type(screen.getByLabelText('Code from the SMS'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Phone number verified')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send code' })).not.toBeInTheDocument();
    // No leftover errors next to the success.
    expect(screen.queryByText('Verify this phone number with the code we send before going on')).not.toBeInTheDocument();
    expect(screen.queryByText('The code is incorrect. Check it and try again.')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('let the phone step be skipped, and say nothing of test calls where the brand has no calls', async () => {
    expect(stepQuestion('phone-number', { phone_calls: false }).description).not.toMatch(/call/i);
    expect(stepQuestion('phone-number', { phone_calls: false }).description).toMatch(/skip/i);
    renderStep('phone-number', 'notifications-list');
    expect(await screen.findByText(/receives test calls/)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Skip' }));
    expect(await screen.findByRole('heading', { name: 'Next step' })).toBeInTheDocument();
    expect(bodyOf('PUT /onboarding/steps/phone-number')).toEqual({ skipped: true });
  });

  it('keep what was typed on a step the user went Back from', async () => {
    const { router } = renderRoute(OnboardingStepRoute, {
      path: '/cabinet/onboarding/:slug',
      url: '/cabinet/onboarding/solution',
    });
    await userEvent.type(await screen.findByLabelText('Your solution'), 'A forecasting copilot');
    await userEvent.click(screen.getByRole('link', { name: /Back/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cabinet/onboarding/problem-solving'));
    await screen.findByLabelText('The problem you solve');
    await router.navigate('/cabinet/onboarding/solution');
    expect(await screen.findByLabelText('Your solution')).toHaveValue('A forecasting copilot');
    expect(adapter.calls.filter((c) => c.method?.toUpperCase() === 'PUT')).toEqual([]);
  });

  it('say the code was emailed when it went by email (no SMS provider)', async () => {
    server.on('POST /onboarding/phone/send_code', () => ({
      status: 200,
      data: { data: { phone: '+14155550123', phone_verified: false, channel: 'email', sent_to: 'ada@example.com', message: 'We emailed a 6-digit code to ada@example.com to confirm +14155550123.' } },
    }));
    renderStep('phone-number', 'notifications-list');
    await userEvent.type(await screen.findByLabelText('Phone number'), '+1 415 555 0123');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/We emailed a 6-digit code to/)).toHaveTextContent('We emailed a 6-digit code to ada@example.com.');
    expect(screen.getByLabelText('Code from the email')).toBeInTheDocument();
    expect(screen.queryByText(/SMS/)).not.toBeInTheDocument();
  });

  it('finish on the last step: save the choices, finish on the server, update the user and open the cabinet', async () => {
    const { queryClient } = renderStep('notifications-list');
    await userEvent.click(await screen.findByLabelText('An import finished'));
    await userEvent.click(screen.getByLabelText('A meeting was booked'));
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByRole('heading', { name: 'Cabinet home' })).toBeInTheDocument();
    expect(calls().slice(0, 3)).toEqual(['GET /onboarding', 'PUT /onboarding/steps/notifications-list', 'POST /finish_onboarding']);
    expect(bodyOf('PUT /onboarding/steps/notifications-list')).toEqual({ events: ['reply_received', 'import_finished'] });
    expect(queryClient.getQueryData(userKeys.info())).toMatchObject({ onboarding_finished: true });
  });

  it('stay on the last step when finishing is refused', async () => {
    server.on('POST /finish_onboarding', () => ({ status: 422, data: { errors: ['Something is missing'] } }));
    renderStep('notifications-list');
    await userEvent.click(await screen.findByRole('button', { name: 'Finish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something is missing');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Finish' })).toBeEnabled());
    expect(screen.queryByRole('heading', { name: 'Cabinet home' })).not.toBeInTheDocument();
  });
});

describe('Welcome', () => {
  it('starts at the first step for a new user and continues at the saved step later', async () => {
    const first = renderRoute(WelcomeRoute, { path: '/cabinet/onboarding' });
    expect(await screen.findByRole('link', { name: /Start/ })).toHaveAttribute('href', '/cabinet/onboarding/choose-user-profile');
    // Welcome is step 1 of 14; what follows are the thirteen questions.
    expect(screen.getByText('13 short questions')).toBeInTheDocument();
    first.unmount();
    server.state.current_step = 'price';
    renderRoute(WelcomeRoute, { path: '/cabinet/onboarding' });
    expect(await screen.findByRole('link', { name: /Continue with “Price”/ })).toHaveAttribute('href', '/cabinet/onboarding/price');
  });
});
