import { normalizeDomain, type CompanyInfo } from '@shared/schemas/onboarding';
import { GuardedFetchError, guardedFetch, type GuardedResponse } from '../../lib/guarded-fetch';
import type { Deps } from '../../lib/route';

/**
 * find_company_info_by_domain: reads the company's home page through the guarded fetcher (https
 * first, then http) and takes its title, description, language and logo from the <head>. Never throws
 * for an unreachable, refused or odd site: it answers found: false and says why in words.
 */

/** The page is read up to this size; the head comes first, so this is plenty. */
export const COMPANY_PAGE_MAX_BYTES = 512 * 1024;
export const COMPANY_LOOKUP_TIMEOUT_MS = 6000;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (whole, name: string) => {
    const n = name.toLowerCase();
    if (n.startsWith('#x')) return safeChar(parseInt(n.slice(2), 16), whole);
    if (n.startsWith('#')) return safeChar(parseInt(n.slice(1), 10), whole);
    return ENTITIES[n] ?? whole;
  });
}
const safeChar = (code: number, fallback: string) => (Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback);

const clean = (s: string | null | undefined, max: number) => {
  if (!s) return null;
  const t = decodeEntities(s).replace(/\s+/g, ' ').trim();
  return t ? t.slice(0, max) : null;
};

/** The attributes of one tag, names lower-cased, values unquoted. */
function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  const re = /([^\s=/>"']+)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g;
  const body = tag.replace(/^<\s*[a-z0-9]+/i, '').replace(/\/?>$/, '');
  for (const m of body.matchAll(re)) out[m[1]!.toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
  return out;
}

const absolute = (href: string | undefined, base: string): string | null => {
  if (!href?.trim()) return null;
  try {
    const url = new URL(decodeEntities(href.trim()), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
};

export type PageFacts = Pick<CompanyInfo, 'title' | 'description' | 'language' | 'logo_url'>;

/** What a page's <head> says about the company; URLs made absolute against the page's address. */
export function parseCompanyPage(html: string, pageUrl: string): PageFacts {
  // Comments and scripts can hold anything that looks like a tag.
  const doc = html.replace(/<!--[\s\S]*?-->/g, '').replace(/<(script|style|noscript)\b[\s\S]*?<\/\1\s*>/gi, '');
  const headEnd = doc.search(/<\/head\s*>|<body[\s>]/i);
  const head = headEnd >= 0 ? doc.slice(0, headEnd) : doc;
  const metas = [...head.matchAll(/<meta\b[^>]*>/gi)].map((m) => attributes(m[0]));
  const meta = (key: string) => metas.find((m) => (m.property ?? m.name ?? '').toLowerCase() === key)?.content;
  const links = [...head.matchAll(/<link\b[^>]*>/gi)].map((m) => attributes(m[0]));
  const rels = (rel: string) => links.filter((l) => (l.rel ?? '').toLowerCase().split(/\s+/).includes(rel)).map((l) => l.href);
  const htmlTag = /<html\b[^>]*>/i.exec(doc)?.[0];
  const title = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(head)?.[1];
  const logo = [meta('og:logo'), ...rels('apple-touch-icon'), ...rels('icon'), ...rels('shortcut'), meta('og:image'), meta('twitter:image')]
    .map((href) => absolute(href, pageUrl))
    .find((u): u is string => !!u);
  const language = clean(htmlTag ? attributes(htmlTag).lang : null, 35) ?? clean(meta('og:locale')?.replace('_', '-'), 35);
  return {
    title: clean(meta('og:site_name'), 200) ?? clean(title, 200) ?? clean(meta('og:title'), 200),
    description: clean(meta('description'), 1000) ?? clean(meta('og:description'), 1000) ?? clean(meta('twitter:description'), 1000),
    language,
    logo_url: logo ?? null,
  };
}

const WHY: Record<GuardedFetchError['code'], string> = {
  blocked_address: 'points to a private or reserved network address, so we cannot look it up',
  timeout: 'did not answer in time',
  too_large: 'sent a page too large to read',
  too_many_redirects: 'redirects too many times',
  bad_url: 'is not a valid web address',
  network: 'could not be reached',
};

const TYPE_IT = 'Type your company details below instead.';

export async function findCompanyInfo(deps: Deps, rawDomain: string): Promise<CompanyInfo> {
  const domain = normalizeDomain(rawDomain);
  const none = (message: string, d = rawDomain.trim().slice(0, 200)): CompanyInfo => ({
    found: false,
    domain: d,
    url: null,
    title: null,
    description: null,
    language: null,
    logo_url: null,
    message,
  });
  if (!domain) return none('Enter a domain like example.com.');
  let lastProblem = `${domain} could not be reached.`;
  for (const scheme of ['https', 'http'] as const) {
    let res: GuardedResponse;
    try {
      res = await guardedFetch(
        `${scheme}://${domain}/`,
        { timeoutMs: COMPANY_LOOKUP_TIMEOUT_MS, maxBytes: COMPANY_PAGE_MAX_BYTES, maxRedirects: 5, headers: { accept: 'text/html,application/xhtml+xml' } },
        { allowHosts: deps.config.guardedFetch.allowHosts },
      );
    } catch (err) {
      if (!(err instanceof GuardedFetchError)) throw err;
      // A refused address is refused on http too; a bad address stays bad.
      if (err.code === 'blocked_address' || err.code === 'bad_url') return none(`${domain} ${WHY[err.code]}. ${TYPE_IT}`, domain);
      lastProblem = `${domain} ${WHY[err.code]}.`;
      continue;
    }
    if (res.status >= 400) {
      lastProblem = `${domain} answered with HTTP ${res.status}.`;
      continue;
    }
    const type = res.headers.get('content-type') ?? '';
    if (type && !/html|xml/i.test(type)) {
      lastProblem = `${domain} did not answer with a web page.`;
      continue;
    }
    const facts = parseCompanyPage(res.text(), res.url);
    if (!facts.title && !facts.description && !facts.logo_url) {
      lastProblem = `${domain} has no title or description we could read.`;
      continue;
    }
    return { found: true, domain, url: res.url, ...facts, message: null };
  }
  return none(`${lastProblem} ${TYPE_IT}`, domain);
}
