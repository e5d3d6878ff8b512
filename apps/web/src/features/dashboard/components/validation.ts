import { createPersonaBodySchema, profileUrlSchema } from '@shared/schemas';

/** The capture card's two small forms validate with the same shared schemas the API uses. */
export function personaNameError(name: string): string | undefined {
  const parsed = createPersonaBodySchema.shape.name.safeParse(name);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** The canonical profile URL, or the schema's message for anything that is not a LinkedIn profile. */
export function parseProfileUrl(input: string): { url: string; error?: undefined } | { url?: undefined; error: string } {
  const withScheme = /^https?:\/\//i.test(input.trim()) ? input : `https://${input.trim()}`;
  const parsed = profileUrlSchema.safeParse(withScheme);
  return parsed.success ? { url: parsed.data } : { error: parsed.error.issues[0]?.message ?? 'Invalid profile URL' };
}
