import type { LinkedInProfile } from '@shared/schemas/linkedin';

/** A captured LinkedIn profile as the extension sends it. */
export function profileFixture(overrides: Partial<LinkedInProfile> = {}): LinkedInProfile {
  return {
    profile_url: 'https://www.linkedin.com/in/ada-lovelace/',
    public_identifier: 'ada-lovelace',
    full_name: 'Ada Lovelace',
    first_name: 'Ada',
    last_name: 'Lovelace',
    headline: 'First programmer · Mathematician',
    location: 'London, United Kingdom',
    photo_url: 'https://media.licdn.com/ada.jpg',
    about: null,
    current_company: 'Analytical Engines',
    current_title: 'Analyst',
    experience: [
      { title: 'Analyst', company: 'Analytical Engines', date_range: '1842 – Present', location: 'London', description: null, grouped: false },
    ],
    education: [{ school: 'Home schooling', degree: null, field_of_study: 'Mathematics', date_range: null }],
    skills: ['Mathematics', 'Poetry'],
    connection_degree: '2nd',
    contact_info: null,
    open_to_work: false,
    is_own_profile: false,
    limited: false,
    sources: {
      profile_url: 'url',
      full_name: 'json-ld',
      first_name: 'json-ld',
      last_name: 'json-ld',
      headline: 'selector',
      location: 'selector',
      photo_url: 'selector',
      about: 'missing',
      current_company: 'heuristic',
      current_title: 'heuristic',
      experience: 'selector',
      education: 'selector',
      skills: 'selector',
      connection_degree: 'selector',
      contact_info: 'missing',
    },
    ...overrides,
  };
}

export const okProfileReply = (profile: LinkedInProfile = profileFixture(), captured_at = '2026-03-01T10:00:00.000Z') => ({
  status: 'ok' as const,
  profile,
  url: profile.profile_url,
  captured_at,
});
