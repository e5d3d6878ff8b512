import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getBrand } from '@shared/brands';
import { api } from '@web/lib/api';
import { useBrandStore } from '@web/stores/brand';
import { renderRoute } from '@web/testing/render';
import { FollowupRoute } from '../routes/followup';
import { ExampleRoute } from '../routes/messaging/example';
import { CaseStudiesRoute } from '../routes/messaging/case-studies';
import { InstructionsScriptRoute } from '../routes/messaging/instructions-script';
import { OfferingRoute } from '../routes/messaging/offering';
import { SignatureRoute } from '../routes/messaging/signature';
import { ToneVoiceRoute } from '../routes/messaging/tone-voice';
import { fakeMessagingServer, personaFixture, prospectFixture } from './fake-messaging-server';

let original: typeof api.http.defaults.adapter;
let server: ReturnType<typeof fakeMessagingServer>;

beforeEach(() => {
  original = api.http.defaults.adapter;
  server = fakeMessagingServer();
  api.http.defaults.adapter = server.adapter as AxiosAdapter;
  useBrandStore.setState({ brand: getBrand(0) });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  api.http.defaults.adapter = original;
  useBrandStore.setState({ brand: getBrand(0) });
  vi.restoreAllMocks();
});

const render = (Component: ComponentType, url = '/page') => renderRoute(Component, { path: '/page', url });
const sent = (c: { data?: unknown }) => JSON.parse(String(c.data)) as Record<string, unknown>;

describe('Tone of voice page', () => {
  it('first save creates the default settings, the next one updates them; both show Saved with the time', async () => {
    render(ToneVoiceRoute);
    const tone = await screen.findByRole('textbox', { name: 'Tone of voice' });
    expect(screen.getByText(/saving here creates your default settings/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Friendly' }));
    expect(tone).toHaveValue('Friendly');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/^Saved/)).toHaveTextContent(/Saved at \d\d:\d\d:\d\d/);
    expect(server.calls('POST', '/messaging_settings').map(sent)).toEqual([{ persona_id: null, tone_voice: 'Friendly' }]);

    await userEvent.clear(tone);
    await userEvent.type(tone, 'Warm, brief, no jargon');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('PUT', '/messaging_settings/1')).toHaveLength(1));
    expect(sent(server.calls('PUT', '/messaging_settings/1')[0]!)).toEqual({ tone_voice: 'Warm, brief, no jargon' });
    expect(await screen.findByText(/^Saved/)).toBeInTheDocument();
    expect(server.db.settings[0]!.tone_voice).toBe('Warm, brief, no jargon');
  });

  it('validates with the shared schema before sending', async () => {
    server.db.settings = [server.setting({ tone_voice: 'Formal' })];
    render(ToneVoiceRoute);
    const tone = await screen.findByRole('textbox', { name: 'Tone of voice' });
    expect(tone).toHaveValue('Formal');
    await userEvent.clear(tone);
    await userEvent.click(tone);
    await userEvent.paste('x'.repeat(501));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Tone of voice must be at most 500 characters')).toBeInTheDocument();
    expect(tone).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls('PUT', /messaging_settings/)).toHaveLength(0);
  });

  it('shows the server’s errors', async () => {
    server.db.settings = [server.setting({})];
    server.db.failNextPut = { status: 422, data: { errors: ['Tone of voice is not allowed here'] } };
    render(ToneVoiceRoute);
    await screen.findByRole('textbox', { name: 'Tone of voice' });
    await userEvent.click(screen.getByRole('button', { name: 'Casual' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Tone of voice is not allowed here');
    expect(screen.queryByText(/^Saved/)).not.toBeInTheDocument();
  });

  it('shows an error with a retry when the settings fail to load', { timeout: 15000 }, async () => {
    const adapter = server.adapter;
    let fail = true;
    api.http.defaults.adapter = ((config) =>
      fail && config.url === '/messaging_settings'
        ? Promise.reject(Object.assign(new Error('Network Error'), { isAxiosError: true, config }))
        : adapter(config)) as AxiosAdapter;
    render(ToneVoiceRoute);
    // Network errors are retried twice (lib/query-client) before the page gives up.
    expect(await screen.findByText('Could not load your messaging settings.', {}, { timeout: 8000 })).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'Tone of voice' })).toBeInTheDocument();
  });
});

describe('Signature page', () => {
  it('edits the signature in a narrowed rich-text editor labelled "Signature" and saves its HTML', async () => {
    server.db.settings = [server.setting({ signature: '<p>Best, <strong>Ada</strong></p>' })];
    render(SignatureRoute);
    const editor = await waitFor(
      () => {
        const box = screen.getByRole('textbox', { name: 'Signature' });
        expect(box).toHaveClass('ql-editor');
        return box;
      },
      { timeout: 15000 },
    );
    expect(editor.innerHTML).toBe('<p>Best, <strong>Ada</strong></p>');
    const toolbar = screen.getByRole('toolbar', { name: 'Signature formatting' });
    expect(within(toolbar).queryByRole('button', { name: 'Video' })).not.toBeInTheDocument();
    expect(within(toolbar).getByRole('button', { name: 'Link' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('PUT', '/messaging_settings/1')).toHaveLength(1));
    expect(sent(server.calls('PUT', '/messaging_settings/1')[0]!)).toEqual({ signature: '<p>Best, <strong>Ada</strong></p>' });
  });
});

describe('Example page', () => {
  it('generates an example for the chosen prospect through the 202 polling contract, shows it sanitised, and regenerates', async () => {
    server.db.personas = [personaFixture(7, 'Heads of Sales')];
    server.db.prospects = [prospectFixture(21, 'Grace Hopper', 7), prospectFixture(22, 'Alan Turing', 7)];
    server.db.settings = [server.setting({ tone_voice: 'Friendly' })];
    server.db.pendingPolls = 1;
    render(ExampleRoute);
    const prospect = await screen.findByLabelText('Prospect');
    await waitFor(() => expect(prospect).toHaveDisplayValue('Grace Hopper — Head of Sales at Acme'));
    await userEvent.selectOptions(prospect, 'Alan Turing — Head of Sales at Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Generate example' }));
    const region = await screen.findByRole('region', { name: 'Example message' }, { timeout: 15000 });
    expect(region).toHaveTextContent('Hi Alan Turing, tone: Friendly.');
    expect(region).toHaveTextContent('A quick idea');
    expect(region.innerHTML).not.toContain('onerror');
    expect(sent(server.calls('POST', '/generate_example_text')[0]!)).toEqual({ messaging_setting_id: 1, persona_id: 7, prospect_id: 22 });
    expect(server.calls('GET', /^\/generation_jobs\//)).toHaveLength(1);

    server.db.pendingPolls = 0;
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(server.calls('POST', '/generate_example_text')).toHaveLength(2));
    expect(await screen.findByRole('region', { name: 'Example message' })).toHaveTextContent('Hi Alan Turing');
  });
});

describe('Test call', () => {
  it('is offered on the call script page when the brand has phone calls', async () => {
    server.db.settings = [server.setting({})];
    render(InstructionsScriptRoute);
    await userEvent.type(await screen.findByLabelText('Your phone number'), '+1 (415) 555-0123');
    await userEvent.click(screen.getByRole('button', { name: 'Test call' }));
    expect(await screen.findByText('Test call to +14155550123 simulated')).toBeInTheDocument();
  });

  it('starts with the phone the user verified (their profile phone), which they may change', async () => {
    server.db.user!.phone = '+14155550199';
    server.db.settings = [server.setting({})];
    render(InstructionsScriptRoute);
    const phone = await screen.findByLabelText('Your phone number');
    await waitFor(() => expect(phone).toHaveValue('+14155550199'));
    expect(screen.getByText('Your phone from your profile; change it to call another number.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Test call' }));
    expect(await screen.findByText('Test call to +14155550199 simulated')).toBeInTheDocument();
    expect(sent(server.calls('POST', '/test_call')[0]!)).toEqual({ phone: '+14155550199' });
  });

  it('is never shown when the brand’s phone-call flag is off', async () => {
    const brand = getBrand(1);
    expect(brand.feature_flags.phone_calls).toBe(false);
    useBrandStore.setState({ brand });
    server.db.settings = [server.setting({})];
    render(InstructionsScriptRoute);
    await screen.findByText('Instructions script', { selector: 'p' });
    expect(screen.queryByLabelText('Your phone number')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Test call' })).not.toBeInTheDocument();
  });
});

describe('Offering page', () => {
  it('creates an offering (validated: name, price order), picks it for these messages and saves', async () => {
    server.db.settings = [server.setting({})];
    render(OfferingRoute);
    expect(await screen.findByText('No offerings yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New offering' }));
    const form = screen.getByRole('form', { name: 'New offering' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add offering' }));
    expect(await within(form).findByText('Name is required')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Name'), 'Pipeline audit');
    await userEvent.type(within(form).getByLabelText('Lowest price'), '900');
    await userEvent.type(within(form).getByLabelText('Highest price'), '500');
    await userEvent.click(within(form).getByRole('button', { name: 'Add offering' }));
    expect(await within(form).findByText('The highest price must not be lower than the lowest price')).toBeInTheDocument();
    expect(server.calls('POST', '/offerings')).toHaveLength(0);
    await userEvent.clear(within(form).getByLabelText('Highest price'));
    await userEvent.type(within(form).getByLabelText('Highest price'), '1500');
    await userEvent.click(within(form).getByRole('button', { name: 'Add offering' }));
    expect(await screen.findByRole('group', { name: 'Pipeline audit' })).toHaveTextContent('$900–$1,500 one-time');
    expect(sent(server.calls('POST', '/offerings')[0]!)).toMatchObject({ name: 'Pipeline audit', price_min: 900, price_max: 1500, url: null });
    // Only this form's fields: the product page's (claims, personas, proof) are left to /cabinet/my-products.
    expect(Object.keys(sent(server.calls('POST', '/offerings')[0]!)).sort()).toEqual(['currency', 'description', 'name', 'price_max', 'price_min', 'price_period', 'url']);

    await userEvent.selectOptions(screen.getByLabelText('Offering in these messages'), 'Pipeline audit');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('PUT', '/messaging_settings/1')).toHaveLength(1));
    expect(sent(server.calls('PUT', '/messaging_settings/1')[0]!)).toEqual({ offering_id: 100 });
  });
});

describe('Case studies page', () => {
  it('adds, validates and saves the list', async () => {
    server.db.settings = [server.setting({})];
    render(CaseStudiesRoute);
    await userEvent.click(await screen.findByRole('button', { name: 'Add case study' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Case study title is required')).toBeInTheDocument();
    const item = screen.getByRole('group', { name: 'Case study 1' });
    await userEvent.type(within(item).getByLabelText('Title'), 'Finvoice doubled replies');
    await userEvent.type(within(item).getByLabelText('Link'), 'ftp://x');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('URL must start with http:// or https://')).toBeInTheDocument();
    await userEvent.clear(within(item).getByLabelText('Link'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('PUT', '/messaging_settings/1')).toHaveLength(1));
    expect(sent(server.calls('PUT', '/messaging_settings/1')[0]!)).toEqual({
      case_studies: [{ title: 'Finvoice doubled replies', summary: '', url: null }],
    });
    expect(await screen.findByText(/^Saved/)).toBeInTheDocument();
  });
});

describe('Follow-up page', () => {
  it('validates the number of follow-ups and saves number, spacing and stop rules', async () => {
    render(FollowupRoute);
    const count = await screen.findByLabelText('Number of follow-ups');
    expect(screen.getByText('These are the recommended defaults; save to make them yours.')).toBeInTheDocument();
    await userEvent.clear(count);
    await userEvent.type(count, '11');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Number of follow-ups must be between 0 and 10')).toBeInTheDocument();
    expect(server.calls('PUT', '/followup_settings')).toHaveLength(0);

    await userEvent.clear(count);
    await userEvent.type(count, '4');
    const spacing = screen.getByLabelText('Days between follow-ups');
    await userEvent.clear(spacing);
    await userEvent.type(spacing, '5');
    await userEvent.click(screen.getByLabelText(/Stop when an email bounces/));
    expect(screen.getByText(/Up to 4 follow-ups, 5 days apart/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/^Saved/)).toBeInTheDocument();
    expect(sent(server.calls('PUT', '/followup_settings')[0]!)).toEqual({
      number_of_followups: 4,
      spacing_days: 5,
      stop_rules: { on_reply: true, on_meeting_booked: true, on_unsubscribe: true, on_bounce: false },
    });
  });
});
