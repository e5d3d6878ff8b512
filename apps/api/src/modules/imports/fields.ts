import type { ImportField, ImportMapping } from '@shared/schemas/personas';

/** A header as compared: lower-case letters and digits only ("LinkedIn URL" → "linkedinurl"). */
export const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** Header spellings seen in CRM, Apollo, Sales Navigator, Instantly and Mautic exports. */
const SYNONYMS: Record<ImportField, string[]> = {
  email: ['email', 'emailaddress', 'email1', 'workemail', 'businessemail', 'mail', 'emails', 'contactemail', 'primaryemail'],
  linkedin_url: ['linkedinurl', 'linkedin', 'linkedinprofile', 'linkedinprofileurl', 'personlinkedinurl', 'profileurl', 'linkedinlink', 'li'],
  full_name: ['fullname', 'name', 'contactname', 'personname', 'contact'],
  first_name: ['firstname', 'first', 'givenname', 'forename', 'fname'],
  last_name: ['lastname', 'last', 'surname', 'familyname', 'lname'],
  title: ['title', 'jobtitle', 'position', 'role', 'jobrole', 'designation', 'currenttitle'],
  headline: ['headline', 'linkedinheadline', 'tagline'],
  company: ['company', 'companyname', 'organization', 'organisation', 'organizationname', 'employer', 'account', 'accountname', 'currentcompany'],
  company_domain: ['companydomain', 'domain', 'website', 'companywebsite', 'url', 'organizationdomain', 'webaddress'],
  company_size: ['companysize', 'employees', 'numberofemployees', 'employeecount', 'headcount', 'staff', 'estimatednumemployees', 'size'],
  industry: ['industry', 'companyindustry', 'sector', 'vertical'],
  sic_codes: ['siccodes', 'sic', 'siccode'],
  naics_codes: ['naicscodes', 'naics', 'naicscode'],
  technologies: ['technologies', 'technology', 'techstack', 'tech'],
  funding_stage: ['fundingstage', 'latestfunding', 'latestfundingstage', 'funding', 'fundinground'],
  revenue: ['revenue', 'annualrevenue', 'companyrevenue'],
  founded_year: ['foundedyear', 'founded', 'yearfounded'],
  retail_location_count: ['retaillocationcount', 'retaillocations', 'numberofretaillocations'],
  job_posted_at: ['jobpostedat', 'lastjobposted', 'latestjobposting'],
  department: ['department', 'departments', 'function', 'team'],
  management_level: ['managementlevel', 'level'],
  seniority: ['seniority', 'senioritylevel'],
  location: ['location', 'personlocation', 'address', 'fulladdress'],
  city: ['city', 'town', 'personcity'],
  region: ['region', 'state', 'province', 'county', 'personstate'],
  subregion: ['subregion'],
  country: ['country', 'personcountry', 'countryname'],
  company_location: ['companylocation', 'companyaddress', 'hqlocation', 'headquarters', 'companycity', 'companycountry'],
  keywords: ['keywords', 'tags', 'tag', 'interests'],
  intent_topics: ['intenttopics', 'intent', 'topics'],
  job_changed_at: ['jobchangedat', 'jobchange', 'startdate', 'jobstartdate'],
  about: ['about', 'summary', 'bio', 'description', 'notes'],
};

const BY_KEY = new Map<string, ImportField>();
for (const [field, keys] of Object.entries(SYNONYMS) as Array<[ImportField, string[]]>) for (const k of keys) BY_KEY.set(k, field);

/** The automatic mapping: each header to the field its name says, each field at most once. */
export function autoMapping(headers: string[], remembered: Map<string, ImportField | null> = new Map()): { mapping: ImportMapping; remembered: string[] } {
  const mapping: ImportMapping = {};
  const used = new Set<ImportField>();
  const fromMemory: string[] = [];
  for (const header of headers) {
    const key = headerKey(header);
    if (remembered.has(key)) {
      const field = remembered.get(key)!;
      if (field === null || !used.has(field)) {
        mapping[header] = field;
        if (field) used.add(field);
        fromMemory.push(header);
        continue;
      }
    }
    const field = BY_KEY.get(key) ?? null;
    mapping[header] = field && !used.has(field) ? field : null;
    if (field && mapping[header]) used.add(field);
  }
  return { mapping, remembered: fromMemory };
}
