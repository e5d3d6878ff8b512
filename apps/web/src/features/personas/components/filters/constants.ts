import { COMPANY_SIZE_BUCKETS, type EmployeesNumber, type ManagementLevel } from '@shared/schemas/person-filters';

/** The shared, non-overlapping company-size buckets. */
export const EMPLOYEE_BUCKETS: EmployeesNumber[] = [...COMPANY_SIZE_BUCKETS];

const nf = new Intl.NumberFormat('en-US');

/** A bucket from its "min,max" value ("10001," → "10,001+"); null for anything else. */
export function bucketFromValue(value: string): EmployeesNumber | null {
  const m = /^(\d+),(\d*)$/.exec(value.trim());
  if (!m) return null;
  const name = m[2] ? `${nf.format(Number(m[1]))}–${nf.format(Number(m[2]))}` : `${nf.format(Number(m[1]))}+`;
  return { name, value: `${m[1]},${m[2]}` };
}

export const MANAGEMENT_LEVELS: ManagementLevel[] = [
  { display_name: 'Owner', value: 'owner' },
  { display_name: 'Founder', value: 'founder' },
  { display_name: 'C-suite', value: 'c_suite' },
  { display_name: 'Partner', value: 'partner' },
  { display_name: 'VP', value: 'vp' },
  { display_name: 'Head', value: 'head' },
  { display_name: 'Director', value: 'director' },
  { display_name: 'Manager', value: 'manager' },
  { display_name: 'Senior', value: 'senior' },
  { display_name: 'Entry', value: 'entry' },
  { display_name: 'Intern', value: 'intern' },
];

const LABELS: Record<string, string> = {
  linkedin_url: 'LinkedIn URL',
  sic_codes: 'SIC codes',
  naics_codes: 'NAICS codes',
  company_domain: 'Company domain',
  ipo: 'IPO',
};

export const humanize = (value: string) =>
  LABELS[value] ??
  value
    .split('_')
    .map((w, i) => (i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w))
    .join(' ');

/** SIC/NAICS codes are reduced to their digits (spec §5). */
export const digitsOnly = (text: string) => text.replace(/\D+/g, '');
