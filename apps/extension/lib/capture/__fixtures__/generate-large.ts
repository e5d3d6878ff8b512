/**
 * A large, realistic LinkedIn profile page for the capture benchmark (`npm run bench`): a full top
 * card with JSON-LD, a long experience history (grouped and single roles), education, skills, then
 * the noise a real page carries — an activity feed, "People also viewed" lists and hidden <code>
 * blocks of page data — until the page reaches about `targetBytes`.
 */

const COMPANIES = ['Northwind Traders', 'Contoso', 'Fabrikam', 'Globex', 'Initech', 'Umbrella Corp', 'Hooli', 'Vandelay Industries', 'Pied Piper', 'Wayne Enterprises'];
const TITLES = ['Account Executive', 'Sales Director', 'Senior Engineer', 'Product Manager', 'Head of Growth', 'Solutions Consultant', 'Marketing Lead', 'Data Analyst'];
const CITIES = ['Austin, Texas, United States', 'Berlin, Germany', 'London, England, United Kingdom', 'Toronto, Ontario, Canada', 'Singapore'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const pick = <T>(xs: T[], i: number) => xs[i % xs.length]!;
const span = (text: string) => `<span aria-hidden="true">${esc(text)}</span><span class="visually-hidden">${esc(text)}</span>`;

function dates(i: number): string {
  const endYear = 2024 - i;
  return i === 0 ? `${pick(MONTHS, i)} ${endYear - 2} - Present · 2 yrs 4 mos` : `${pick(MONTHS, i + 3)} ${endYear - 1} - ${pick(MONTHS, i)} ${endYear} · 1 yr ${i % 11} mos`;
}

function singleRole(i: number): string {
  return `<li class="artdeco-list__item pvs-list__item--line-separated"><div class="display-flex flex-row justify-space-between" data-view-name="profile-component-entity">
  <a class="optional-action-target-wrapper" href="https://www.linkedin.com/company/${i}/"><img width="48" alt="${esc(pick(COMPANIES, i))} logo" src="https://media.licdn.com/dms/image/company-logo_100_100/${i}.png"></a>
  <div class="display-flex flex-column full-width"><div class="display-flex flex-wrap align-items-center full-height"><div class="t-bold">${span(pick(TITLES, i))}</div></div>
  <span class="t-14 t-normal">${span(`${pick(COMPANIES, i)} · Full-time`)}</span>
  <span class="t-14 t-normal t-black--light">${span(dates(i))}</span>
  <span class="t-14 t-normal t-black--light">${span(`${pick(CITIES, i)} · Hybrid`)}</span></div></div>
  <div class="pvs-list__outer-container"><ul class="pvs-list"><li class="pvs-list__item--with-top-padding"><div class="inline-show-more-text--is-collapsed">${span(
    `Owned a ${i + 3}-person territory; grew pipeline ${20 + (i % 50)}% year over year by rebuilding the outbound motion and partnering with marketing on account-based campaigns.`,
  )}</div></li></ul></div></li>`;
}

function groupedRoles(i: number): string {
  const roles = [0, 1, 2]
    .map(
      (k) => `<li class="pvs-list__paged-list-item"><div class="display-flex flex-column full-width"><div class="t-bold">${span(pick(TITLES, i + k))}</div>
      <span class="t-14 t-normal t-black--light">${span(dates(i + k))}</span><span class="t-14 t-normal t-black--light">${span(pick(CITIES, i + k))}</span></div></li>`,
    )
    .join('');
  return `<li class="artdeco-list__item pvs-list__item--line-separated"><div data-view-name="profile-component-entity"><div class="display-flex flex-column full-width">
  <div class="t-bold">${span(pick(COMPANIES, i))}</div><span class="t-14 t-normal">${span('Full-time · 6 yrs 2 mos')}</span></div></div>
  <div class="pvs-entity__sub-components"><ul class="pvs-list">${roles}</ul></div></li>`;
}

function feedPost(i: number): string {
  const who = `member-${i}`;
  return `<div class="feed-shared-update-v2 artdeco-card" role="article" data-urn="urn:li:activity:${7000000000000000000 + i}">
  <div class="update-components-actor"><a href="https://www.linkedin.com/in/${who}/"><img alt="View ${who}’s profile" src="https://media.licdn.com/dms/image/${who}.jpg" width="48"></a>
  <span class="update-components-actor__name">${span(`Member ${i}`)}</span><span class="update-components-actor__description">${span(pick(TITLES, i) + ' at ' + pick(COMPANIES, i))}</span></div>
  <div class="feed-shared-update-v2__description"><div class="update-components-text"><span dir="ltr">Post ${i}: ${'We shipped a new release of our outbound playbook today. '.repeat(3)}<a href="/feed/hashtag/?keywords=sales">#sales</a></span></div></div>
  <ul class="social-details-social-counts"><li><button aria-label="${i % 300} reactions">${i % 300}</button></li><li><button>${i % 40} comments</button></li></ul>
  <div class="feed-shared-social-action-bar"><button>Like</button><button>Comment</button><button>Repost</button><button>Send</button></div></div>`;
}

function peopleAlsoViewed(i: number): string {
  return `<li class="artdeco-list__item"><a href="https://www.linkedin.com/in/viewed-${i}/"><img alt="Viewed ${i}" src="https://media.licdn.com/v${i}.jpg"><div class="t-bold">${span(`Viewed Member ${i}`)}</div></a>
  <div class="t-14 t-normal">${span(pick(TITLES, i) + ' at ' + pick(COMPANIES, i))}</div><button aria-label="Invite Viewed Member ${i} to connect">Connect</button></li>`;
}

function codeBlock(i: number): string {
  const included = Array.from({ length: 20 }, (_, k) => ({
    $type: 'com.linkedin.voyager.dash.feed.Update',
    entityUrn: `urn:li:fsd_update:${i}-${k}`,
    commentary: { text: 'Great insights on pipeline generation and outbound sequencing. '.repeat(2) },
    socialDetail: { totalReactions: k * 7, totalComments: k },
  }));
  return `<code style="display: none" id="bpr-guid-${i}">${esc(JSON.stringify({ data: { paging: { start: i, count: 20 } }, included }))}</code>`;
}

/** The page of member `publicId` (the bench opens it at https://www.linkedin.com/in/bench-member/). */
export function largeProfileHtml(targetBytes = 2_000_000, publicId = 'bench-member'): string {
  const id = publicId;
  const experience = Array.from({ length: 60 }, (_, i) => (i % 7 === 3 ? groupedRoles(i) : singleRole(i))).join('\n');
  const head = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>(3) Jane Doe | LinkedIn</title>
<link rel="canonical" href="https://www.linkedin.com/in/${id}/">
<script type="application/ld+json">${JSON.stringify({
    '@context': 'http://schema.org',
    '@graph': [
      {
        '@type': 'Person',
        name: 'Jane Doe',
        givenName: 'Jane',
        familyName: 'Doe',
        url: `https://www.linkedin.com/in/${id}`,
        jobTitle: ['VP of Sales'],
        worksFor: [{ '@type': 'Organization', name: 'Northwind Traders' }],
        address: { '@type': 'PostalAddress', addressLocality: 'Austin, Texas', addressCountry: 'US' },
      },
    ],
  })}</script></head>`;
  const main = `<body class="render-mode-BIGPIPE nav-v2"><div class="application-outlet">
<header id="global-nav"><nav aria-label="Primary Navigation"><a href="/feed/">Home</a><a href="/mynetwork/">My Network</a></nav></header>
<main id="main" class="scaffold-layout__main">
<section class="artdeco-card pv-top-card"><button class="pv-top-card-profile-picture"><img class="pv-top-card-profile-picture__image--show evi-image" alt="Jane Doe" src="https://media.licdn.com/dms/image/jane.jpg"></button>
<div class="ph5"><div class="mt2 relative"><a href="/in/${id}/overlay/about-this-profile/"><h1 class="text-heading-xlarge inline t-24 v-align-middle break-words">Jane Doe</h1></a>
<span class="distance-badge"><span class="visually-hidden">2nd degree connection</span><span class="dist-value" aria-hidden="true">2nd</span></span>
<div class="text-body-medium break-words">VP of Sales at Northwind Traders</div>
<div class="mt2"><span class="text-body-small inline t-black--light break-words">Austin, Texas, United States</span> · <a href="/in/${id}/overlay/contact-info/">Contact info</a></div></div></div></section>
<section class="artdeco-card pv-profile-card"><div id="about" class="pv-profile-card__anchor"></div><h2 class="pvs-header__title">${span('About')}</h2>
<div class="inline-show-more-text">${span('I help B2B software companies build outbound teams. '.repeat(8))}</div></section>
<section class="artdeco-card pv-profile-card"><div id="experience" class="pv-profile-card__anchor"></div><h2 class="pvs-header__title">${span('Experience')}</h2>
<div class="pvs-list__outer-container"><ul class="pvs-list">${experience}</ul></div></section>
<section class="artdeco-card pv-profile-card"><div id="education" class="pv-profile-card__anchor"></div><h2 class="pvs-header__title">${span('Education')}</h2><ul class="pvs-list">
<li class="artdeco-list__item"><div class="t-bold">${span('The University of Texas at Austin')}</div><span class="t-14 t-normal">${span('Bachelor of Business Administration - BBA, Marketing')}</span><span class="t-14 t-normal t-black--light">${span('2008 - 2012')}</span></li></ul></section>
<section class="artdeco-card pv-profile-card"><div id="skills" class="pv-profile-card__anchor"></div><h2 class="pvs-header__title">${span('Skills')}</h2><ul class="pvs-list">
${Array.from({ length: 40 }, (_, i) => `<li class="artdeco-list__item"><div class="t-bold">${span(`Skill ${i}`)}</div><ul><li>${span(`${i} endorsements`)}</li></ul></li>`).join('')}</ul></section>
<section class="artdeco-card pv-profile-card"><div id="content_collections" class="pv-profile-card__anchor"></div><h2 class="pvs-header__title">${span('Activity')}</h2><div class="feed">`;
  const parts: string[] = [head, main];
  let size = head.length + main.length;
  const tail = `</div></section></main><aside class="scaffold-layout__aside" aria-label="Side Bar"><section class="artdeco-card"><h2>People also viewed</h2><ul>${Array.from({ length: 40 }, (_, i) => peopleAlsoViewed(i)).join('')}</ul></section></aside></div>`;
  size += tail.length + 20;
  const codes: string[] = [];
  for (let i = 0; size < targetBytes; i++) {
    const chunk = i % 5 === 4 ? codeBlock(i) : feedPost(i);
    if (i % 5 === 4) codes.push(chunk);
    else parts.push(chunk);
    size += chunk.length;
  }
  return parts.join('\n') + tail + codes.join('\n') + '</body></html>';
}
