import type { FieldSource, LinkedInProfile, ProfileField } from '@shared/schemas/linkedin';

const LABELS: Record<ProfileField, string> = {
  profile_url: 'profile URL',
  full_name: 'name',
  first_name: 'first name',
  last_name: 'last name',
  headline: 'headline',
  location: 'location',
  photo_url: 'photo',
  about: 'about',
  current_company: 'company',
  current_title: 'title',
  experience: 'experience',
  education: 'education',
  skills: 'skills',
  connection_degree: 'connection degree',
  contact_info: 'contact info',
};

/** The fields the page did not show, as words for the profile card. */
export function missingFields(profile: LinkedInProfile): string[] {
  return (Object.entries(profile.sources) as Array<[ProfileField, FieldSource]>)
    .filter(([, source]) => source === 'missing')
    .map(([field]) => LABELS[field]);
}

/** "Saved to X" the first time the profile joins persona X, "Updated in X" when it was already there. */
export function savedMessage(personaName: string, created: boolean, wasInPersona: boolean): string {
  return !created && wasInPersona ? `Updated in ${personaName}` : `Saved to ${personaName}`;
}

/** True when the error never reached the server (down, wrong address, blocked by CORS). */
export function isUnreachable(error: unknown): boolean {
  const e = error as { isAxiosError?: boolean; response?: unknown } | null;
  return !!e && e.isAxiosError === true && !e.response;
}
