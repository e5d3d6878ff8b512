import { PROFILE_FIELDS, type LinkedInProfile } from '@shared/schemas/linkedin';
import type { Persona } from '@shared/schemas/personas';
import { expect } from 'vitest';
import { v1, type AuthHeaders, type TestApp } from './harness';

/** A profile as the extension captures it; every field source reported. */
export function capturedProfile(overrides: Partial<LinkedInProfile> = {}): LinkedInProfile {
  const sources = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, 'selector'])) as LinkedInProfile['sources'];
  return {
    profile_url: 'https://www.linkedin.com/in/priya-raman-revops/?miniProfileUrn=urn%3Ali%3Afs&trk=public',
    public_identifier: 'priya-raman-revops',
    full_name: 'Priya Raman',
    first_name: 'Priya',
    last_name: 'Raman',
    headline: 'VP Revenue Operations at Ledgerly | Scaling GTM systems',
    location: 'New York, New York, United States',
    photo_url: 'https://media.licdn.com/dms/image/v2/priya.jpg',
    about: 'Building revenue engines for fintech.',
    current_company: 'Ledgerly',
    current_title: 'VP Revenue Operations',
    experience: [
      { title: 'VP Revenue Operations', company: 'Ledgerly', date_range: 'Mar 2022 - Present', location: 'New York', description: null, grouped: false },
    ],
    education: [{ school: 'Cornell University', degree: 'BS', field_of_study: 'Operations Research', date_range: '2008 - 2012' }],
    skills: ['Salesforce', 'Forecasting'],
    connection_degree: '2nd',
    contact_info: null,
    open_to_work: false,
    is_own_profile: false,
    limited: false,
    sources,
    ...overrides,
  };
}

export async function createPersona(t: TestApp, headers: AuthHeaders, name: string): Promise<Persona> {
  const res = await t.app.inject({ method: 'POST', url: v1('/persons'), headers, payload: { name } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Persona }>().data;
}
