import { PROFILE_FIELDS, type LinkedInProfile } from '@shared/schemas/linkedin';

/** The demo account's business data: invented people at invented companies, shaped like real ones. */

export const DEMO_LINKEDIN_ACCOUNT = {
  profileUrl: 'https://www.linkedin.com/in/alex-morgan-northwind/',
  fullName: 'Alex Morgan',
  headline: 'Head of Growth at Northwind Analytics | Revenue intelligence for B2B teams',
  photoUrl: null,
};

export const DEMO_PERSONAS = [
  {
    key: 'vp-sales',
    name: 'VP Sales, B2B SaaS (US)',
    description: 'Sales leaders (VP, SVP, CRO) at US B2B SaaS companies with 50–500 employees, Series A to C, running an outbound team of 5+ SDRs.',
  },
  {
    key: 'revops',
    name: 'Heads of RevOps, fintech',
    description: 'Revenue and sales operations leaders at fintech and payments companies who own the CRM, forecasting and pipeline reporting.',
  },
] as const;

type DemoProspect = {
  slug: string;
  first: string;
  last: string;
  title: string;
  company: string;
  headline: string;
  location: string;
  email: string | null;
  /** Captured with the extension (keeps a profile) or imported from a CSV. */
  source: 'extension' | 'import';
  personas: Array<(typeof DEMO_PERSONAS)[number]['key']>;
};

export const DEMO_PROSPECTS: DemoProspect[] = [
  { slug: 'jordan-whitaker-sales', first: 'Jordan', last: 'Whitaker', title: 'VP of Sales', company: 'Brightwave CRM', headline: 'VP of Sales at Brightwave CRM | Building outbound teams that hit plan', location: 'Austin, Texas, United States', email: 'jordan.whitaker@brightwavecrm.com', source: 'import', personas: ['vp-sales'] },
  { slug: 'maria-delgado-cro', first: 'María', last: 'Delgado', title: 'Chief Revenue Officer', company: 'Shiftboard Cloud', headline: 'CRO at Shiftboard Cloud · ex-Zuora · Scaling from $10M to $50M ARR', location: 'San Francisco Bay Area', email: 'maria@shiftboardcloud.io', source: 'extension', personas: ['vp-sales'] },
  { slug: 'derek-okafor', first: 'Derek', last: 'Okafor', title: 'SVP Sales, North America', company: 'Tallyline', headline: 'SVP Sales NA at Tallyline — spend management for mid-market finance teams', location: 'Chicago, Illinois, United States', email: 'derek.okafor@tallyline.com', source: 'import', personas: ['vp-sales', 'revops'] },
  { slug: 'hannah-lindqvist', first: 'Hannah', last: 'Lindqvist', title: 'VP Sales', company: 'Parcelpoint', headline: 'VP Sales @ Parcelpoint | Logistics software | Hiring AEs in Denver', location: 'Denver, Colorado, United States', email: null, source: 'extension', personas: ['vp-sales'] },
  { slug: 'sam-brennan-revenue', first: 'Sam', last: 'Brennan', title: 'Head of Sales', company: 'Quillstack', headline: 'Head of Sales at Quillstack (YC W21) — docs automation for legal teams', location: 'New York, New York, United States', email: 'sam@quillstack.com', source: 'import', personas: ['vp-sales'] },
  { slug: 'aisha-rahman-sales', first: 'Aisha', last: 'Rahman', title: 'VP Sales & Partnerships', company: 'Loopwise', headline: 'VP Sales & Partnerships at Loopwise | Customer feedback analytics', location: 'Seattle, Washington, United States', email: 'aisha.rahman@loopwise.co', source: 'extension', personas: ['vp-sales'] },
  { slug: 'tom-castellano', first: 'Tom', last: 'Castellano', title: 'VP of Sales', company: 'Fieldnote Health', headline: 'VP of Sales, Fieldnote Health · Selling SaaS to clinics since 2012', location: 'Boston, Massachusetts, United States', email: 'tcastellano@fieldnotehealth.com', source: 'import', personas: ['vp-sales'] },
  { slug: 'kenji-watanabe-gtm', first: 'Kenji', last: 'Watanabe', title: 'Vice President, Sales', company: 'Gridmetric', headline: 'Vice President, Sales at Gridmetric | Energy analytics for utilities', location: 'Los Angeles, California, United States', email: null, source: 'extension', personas: ['vp-sales'] },
  { slug: 'priya-raman-revops', first: 'Priya', last: 'Raman', title: 'VP Revenue Operations', company: 'Ledgerly', headline: 'VP Revenue Operations at Ledgerly | Forecasting, CRM and GTM systems', location: 'New York, New York, United States', email: 'priya.raman@ledgerly.com', source: 'extension', personas: ['revops'] },
  { slug: 'marcus-oyelaran', first: 'Marcus', last: 'Oyelaran', title: 'Head of Revenue Operations', company: 'Paystream', headline: 'Head of RevOps at Paystream — B2B payments infrastructure', location: 'London, England, United Kingdom', email: 'marcus.o@paystream.io', source: 'import', personas: ['revops'] },
  { slug: 'elena-petrova-ops', first: 'Elena', last: 'Petrova', title: 'Director of Sales Operations', company: 'Clearvault', headline: 'Director, Sales Ops at Clearvault | Salesforce, CPQ, territory planning', location: 'Toronto, Ontario, Canada', email: 'elena.petrova@clearvault.com', source: 'import', personas: ['revops'] },
  { slug: 'dana-whitfield-42', first: 'Dana', last: 'Whitfield', title: 'Senior Director, RevOps', company: 'Coinfield Treasury', headline: 'Sr. Director RevOps at Coinfield Treasury | Data-driven pipeline management', location: 'Miami, Florida, United States', email: null, source: 'extension', personas: ['revops'] },
  { slug: 'rafael-mendes-revops', first: 'Rafael', last: 'Mendes', title: 'Revenue Operations Lead', company: 'Lendbridge', headline: 'RevOps Lead at Lendbridge · HubSpot → Salesforce migrations · Forecast accuracy nerd', location: 'São Paulo, Brazil', email: 'rafael.mendes@lendbridge.com.br', source: 'extension', personas: ['revops'] },
  { slug: 'grace-obi', first: 'Grace', last: 'Obi', title: 'VP, Revenue Operations & Strategy', company: 'Remitly Works', headline: 'VP RevOps & Strategy at Remitly Works | Cross-border payroll', location: 'Atlanta, Georgia, United States', email: 'grace.obi@remitlyworks.com', source: 'import', personas: ['revops'] },
  { slug: 'lukas-brandt-ops', first: 'Lukas', last: 'Brandt', title: 'Head of Sales Operations', company: 'Finvoice', headline: 'Head of Sales Operations at Finvoice | Invoice financing for SMEs', location: 'Berlin, Germany', email: null, source: 'extension', personas: ['revops'] },
];

/** What the extension would have captured for a demo prospect (so the stored profile looks real). */
export function demoProfile(p: DemoProspect): LinkedInProfile {
  const sources = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, 'selector'])) as LinkedInProfile['sources'];
  return {
    profile_url: `https://www.linkedin.com/in/${p.slug}/`,
    public_identifier: p.slug,
    full_name: `${p.first} ${p.last}`,
    first_name: p.first,
    last_name: p.last,
    headline: p.headline,
    location: p.location,
    photo_url: null,
    about: null,
    current_company: p.company,
    current_title: p.title,
    experience: [{ title: p.title, company: p.company, date_range: 'Jan 2022 - Present', location: p.location, description: null, grouped: false }],
    education: [],
    skills: [],
    connection_degree: '2nd',
    contact_info: null,
    open_to_work: false,
    is_own_profile: false,
    limited: false,
    sources: { ...sources, photo_url: 'missing', about: 'missing', education: 'missing', skills: 'missing', contact_info: 'missing', profile_url: 'url' },
  };
}
