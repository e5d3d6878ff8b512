/**
 * Client-side checks for the capture card's two small forms. They mirror the shared zod schemas
 * (createPersonaBodySchema, profileUrlSchema) without importing them: pulling those schema modules
 * into this chunk makes Rollup keep more of zod's core in the chunk the entry (and so the sign-in
 * page) loads. The API validates with the shared schemas and canonicalises the URL either way.
 */
export function personaNameError(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'Name is required';
  if (trimmed.length > 120) return 'Name must be at most 120 characters';
  return undefined;
}

export const PROFILE_URL_MESSAGE = 'Profile URL must be a LinkedIn profile address like https://www.linkedin.com/in/jane-doe/';

/** The trimmed URL when it is a LinkedIn profile address (/in/<id>), else null. */
export function linkedInProfileUrlOrNull(input: string): string | null {
  const value = input.trim();
  if (value.length === 0 || value.length > 500) return null;
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
  } catch {
    return null;
  }
  if (!/(^|\.)linkedin\.com$/i.test(url.hostname)) return null;
  return /^\/in\/[^/?#]+/i.test(url.pathname) ? url.toString() : null;
}
