import { canonicalLinkedInProfileUrl } from '@shared/schemas/linkedin';
import type { ImportField, ImportMapping } from '@shared/schemas/personas';
import type { prospects } from '../../db/schema';

export type ProspectInsert = Omit<typeof prospects.$inferInsert, 'id' | 'accountId' | 'createdAt' | 'updatedAt'>;

const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]{2,}$/;

const clean = (v: string | undefined) => {
  const t = v?.trim();
  return t ? t : null;
};

/** "1,200", "51-200" (the upper bound), "5k" → numbers; anything else → null. */
function int(value: string | null, { min = 0, max = 2_147_483_647 } = {}): number | null {
  if (!value) return null;
  const parts = value.replace(/[, _]/g, '').match(/\d+(\.\d+)?[kmb]?/gi);
  if (!parts?.length) return null;
  const last = parts[parts.length - 1]!.toLowerCase();
  const mult = last.endsWith('k') ? 1e3 : last.endsWith('m') ? 1e6 : last.endsWith('b') ? 1e9 : 1;
  const n = Math.round(parseFloat(last) * mult);
  return Number.isFinite(n) && n >= min && n <= max ? n : null;
}

/** "$20M", "20,000,000", "1.5B" → dollars. */
function money(value: string | null): number | null {
  if (!value) return null;
  const m = value.replace(/[,\s$€£]/g, '').match(/^(\d+(?:\.\d+)?)([kmb])?/i);
  if (!m) return null;
  const mult = { k: 1e3, m: 1e6, b: 1e9 }[(m[2] ?? '').toLowerCase() as 'k' | 'm' | 'b'] ?? 1;
  const n = Math.round(parseFloat(m[1]!) * mult);
  return Number.isSafeInteger(n) ? n : null;
}

function day(value: string | null): string | null {
  if (!value) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  const d = iso ? new Date(Date.UTC(+iso[1]!, +iso[2]! - 1, +iso[3]!)) : new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  const y = d.getUTCFullYear();
  return y < 1900 || y > 2200 ? null : d.toISOString().slice(0, 10);
}

const list = (value: string | null, lower = false) =>
  value
    ? [...new Set(value.split(/[,;|]/).map((s) => (lower ? s.trim().toLowerCase() : s.trim())).filter(Boolean))]
    : [];
const codes = (value: string | null) => [...new Set((value ?? '').split(/[,;|/\s]+/).map((s) => s.replace(/\D+/g, '')).filter(Boolean))];
const domain = (value: string | null) =>
  value
    ? value
        .trim()
        .toLowerCase()
        .replace(/^[a-z]+:\/\//, '')
        .replace(/^www\./, '')
        .replace(/[/?#].*$/, '') || null
    : null;

export type RowResult = { ok: true; values: ProspectInsert } | { ok: false; reason: string };

/**
 * One CSV record as prospect values. Needs a valid email or LinkedIn URL and a name (full name, or
 * first/last name); a given but malformed email or LinkedIn URL makes the row bad too. Unreadable
 * numbers and dates are left empty rather than failing the row.
 */
export function rowToProspect(headers: string[], record: string[], mapping: ImportMapping): RowResult {
  const get: Partial<Record<ImportField, string | null>> = {};
  const raw: Record<string, string> = {};
  headers.forEach((header, i) => {
    const value = record[i] ?? '';
    if (value !== '') raw[header] = value;
    const field = mapping[header];
    if (field && get[field] == null) get[field] = clean(value);
  });
  const reasons: string[] = [];

  let email: string | null = null;
  if (get.email) {
    const candidate = get.email.toLowerCase().replace(/^mailto:/, '');
    if (candidate.length <= 254 && EMAIL.test(candidate)) email = candidate;
    else reasons.push(`Invalid email address: ${get.email.slice(0, 100)}`);
  }
  let linkedinUrl: string | null = null;
  if (get.linkedin_url) {
    linkedinUrl = canonicalLinkedInProfileUrl(get.linkedin_url);
    if (!linkedinUrl) reasons.push(`Invalid LinkedIn profile URL: ${get.linkedin_url.slice(0, 100)}`);
  }
  if (!get.email && !get.linkedin_url) reasons.push('Missing email and LinkedIn URL (one is required)');

  let firstName = get.first_name ?? null;
  let lastName = get.last_name ?? null;
  const fullName = get.full_name ?? ([firstName, lastName].filter(Boolean).join(' ') || null);
  if (!fullName) reasons.push('Missing name (full name, or first and last name)');
  if (fullName && !firstName && !lastName) {
    const parts = fullName.split(/\s+/);
    firstName = parts[0] ?? null;
    lastName = parts.length > 1 ? parts.slice(1).join(' ') : null;
  }
  if (reasons.length) return { ok: false, reason: reasons.join('; ') };

  const city = get.city ?? null;
  const region = get.region ?? null;
  const country = get.country ?? null;
  return {
    ok: true,
    values: {
      source: 'import',
      email,
      linkedinUrl,
      fullName,
      firstName,
      lastName,
      title: get.title ?? null,
      headline: get.headline ?? null,
      company: get.company ?? null,
      location: get.location ?? ([city, region, country].filter(Boolean).join(', ') || null),
      about: get.about ?? null,
      profile: raw,
      companyDomain: domain(get.company_domain ?? null),
      companySize: int(get.company_size ?? null),
      industry: get.industry ?? null,
      sicCodes: codes(get.sic_codes ?? null),
      naicsCodes: codes(get.naics_codes ?? null),
      technologies: list(get.technologies ?? null, true),
      fundingStage: get.funding_stage ?? null,
      revenue: money(get.revenue ?? null),
      foundedYear: int(get.founded_year ?? null, { min: 1600, max: 2200 }),
      retailLocationCount: int(get.retail_location_count ?? null),
      jobPostedAt: day(get.job_posted_at ?? null),
      department: get.department ?? null,
      managementLevel: get.management_level ?? null,
      seniority: get.seniority ?? null,
      country,
      region,
      subregion: get.subregion ?? null,
      city,
      companyLocation: get.company_location ?? null,
      keywords: get.keywords ?? null,
      intentTopics: list(get.intent_topics ?? null, true),
      jobChangedAt: day(get.job_changed_at ?? null),
    },
  };
}

/** The fields of a row that say something (merging never blanks what the prospect already has). */
export function givenFields(values: ProspectInsert): Partial<ProspectInsert> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (k === 'source' || k === 'email' || k === 'linkedinUrl' || k === 'profile') continue;
    if (v === null || v === undefined || (Array.isArray(v) && v.length === 0)) continue;
    out[k] = v;
  }
  return out as Partial<ProspectInsert>;
}
