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
    expect(onboardingStepSchemas['phone-number'].parse({ phone: '+1 (415) 555-0123' })).toEqual({ phone: '+14155550123' });
    expect(onboardingStepSchemas['potential-customers'].parse({ persona_name: ' CFOs ', job_titles: ['CFO', 'cfo', ' VP Finance '] })).toEqual({
      persona_name: 'CFOs',
      job_titles: ['CFO', 'VP Finance'],
      industries: [],
      company_sizes: [],
      locations: [],
    });
    expect(onboardingStepSchemas['notifications-list'].parse({ events: ['plan_changed', 'plan_changed'] })).toEqual({ events: ['plan_changed'] });
  });

  it('move on to the next step, the last staying last', () => {
    expect(nextOnboardingStep('choose-user-profile')).toBe('your-website');
    expect(nextOnboardingStep('notifications-list')).toBe('notifications-list');
  });
});
