import { z } from 'zod';
import { text, dbId } from './primitives';

/**
 * Where a captured field came from, most trusted first. 'missing' means the page did not show it:
 * a missing field is reported missing, never invented.
 */
export const FIELD_SOURCES = ['json-ld', 'embedded', 'selector', 'heuristic', 'url', 'missing'] as const;
export const fieldSourceSchema = z.enum(FIELD_SOURCES);
export type FieldSource = z.infer<typeof fieldSourceSchema>;

export const experienceSchema = z.object({
  title: text().nullable(),
  company: text().nullable(),
  date_range: text().nullable(),
  location: text().nullable(),
  description: text().nullable(),
  /** True for one of several roles listed under one company. */
  grouped: z.boolean(),
});
export type Experience = z.infer<typeof experienceSchema>;

export const educationSchema = z.object({
  school: text().nullable(),
  degree: text().nullable(),
  field_of_study: text().nullable(),
  date_range: text().nullable(),
});
export type Education = z.infer<typeof educationSchema>;

export const CONNECTION_DEGREES = ['self', '1st', '2nd', '3rd', 'out_of_network'] as const;

export const contactInfoSchema = z.object({
  emails: z.array(text()),
  phones: z.array(text()),
  websites: z.array(text()),
  twitter: text().nullable(),
});

/** The profile fields whose origin is reported in `sources`. */
export const PROFILE_FIELDS = [
  'profile_url',
  'full_name',
  'first_name',
  'last_name',
  'headline',
  'location',
  'photo_url',
  'about',
  'current_company',
  'current_title',
  'experience',
  'education',
  'skills',
  'connection_degree',
  'contact_info',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

const str = (max: number) => text().max(max).nullable();

/** A LinkedIn profile as the extension captures it (one schema for the extension, web app and API). */
export const linkedInProfileSchema = z.object({
  profile_url: text().max(300),
  public_identifier: text().max(200),
  full_name: str(300),
  first_name: str(200),
  last_name: str(200),
  headline: str(500),
  location: str(300),
  photo_url: str(2000),
  about: str(5000),
  current_company: str(300),
  current_title: str(300),
  experience: z.array(experienceSchema).max(100),
  education: z.array(educationSchema).max(50),
  skills: z.array(text().max(200)).max(200),
  connection_degree: z.enum(CONNECTION_DEGREES).nullable(),
  contact_info: contactInfoSchema.nullable(),
  open_to_work: z.boolean(),
  /** The member is looking at their own profile. */
  is_own_profile: z.boolean(),
  /** LinkedIn shows only part of the profile (private or out of network). */
  limited: z.boolean(),
  sources: z.record(z.enum(PROFILE_FIELDS), fieldSourceSchema),
});
export type LinkedInProfile = z.infer<typeof linkedInProfileSchema>;

const PROFILE_PATH = /^\/in\/([^/?#]+)\/?/i;

/** The member's public identifier from a profile URL (/in/<id>/…), or null for other pages. */
export function linkedInPublicIdentifier(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!/(^|\.)linkedin\.com$/i.test(parsed.hostname)) return null;
  const m = PROFILE_PATH.exec(parsed.pathname);
  if (!m) return null;
  let id: string;
  try {
    id = decodeURIComponent(m[1]!);
  } catch {
    return null;
  }
  return id.trim().length > 0 ? id.trim() : null;
}

/**
 * LinkedIn's internal member ids are case-sensitive; vanity names are not. ACo… names a member on
 * limited profiles (/in/ACoAAB…), ACw… the same in Sales Navigator's lead links (/sales/lead/ACwAA…,…).
 */
const INTERNAL_MEMBER_ID = /^AC[ow][A-Za-z0-9_-]+$/;

/** https://www.linkedin.com/in/<id>/ — no tracking parameters, no sub-pages, one spelling per member. */
export function canonicalLinkedInProfileUrl(url: string): string | null {
  const id = linkedInPublicIdentifier(url);
  if (!id) return null;
  return `https://www.linkedin.com/in/${encodeURIComponent(INTERNAL_MEMBER_ID.test(id) ? id : id.toLowerCase())}/`;
}

export const profileUrlSchema = text()
  .trim()
  .max(500)
  .transform((v, ctx) => {
    const canonical = canonicalLinkedInProfileUrl(v);
    if (!canonical) {
      ctx.addIssue({ code: 'custom', message: 'Profile URL must be a LinkedIn profile address like https://www.linkedin.com/in/jane-doe/' });
      return z.NEVER;
    }
    return canonical;
  });

// ---- LinkedIn accounts (the user's own LinkedIn, connected by its profile URL) ----

export const linkedInAccountSchema = z.object({
  id: dbId(),
  profile_url: text(),
  full_name: text().nullable(),
  headline: text().nullable(),
  photo_url: text().nullable(),
  status: z.literal('connected'),
  created_at: text(),
});
export type LinkedInAccount = z.infer<typeof linkedInAccountSchema>;

export const createLinkedInAccountBodySchema = z.strictObject({
  profile_url: profileUrlSchema,
  full_name: text().trim().max(300).nullable().optional(),
  headline: text().trim().max(500).nullable().optional(),
  photo_url: text().trim().max(2000).nullable().optional(),
});
export type CreateLinkedInAccountBody = z.input<typeof createLinkedInAccountBodySchema>;

export const profileUrlQuerySchema = z.strictObject({ profile_url: profileUrlSchema });
export const accountStatusBodySchema = z.strictObject({ profile_url: profileUrlSchema });
export const ACCOUNT_STATUSES = ['connected', 'not_connected'] as const;
export const accountStatusResponseSchema = z.strictObject({ status: z.enum(ACCOUNT_STATUSES) });
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
