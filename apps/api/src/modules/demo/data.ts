import { PROFILE_FIELDS, type LinkedInProfile } from '@shared/schemas/linkedin';
import type { PersonFiltersInput } from '@shared/schemas/person-filters';

/** The demo account's business data: invented people at invented companies, shaped like real ones. */

export const DEMO_LINKEDIN_ACCOUNT = {
  profileUrl: 'https://www.linkedin.com/in/alex-morgan-northwind/',
  fullName: 'Alex Morgan',
  headline: 'Head of Growth at Northwind Analytics | Revenue intelligence for B2B teams',
  photoUrl: null,
};

/** What the demo account sells (an offering) and how its agent writes (the default messaging settings). */
export const DEMO_OFFERING = {
  name: 'Northwind Pipeline Intelligence',
  description:
    'Sales teams lose deals they never see slipping: forecasts live in spreadsheets and pipeline reviews run on gut feel. ' +
    'Northwind Pipeline Intelligence reads your CRM and calendar, scores every open deal on real buyer engagement and flags the ones at risk a week before they stall. ' +
    'Unlike a BI dashboard it needs no analyst: it is live in a day and your reps get one short list each morning.',
  priceMin: 1200,
  priceMax: 4800,
  currency: 'USD',
  pricePeriod: 'month',
  url: 'https://northwind-analytics.example',
};

/** Rich-text fields are written in the form the server's sanitiser keeps (checked by the seed test). */
export const DEMO_MESSAGING = {
  name: 'Default',
  toneVoice: 'Consultative',
  language: 'en',
  messageGuidelines:
    '<p>Open with something specific to the prospect: their team, a recent hire or a funding round.</p>' +
    '<p>One idea per message, under 120 words. No attachments in a first message. Never promise a discount.</p>',
  instructionsScript: '',
  callToAction: 'Would a 20-minute call next week be useful? Pick a time that suits you: https://cal.example/alex-morgan/intro',
  caseStudies: [
    { title: 'Loopwise', summary: 'Cut forecast misses from 22% to 6% in one quarter with a 9-person sales team.', url: null },
    { title: 'Ledgerly', summary: 'Recovered $1.4M of at-risk pipeline in the first 60 days.', url: null },
  ],
  signature: '<p>Alex Morgan</p><p>Head of Growth, Northwind Analytics</p><p>+1 415 555 0142</p>',
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

/** Firmographics of the demo companies: what the person-search filters apply to. */
type DemoCompany = {
  domain: string;
  size: number;
  industry: string;
  sic: string[];
  naics: string[];
  technologies: string[];
  funding: string;
  revenue: number;
  founded: number;
  retail: number;
  jobPostedDaysAgo: number;
  intent: string[];
  hq: string;
  keywords: string;
};

export const DEMO_COMPANIES: Record<string, DemoCompany> = {
  'Brightwave CRM': { domain: 'brightwavecrm.com', size: 180, industry: 'Computer Software', sic: ['7372'], naics: ['511210'], technologies: ['salesforce', 'outreach', 'gong'], funding: 'series_b', revenue: 24_000_000, founded: 2016, retail: 0, jobPostedDaysAgo: 4, intent: ['sales engagement', 'crm'], hq: 'Austin, Texas, United States', keywords: 'crm, outbound, b2b saas' },
  'Shiftboard Cloud': { domain: 'shiftboardcloud.io', size: 320, industry: 'Computer Software', sic: ['7372'], naics: ['511210'], technologies: ['salesforce', 'hubspot', 'zuora'], funding: 'series_c', revenue: 48_000_000, founded: 2014, retail: 0, jobPostedDaysAgo: 12, intent: ['workforce management', 'sales engagement'], hq: 'San Francisco, California, United States', keywords: 'workforce scheduling, b2b saas' },
  Tallyline: { domain: 'tallyline.com', size: 260, industry: 'Financial Services', sic: ['7372', '6199'], naics: ['511210', '522320'], technologies: ['salesforce', 'netsuite', 'clari'], funding: 'series_b', revenue: 35_000_000, founded: 2017, retail: 0, jobPostedDaysAgo: 7, intent: ['spend management', 'forecasting'], hq: 'Chicago, Illinois, United States', keywords: 'spend management, fintech, mid-market' },
  Parcelpoint: { domain: 'parcelpoint.com', size: 140, industry: 'Logistics and Supply Chain', sic: ['7372', '4731'], naics: ['511210', '488510'], technologies: ['hubspot', 'aws'], funding: 'series_a', revenue: 12_000_000, founded: 2018, retail: 3, jobPostedDaysAgo: 2, intent: ['last mile delivery', 'sales engagement'], hq: 'Denver, Colorado, United States', keywords: 'logistics software, shipping' },
  Quillstack: { domain: 'quillstack.com', size: 60, industry: 'Legal Services', sic: ['7372'], naics: ['511210'], technologies: ['hubspot', 'intercom'], funding: 'seed', revenue: 4_000_000, founded: 2020, retail: 0, jobPostedDaysAgo: 20, intent: ['document automation'], hq: 'New York, New York, United States', keywords: 'legal tech, docs automation, yc' },
  Loopwise: { domain: 'loopwise.co', size: 95, industry: 'Computer Software', sic: ['7372'], naics: ['511210'], technologies: ['salesforce', 'segment', 'intercom'], funding: 'series_a', revenue: 9_000_000, founded: 2019, retail: 0, jobPostedDaysAgo: 30, intent: ['customer feedback', 'crm'], hq: 'Seattle, Washington, United States', keywords: 'customer feedback, analytics, b2b saas' },
  'Fieldnote Health': { domain: 'fieldnotehealth.com', size: 410, industry: 'Hospital & Health Care', sic: ['7372', '8011'], naics: ['511210', '621111'], technologies: ['salesforce', 'aws'], funding: 'series_c', revenue: 60_000_000, founded: 2012, retail: 0, jobPostedDaysAgo: 9, intent: ['clinic software', 'patient engagement'], hq: 'Boston, Massachusetts, United States', keywords: 'healthcare saas, clinics' },
  Gridmetric: { domain: 'gridmetric.com', size: 230, industry: 'Utilities', sic: ['7372', '4911'], naics: ['511210', '221122'], technologies: ['salesforce', 'snowflake', 'aws'], funding: 'series_b', revenue: 30_000_000, founded: 2015, retail: 0, jobPostedDaysAgo: 45, intent: ['energy analytics'], hq: 'Los Angeles, California, United States', keywords: 'energy analytics, utilities' },
  Ledgerly: { domain: 'ledgerly.com', size: 150, industry: 'Financial Services', sic: ['7372', '6099'], naics: ['511210', '522390'], technologies: ['salesforce', 'clari', 'snowflake'], funding: 'series_b', revenue: 22_000_000, founded: 2017, retail: 0, jobPostedDaysAgo: 5, intent: ['forecasting', 'revenue operations'], hq: 'New York, New York, United States', keywords: 'revops, forecasting, fintech' },
  Paystream: { domain: 'paystream.io', size: 480, industry: 'Financial Services', sic: ['6099'], naics: ['522320'], technologies: ['salesforce', 'hubspot', 'stripe'], funding: 'series_c', revenue: 75_000_000, founded: 2013, retail: 0, jobPostedDaysAgo: 14, intent: ['payments infrastructure', 'revenue operations'], hq: 'London, England, United Kingdom', keywords: 'b2b payments, fintech' },
  Clearvault: { domain: 'clearvault.com', size: 220, industry: 'Financial Services', sic: ['6211'], naics: ['523120'], technologies: ['salesforce', 'cpq'], funding: 'series_b', revenue: 28_000_000, founded: 2016, retail: 0, jobPostedDaysAgo: 60, intent: ['territory planning', 'revenue operations'], hq: 'Toronto, Ontario, Canada', keywords: 'wealth tech, fintech, salesforce' },
  'Coinfield Treasury': { domain: 'coinfield.io', size: 110, industry: 'Financial Services', sic: ['6099'], naics: ['522390'], technologies: ['hubspot', 'snowflake'], funding: 'series_a', revenue: 11_000_000, founded: 2019, retail: 0, jobPostedDaysAgo: 21, intent: ['treasury management', 'forecasting'], hq: 'Miami, Florida, United States', keywords: 'treasury, crypto, fintech' },
  Lendbridge: { domain: 'lendbridge.com.br', size: 340, industry: 'Financial Services', sic: ['6141'], naics: ['522291'], technologies: ['hubspot', 'salesforce'], funding: 'series_b', revenue: 40_000_000, founded: 2015, retail: 12, jobPostedDaysAgo: 3, intent: ['lending', 'revenue operations'], hq: 'São Paulo, Brazil', keywords: 'lending, fintech, latam' },
  'Remitly Works': { domain: 'remitlyworks.com', size: 600, industry: 'Financial Services', sic: ['6099'], naics: ['522320'], technologies: ['salesforce', 'workday'], funding: 'series_d', revenue: 120_000_000, founded: 2011, retail: 0, jobPostedDaysAgo: 8, intent: ['global payroll', 'revenue operations'], hq: 'Atlanta, Georgia, United States', keywords: 'payroll, cross-border, fintech' },
  Finvoice: { domain: 'finvoice.de', size: 85, industry: 'Financial Services', sic: ['6153'], naics: ['522298'], technologies: ['hubspot', 'pipedrive'], funding: 'seed', revenue: 6_000_000, founded: 2020, retail: 0, jobPostedDaysAgo: 16, intent: ['invoice financing'], hq: 'Berlin, Germany', keywords: 'invoice financing, sme, fintech' },
};

const PLACES: Record<string, { city: string | null; region: string | null; country: string; subregion: string }> = {
  'Austin, Texas, United States': { city: 'Austin', region: 'Texas', country: 'United States', subregion: 'Northern America' },
  'San Francisco Bay Area': { city: 'San Francisco', region: 'California', country: 'United States', subregion: 'Northern America' },
  'Chicago, Illinois, United States': { city: 'Chicago', region: 'Illinois', country: 'United States', subregion: 'Northern America' },
  'Denver, Colorado, United States': { city: 'Denver', region: 'Colorado', country: 'United States', subregion: 'Northern America' },
  'New York, New York, United States': { city: 'New York', region: 'New York', country: 'United States', subregion: 'Northern America' },
  'Seattle, Washington, United States': { city: 'Seattle', region: 'Washington', country: 'United States', subregion: 'Northern America' },
  'Boston, Massachusetts, United States': { city: 'Boston', region: 'Massachusetts', country: 'United States', subregion: 'Northern America' },
  'Los Angeles, California, United States': { city: 'Los Angeles', region: 'California', country: 'United States', subregion: 'Northern America' },
  'London, England, United Kingdom': { city: 'London', region: 'England', country: 'United Kingdom', subregion: 'Northern Europe' },
  'Toronto, Ontario, Canada': { city: 'Toronto', region: 'Ontario', country: 'Canada', subregion: 'Northern America' },
  'Miami, Florida, United States': { city: 'Miami', region: 'Florida', country: 'United States', subregion: 'Northern America' },
  'São Paulo, Brazil': { city: 'São Paulo', region: 'São Paulo', country: 'Brazil', subregion: 'South America' },
  'Atlanta, Georgia, United States': { city: 'Atlanta', region: 'Georgia', country: 'United States', subregion: 'Northern America' },
  'Berlin, Germany': { city: 'Berlin', region: 'Berlin', country: 'Germany', subregion: 'Western Europe' },
};

const levelOf = (title: string) =>
  /chief|cro\b/i.test(title) ? 'c_suite' : /\bvp\b|vice president|svp/i.test(title) ? 'vp' : /head/i.test(title) ? 'head' : /director/i.test(title) ? 'director' : 'senior';

/** The prospect columns the search filters apply to, for a demo prospect (index: spreads job changes). */
export function demoFilterFields(p: DemoProspect, index: number, now: Date) {
  const c = DEMO_COMPANIES[p.company]!;
  const place = PLACES[p.location]!;
  const day = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const level = levelOf(p.title);
  return {
    companyDomain: c.domain,
    companySize: c.size,
    industry: c.industry,
    sicCodes: c.sic,
    naicsCodes: c.naics,
    technologies: c.technologies,
    fundingStage: c.funding,
    revenue: c.revenue,
    foundedYear: c.founded,
    retailLocationCount: c.retail,
    jobPostedAt: day(c.jobPostedDaysAgo),
    department: /operations|ops/i.test(p.title) ? 'Operations' : 'Sales',
    managementLevel: level,
    seniority: level,
    country: place.country,
    region: place.region,
    subregion: place.subregion,
    city: place.city,
    companyLocation: c.hq,
    keywords: c.keywords,
    intentTopics: c.intent,
    jobChangedAt: day(45 + index * 37),
  };
}

/** The demo personas' saved searches (wire form of the spec §3 filter model). */
export const DEMO_PERSONA_FILTERS: Record<(typeof DEMO_PERSONAS)[number]['key'], PersonFiltersInput> = {
  'vp-sales': {
    job_titles: ['VP of Sales', 'VP Sales', 'Vice President, Sales', 'Chief Revenue Officer', 'SVP Sales', 'Head of Sales'].map((name) => ({ id: name, name, uid: name })),
    person_countries: ['United States'],
    employees_numbers: [
      { name: '51-200', value: '51,200' },
      { name: '201-500', value: '201,500' },
    ],
    departments: ['Sales'],
    revenue_range: { min: 1_000_000, max: 100_000_000 },
    management_level: [
      { display_name: 'VP', value: 'vp', count: 0 },
      { display_name: 'C-suite', value: 'c_suite', count: 0 },
      { display_name: 'Head', value: 'head', count: 0 },
    ],
    company_sic_codes: ['7372'],
  },
  revops: {
    job_titles: ['Revenue Operations', 'RevOps', 'Sales Operations'].map((name) => ({ id: name, name, uid: name })),
    industries: [{ id: 'Financial Services', name: 'Financial Services', uid: 'financial-services' }],
    person_not_titles: [{ id: 'Intern', name: 'Intern', uid: 'intern' }],
    technologies: ['salesforce', 'hubspot'].map((name) => ({ id: name, name, uid: name })),
    keywords: ['fintech', 'payments', 'lending'],
    organization_founded_year_range: { min: 2010 },
  },
};
