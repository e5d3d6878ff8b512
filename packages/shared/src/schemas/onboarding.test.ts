import { describe, expect, it } from 'vitest';
import { nextOnboardingStep, normalizeDomain, onboardingStepSchemas } from './onboarding';

describe('normalizeDomain', () => {
  it.each([
    ['Example.COM', 'example.com'],
    ['https://www.acme.io/about?x=1', 'acme.io'],
    ['http://shop.acme.co.uk:8080/', 'shop.acme.co.uk:8080'],
    ['acme.io.', 'acme.io'],
    ['127.0.0.1:3199', '127.0.0.1:3199'],
    ['2130706433', '127.0.0.1'],
    ['[::1]', '[::1]'],
  ])('%s → %s', (input, out) => expect(normalizeDomain(input)).toBe(out));

  it.each(['', 'not a domain', 'acme', 'ftp://acme.io', 'https://user:pw@acme.io', 'javascript:alert(1)'])('refuses %j', (input) => expect(normalizeDomain(input)).toBeNull());
});

describe('the step schemas', () => {
  it('normalise what they keep', () => {
    expect(onboardingStepSchemas['phone-number'].parse({ phone: '+1 (415) 555-0123' })).toEqual({ phone: '+14155550123', skipped: false });
    // The phone step may be skipped; otherwise it needs a number.
    expect(onboardingStepSchemas['phone-number'].parse({ skipped: true })).toEqual({ phone: null, skipped: true });
    expect(onboardingStepSchemas['phone-number'].safeParse({}).success).toBe(false);
    expect(onboardingStepSchemas['potential-customers'].parse({ persona_name: ' CFOs ', job_titles: ['CFO', 'cfo', ' VP Finance '] })).toEqual({
      persona_name: 'CFOs',
      job_titles: ['CFO', 'VP Finance'],
      industries: [],
      company_sizes: [],
      locations: [],
    });
    expect(onboardingStepSchemas['notifications-list'].parse({ events: ['plan_changed', 'plan_changed'] })).toEqual({ events: ['plan_changed'] });
  });

  it('take a meeting link typed without https:// (as the website step takes a bare domain), refusing other schemes', () => {
    const link = (meeting_link: string) => onboardingStepSchemas['meeting-link'].safeParse({ meeting_link });
    expect(link('calendly.com/jane').data).toEqual({ meeting_link: 'https://calendly.com/jane' });
    expect(link(' http://cal.example.org/ada ').data).toEqual({ meeting_link: 'http://cal.example.org/ada' });
    expect(link('localhost:3000/book').data).toEqual({ meeting_link: 'https://localhost:3000/book' });
    for (const bad of ['ftp://cal.example.org/ada', 'javascript:alert(1)', 'mailto:jane@example.org'])
      expect(link(bad).error?.issues.map((i) => i.message)).toEqual(['Meeting link must start with http:// or https://']);
    expect(link('jane').error?.issues.map((i) => i.message)).toEqual(['Meeting link must be a web address, like example.com/page']);
    expect(link('').error?.issues.map((i) => i.message)).toEqual(['Meeting link is required']);
  });

  it('say an empty number is required, not that it is not a number', () => {
    const expectations = (meetings_per_month: unknown) => onboardingStepSchemas.expectations.safeParse({ meetings_per_month, markets: ['DACH'] }).error?.issues.map((i) => i.message);
    expect(expectations(null)).toEqual(['Meetings per month is required']);
    expect(expectations(undefined)).toEqual(['Meetings per month is required']);
    expect(expectations('')).toEqual(['Meetings per month is required']);
    expect(expectations('twelve')).toEqual(['Meetings per month must be a number']);
    expect(expectations(12)).toBeUndefined();
  });

  it('move on to the next step, the last staying last', () => {
    expect(nextOnboardingStep('choose-user-profile')).toBe('your-website');
    expect(nextOnboardingStep('notifications-list')).toBe('notifications-list');
  });
});
