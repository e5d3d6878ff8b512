// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { linkedInProfileSchema, PROFILE_FIELDS, type FieldSource, type LinkedInProfile, type ProfileField } from '@shared/schemas/linkedin';
import { parseProfile } from './parse-profile';

const load = (name: string) =>
  new DOMParser().parseFromString(readFileSync(path.join(import.meta.dirname, '__fixtures__', `${name}.html`), 'utf8'), 'text/html');

/** Every field 'missing' unless stated: a missing field must be reported missing. */
const sources = (given: Partial<Record<ProfileField, FieldSource>>) =>
  Object.fromEntries(PROFILE_FIELDS.map((f) => [f, given[f] ?? 'missing'])) as Record<ProfileField, FieldSource>;

const EMPTY = {
  full_name: null,
  first_name: null,
  last_name: null,
  headline: null,
  location: null,
  photo_url: null,
  about: null,
  current_company: null,
  current_title: null,
  experience: [],
  education: [],
  skills: [],
  connection_degree: null,
  contact_info: null,
  open_to_work: false,
  is_own_profile: false,
  limited: false,
} satisfies Partial<LinkedInProfile>;

function profileOf(name: string, url: string): LinkedInProfile {
  const result = parseProfile(load(name), url);
  if (result.kind !== 'profile') throw new Error(`${name}: expected a profile, got ${result.kind}`);
  // Whatever the page, the capture fits the shared contract.
  expect(linkedInProfileSchema.parse(result.profile)).toEqual(result.profile);
  return result.profile;
}

const role = (title: string | null, company: string | null, date_range: string | null, location: string | null = null, description: string | null = null, grouped = false) => ({
  title,
  company,
  date_range,
  location,
  description,
  grouped,
});

describe('parseProfile over the fixture corpus', () => {
  it("another member's profile: JSON-LD first, then LinkedIn's selectors; tracking parameters dropped", () => {
    const p = profileOf('member-jsonld', 'https://www.linkedin.com/in/jane-doe-4a2b1c/?miniProfileUrn=urn%3Ali%3Afs_miniProfile%3AACo&lipi=urn%3Ali%3Apage%3Ad_flagship3');
    expect(p).toEqual({
      ...EMPTY,
      profile_url: 'https://www.linkedin.com/in/jane-doe-4a2b1c/',
      public_identifier: 'jane-doe-4a2b1c',
      full_name: 'Jane Doe',
      first_name: 'Jane',
      last_name: 'Doe',
      headline: 'VP of Sales at Northwind Traders | Building outbound teams that book meetings',
      location: 'Austin, Texas, US',
      photo_url: 'https://media.licdn.com/dms/image/v2/D4E03AQH1/profile-displayphoto-shrink_400_400/0/1700000000000?e=1750000000&v=beta&t=abc',
      about: 'I help B2B software companies build outbound teams that book meetings without burning their market.',
      current_company: 'Northwind Traders',
      current_title: 'VP of Sales',
      experience: [
        role('VP of Sales', 'Northwind Traders', 'Mar 2021 - Present', 'Austin, Texas, United States', 'Built the sales team from 4 to 31 reps.\nOpened the EMEA market.'),
        role('Sales Director', 'Contoso', 'Jan 2016 - Feb 2021', 'Dallas, Texas, United States'),
        role('Account Executive', 'Fabrikam', 'Jun 2012 - Dec 2015'),
      ],
      education: [
        { school: 'The University of Texas at Austin', degree: 'Bachelor of Business Administration - BBA', field_of_study: 'Marketing', date_range: '2008 - 2012' },
        { school: 'Westlake High School', degree: null, field_of_study: null, date_range: null },
      ],
      skills: ['Sales Management', 'Outbound Prospecting', 'SaaS'],
      connection_degree: '2nd',
      sources: sources({
        profile_url: 'json-ld',
        full_name: 'json-ld',
        first_name: 'json-ld',
        last_name: 'json-ld',
        headline: 'selector',
        location: 'json-ld',
        photo_url: 'json-ld',
        about: 'json-ld',
        current_company: 'json-ld',
        current_title: 'json-ld',
        experience: 'selector',
        education: 'selector',
        skills: 'selector',
        connection_degree: 'selector',
      }),
    });
  });

  it('your own profile, with the contact info dialog open', () => {
    const p = profileOf('own-profile', 'https://www.linkedin.com/in/alexmorgan/overlay/contact-info/');
    expect(p).toEqual({
      ...EMPTY,
      profile_url: 'https://www.linkedin.com/in/alexmorgan/',
      public_identifier: 'alexmorgan',
      full_name: 'Alex Morgan',
      first_name: 'Alex',
      last_name: 'Morgan',
      headline: 'Founder & CEO at Brightline Analytics',
      location: 'Toronto, Ontario, Canada',
      photo_url: 'https://media.licdn.com/dms/image/v2/C5603AQF/profile-displayphoto-shrink_200_200/alex.jpg',
      about: 'Analytics founder. Previously data science at Initech.\n\nAsk me about churn models.',
      current_company: 'Brightline Analytics',
      current_title: 'Founder & CEO',
      experience: [
        role('Founder & CEO', 'Brightline Analytics', 'Sep 2020 - Present', 'Toronto, Ontario, Canada'),
        role('Senior Data Scientist', 'Initech', 'Jul 2015 - Aug 2020', 'Remote'),
      ],
      education: [{ school: 'University of Waterloo', degree: 'Master of Mathematics - MMath', field_of_study: 'Statistics', date_range: '2013 - 2015' }],
      connection_degree: 'self',
      contact_info: { emails: ['alex@brightline.example'], phones: ['+1 416 555 0199'], websites: ['https://brightline.example'], twitter: '@alexmorgan_data' },
      is_own_profile: true,
      sources: sources({
        profile_url: 'selector',
        full_name: 'selector',
        first_name: 'heuristic',
        last_name: 'heuristic',
        headline: 'selector',
        location: 'selector',
        photo_url: 'selector',
        about: 'selector',
        current_company: 'selector',
        current_title: 'selector',
        experience: 'selector',
        education: 'selector',
        connection_degree: 'heuristic',
        contact_info: 'selector',
      }),
    });
  });

  it('open-to-work banner and photo frame; a past job is not a current one', () => {
    const p = profileOf('open-to-work', 'https://www.linkedin.com/in/priya-sharma-data/');
    expect(p).toEqual({
      ...EMPTY,
      profile_url: 'https://www.linkedin.com/in/priya-sharma-data/',
      public_identifier: 'priya-sharma-data',
      full_name: 'Priya Sharma',
      first_name: 'Priya',
      last_name: 'Sharma',
      headline: 'Data Analyst | SQL, Python, Tableau | Looking for analytics roles',
      location: 'Pune, Maharashtra, India',
      photo_url: 'https://media.licdn.com/dms/image/v2/D5635AQE/profile-framedphoto-shrink_400_400/priya.jpg',
      experience: [
        role('Data Analyst', 'Tata Consultancy Services', 'Aug 2021 - May 2024', 'Pune, Maharashtra, India', 'Built weekly revenue dashboards in Tableau for the retail practice.'),
      ],
      connection_degree: '3rd',
      open_to_work: true,
      sources: sources({
        profile_url: 'selector',
        full_name: 'selector',
        first_name: 'heuristic',
        last_name: 'heuristic',
        headline: 'selector',
        location: 'selector',
        photo_url: 'selector',
        experience: 'selector',
        connection_degree: 'selector',
      }),
    });
  });

  it('no photo: the ghost placeholder is not a photo', () => {
    const p = profileOf('no-photo', 'https://www.linkedin.com/in/tom-becker-81/');
    expect(p.photo_url).toBeNull();
    expect(p.sources.photo_url).toBe('missing');
    expect(p).toMatchObject({
      full_name: 'Tom Becker',
      headline: 'Procurement Manager',
      location: 'Hamburg, Germany',
      current_company: 'Hanse Logistik GmbH',
      current_title: 'Procurement Manager',
      connection_degree: '1st',
      experience: [role('Procurement Manager', 'Hanse Logistik GmbH', '2019 - Present')],
    });
    expect(p.sources).toEqual(
      sources({
        profile_url: 'selector',
        full_name: 'selector',
        first_name: 'heuristic',
        last_name: 'heuristic',
        headline: 'selector',
        location: 'selector',
        current_company: 'selector',
        current_title: 'selector',
        experience: 'selector',
        connection_degree: 'selector',
      }),
    );
  });

  it('a Japanese name is not split by position; Japanese interface text is read', () => {
    const p = profileOf('non-latin-ja', 'https://www.linkedin.com/in/taro-yamada-jp/');
    expect(p).toMatchObject({
      full_name: '山田 太郎',
      first_name: null,
      last_name: null,
      headline: '株式会社サクラ技研 営業部長',
      location: '日本 東京都 港区',
      about: '製造業向けSaaSの法人営業を15年担当しています。',
      current_company: '株式会社サクラ技研',
      current_title: '営業部長',
      experience: [role('営業部長', '株式会社サクラ技研', '2019年4月 - 現在', '日本 東京都')],
      education: [{ school: '早稲田大学', degree: '学士号', field_of_study: '経済学', date_range: '2001 - 2005' }],
    });
    expect(p.sources.first_name).toBe('missing');
    expect(p.sources.last_name).toBe('missing');
  });

  it('Cyrillic and Arabic names (and a percent-encoded Arabic profile address)', () => {
    const ru = profileOf('non-latin-ru', 'https://www.linkedin.com/in/anna-ivanova-msk/');
    expect(ru).toMatchObject({
      full_name: 'Анна Иванова',
      first_name: 'Анна',
      last_name: 'Иванова',
      location: 'Москва, Россия',
      current_company: 'ООО «Вектор»',
      current_title: 'Руководитель отдела продаж',
    });
    const arUrl = 'https://www.linkedin.com/in/%D9%85%D8%AD%D9%85%D8%AF-%D8%A7%D9%84%D8%B9%D9%84%D9%8A/';
    const ar = profileOf('non-latin-ar', arUrl);
    expect(ar).toEqual({
      ...EMPTY,
      profile_url: arUrl,
      public_identifier: 'محمد-العلي',
      full_name: 'محمد العلي',
      first_name: 'محمد',
      last_name: 'العلي',
      headline: 'مدير تطوير الأعمال في شركة الأفق',
      location: 'الرياض، المملكة العربية السعودية',
      photo_url: 'https://media.licdn.com/dms/image/v2/mohammed.jpg',
      connection_degree: '1st',
      sources: sources({
        profile_url: 'selector',
        full_name: 'selector',
        first_name: 'heuristic',
        last_name: 'heuristic',
        headline: 'selector',
        location: 'selector',
        photo_url: 'selector',
        connection_degree: 'selector',
      }),
    });
  });

  it('long experience with grouped roles: one entry per role, company filled in, grouped: true', () => {
    const p = profileOf('grouped-roles', 'https://www.linkedin.com/in/marcuschen/');
    expect(p.experience).toEqual([
      role('Director of Engineering', 'Globex', 'Jan 2022 - Present', 'Hybrid', 'Leading 6 teams across payments and risk.', true),
      role('Engineering Manager', 'Globex', 'Mar 2019 - Dec 2021', 'San Francisco, California, United States', null, true),
      role('Senior Software Engineer', 'Globex', 'Jul 2018 - Feb 2019', 'Austin, Texas, United States', null, true),
      role('Staff Engineer', 'Umbrella Corp', 'Feb 2017 - Jun 2018'),
      role('Software Engineer II', 'Initech', 'Jan 2015 - Jan 2017', 'Boston, Massachusetts, United States', null, true),
      role('Software Engineer', 'Initech', 'Jan 2013 - Dec 2014', 'Boston, Massachusetts, United States', null, true),
      role('Software Engineering Intern', 'Hooli', 'Jun 2012 - Aug 2012', 'Mountain View, California, United States'),
      role('Teaching Assistant', 'Carnegie Mellon University', 'Sep 2011 - May 2012', null, 'Graded assignments for 15-213 Introduction to Computer Systems.'),
    ]);
    expect(p).toMatchObject({ current_company: 'Globex', current_title: 'Director of Engineering', location: 'San Francisco Bay Area' });
    expect(p.education).toEqual([{ school: 'Carnegie Mellon University', degree: 'Bachelor of Science - BS', field_of_study: 'Computer Science', date_range: '2009 - 2013' }]);
  });

  it('a limited profile: no name invented from "LinkedIn Member", flagged limited', () => {
    const p = profileOf('limited', 'https://www.linkedin.com/in/ACoAABcdEFghIJ/');
    expect(p).toMatchObject({
      ...EMPTY,
      limited: true,
      headline: 'Senior Engineer at a fintech company',
      location: 'Greater London',
      current_title: 'Senior Engineer',
      experience: [role('Senior Engineer', null, '2020 - Present')],
    });
    expect(p.sources).toEqual(
      sources({ profile_url: 'url', headline: 'selector', location: 'selector', current_title: 'selector', experience: 'selector' }),
    );
  });

  it('all class names random, no JSON-LD, no canonical link, no anchor ids: heuristics only', () => {
    const p = profileOf('random-classes', 'https://www.linkedin.com/in/sam-lee-product/?trk=people-also-viewed');
    expect(p).toEqual({
      ...EMPTY,
      profile_url: 'https://www.linkedin.com/in/sam-lee-product/',
      public_identifier: 'sam-lee-product',
      full_name: 'Sam Lee',
      first_name: 'Sam',
      last_name: 'Lee',
      headline: 'Senior Product Manager at Vandelay Industries',
      location: 'Seattle, Washington, United States',
      photo_url: 'https://media.licdn.com/dms/image/v2/D5603AQG/profile-displayphoto-shrink_400_400/sam.jpg',
      about: 'Product manager for marketplaces. I like boring, reliable software.',
      current_company: 'Vandelay Industries',
      current_title: 'Senior Product Manager',
      experience: [
        role('Senior Product Manager', 'Vandelay Industries', 'Apr 2022 - Present', 'Seattle, Washington, United States'),
        role('Product Manager', 'Pied Piper', 'May 2018 - Mar 2022'),
      ],
      education: [{ school: 'University of Washington', degree: 'Master of Science - MS', field_of_study: 'Human Centered Design & Engineering', date_range: '2016 - 2018' }],
      skills: ['Product Management', 'Marketplaces'],
      connection_degree: '2nd',
      sources: sources({
        profile_url: 'heuristic',
        full_name: 'heuristic',
        first_name: 'heuristic',
        last_name: 'heuristic',
        headline: 'heuristic',
        location: 'heuristic',
        photo_url: 'heuristic',
        about: 'heuristic',
        current_company: 'heuristic',
        current_title: 'heuristic',
        experience: 'heuristic',
        education: 'heuristic',
        skills: 'heuristic',
        connection_degree: 'heuristic',
      }),
    });
  });

  it("LinkedIn's embedded page data: the page member's record, not another member's in the same block", () => {
    const p = profileOf('embedded-data', 'https://www.linkedin.com/in/lucia-fernandez-mx/');
    expect(p).toMatchObject({
      full_name: 'Lucía Fernández',
      first_name: 'Lucía',
      last_name: 'Fernández',
      headline: 'Gerente de Marketing Digital | Growth B2B',
      location: 'Ciudad de México, México',
      photo_url: 'https://media.licdn.com/dms/image/v2/C4E03AQ/profile-displayphoto-shrink_400_400/lucia.jpg',
      about: 'Marketing B2B para empresas de software en América Latina.',
      connection_degree: '2nd',
      current_company: 'Nubeware',
    });
    expect(p.sources).toEqual(
      sources({
        profile_url: 'embedded',
        full_name: 'embedded',
        first_name: 'embedded',
        last_name: 'embedded',
        headline: 'embedded',
        location: 'embedded',
        photo_url: 'embedded',
        about: 'embedded',
        connection_degree: 'embedded',
        current_company: 'selector',
        current_title: 'selector',
        experience: 'selector',
      }),
    );
  });

  it('a page still loading (skeleton, empty heading) is loading', () => {
    expect(parseProfile(load('loading'), 'https://www.linkedin.com/in/jane-doe-4a2b1c/')).toEqual({ kind: 'loading' });
  });

  it('LinkedIn pages that are not a profile', () => {
    expect(parseProfile(load('feed'), 'https://www.linkedin.com/feed/')).toEqual({ kind: 'not_a_profile' });
    for (const url of [
      'https://www.linkedin.com/search/results/people/?keywords=jane',
      'https://www.linkedin.com/company/northwind/',
      'https://www.linkedin.com/in/jane-doe-4a2b1c/details/experience/',
      'https://www.linkedin.com/in/jane-doe-4a2b1c/recent-activity/all/',
      'https://example.com/in/jane-doe-4a2b1c/',
      'not a url',
    ]) {
      expect(parseProfile(load('member-jsonld'), url)).toEqual({ kind: 'not_a_profile' });
    }
  });

  it("a second URL never yields the first page's data", () => {
    const fixtures = ['member-jsonld', 'own-profile', 'open-to-work', 'no-photo', 'non-latin-ja', 'grouped-roles', 'random-classes', 'embedded-data'];
    for (const name of fixtures) {
      // The URL already names the next member while the page still shows this one (LinkedIn's in-place navigation).
      expect(parseProfile(load(name), 'https://www.linkedin.com/in/someone-else-123/'), name).toEqual({ kind: 'loading' });
    }
  });

  it('stale JSON-LD of another member is ignored', () => {
    const doc = load('member-jsonld');
    doc.querySelector('link[rel="canonical"]')!.remove();
    doc.querySelector('meta[property="og:url"]')!.remove();
    for (const a of doc.querySelectorAll('main a[href*="/in/"]')) a.setAttribute('href', '#');
    const result = parseProfile(doc, 'https://www.linkedin.com/in/someone-else-123/');
    expect(result.kind).toBe('profile');
    if (result.kind !== 'profile') return;
    // With no identity signal left in the page, only the JSON-LD could tell — and it names Jane, not this URL's member.
    // (The watcher guards the rest: it waits for the top card to change after a URL change.)
    expect(result.profile.sources).toMatchObject({ full_name: 'selector', about: 'selector', photo_url: 'selector', profile_url: 'url' });
  });

  describe('after in-app navigation the head may still name the previous member', () => {
    const SAM = 'https://www.linkedin.com/in/sam-lee-product/';
    const JANE = 'https://www.linkedin.com/in/jane-doe-4a2b1c/';
    const withoutCardLinks = (doc: Document) => {
      for (const a of doc.querySelectorAll('main a[href*="/in/"]')) a.setAttribute('href', '#');
      return doc;
    };

    it("a stale canonical link, og tags, title and JSON-LD are ignored: the URL's member on screen is captured", () => {
      const doc = load('stale-head');
      expect(doc.title).toContain('Jane Doe');
      const p = profileOf('stale-head', SAM);
      expect(p).toMatchObject({
        profile_url: SAM,
        public_identifier: 'sam-lee-product',
        full_name: 'Sam Lee',
        headline: 'Senior Product Manager at Vandelay Industries',
        location: 'Seattle, Washington, United States',
        about: 'Product manager for marketplaces. I like boring, reliable software.',
        current_company: 'Vandelay Industries',
        current_title: 'Senior Product Manager',
        connection_degree: '2nd',
      });
      // Nothing of the member the head names, and no field credited to the stale head.
      expect(JSON.stringify(p)).not.toMatch(/Jane|Northwind|Austin|D4E03AQH1/);
      expect(Object.values(p.sources)).not.toContain('json-ld');
      expect(p.sources.profile_url).toBe('heuristic');
    });

    it('the same page with no identity in the top card is still captured: the head does not block', () => {
      const result = parseProfile(withoutCardLinks(load('stale-head')), SAM);
      expect(result).toMatchObject({ kind: 'profile', profile: { public_identifier: 'sam-lee-product', full_name: 'Sam Lee', profile_url: SAM } });
      if (result.kind === 'profile') expect(result.profile.sources.profile_url).toBe('url');
    });

    it("at the previous member's URL the page is loading: the card on screen is another member's", () => {
      expect(parseProfile(load('stale-head'), JANE)).toEqual({ kind: 'loading' });
    });

    it("the previous member's card still on screen under the new URL is recognised through the stale head's own data", () => {
      // Jane's whole page (head and card) while the URL already names Sam, and no link in the card to tell.
      const janeUnderSam = () => withoutCardLinks(load('member-jsonld'));
      expect(parseProfile(janeUnderSam(), SAM)).toEqual({ kind: 'loading' });
      // The watcher saw the card replaced since the URL changed (a namesake of the previous member): captured.
      const replaced = parseProfile(janeUnderSam(), SAM, { cardReplaced: true });
      expect(replaced).toMatchObject({ kind: 'profile', profile: { public_identifier: 'sam-lee-product', profile_url: SAM } });
    });
  });
});
