import type { EmployeesNumber, ManagementLevel } from '@shared/schemas/person-filters';

/** Company-size buckets as people-data vendors send them ("min,max"; open-ended "10001,"). */
export const EMPLOYEE_BUCKETS: EmployeesNumber[] = [
  { name: '1–10', value: '1,10' },
  { name: '11–20', value: '11,20' },
  { name: '21–50', value: '21,50' },
  { name: '51–100', value: '51,100' },
  { name: '101–200', value: '101,200' },
  { name: '201–500', value: '201,500' },
  { name: '501–1,000', value: '501,1000' },
  { name: '1,001–2,000', value: '1001,2000' },
  { name: '2,001–5,000', value: '2001,5000' },
  { name: '5,001–10,000', value: '5001,10000' },
  { name: '10,001+', value: '10001,' },
];

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
