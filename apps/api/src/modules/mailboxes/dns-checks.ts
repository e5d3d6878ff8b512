import type { DnsCheck } from '@shared/schemas/user-emails';
import type { DnsResolver } from '../../lib/mail/dns';

/** Selectors the big providers and common setups use; the mailbox's own selector is tried first. */
export const COMMON_DKIM_SELECTORS = ['google', 'selector1', 'selector2', 'default', 'dkim', 'k1', 'k2', 's1', 's2', 'mail', 'smtp', 'mx', 'sig1', 'zoho', 'mandrill', 'everlytickey1'];

const UNANSWERED = 'DNS did not answer for this domain just now, so this could not be checked: try again in a few minutes.';

async function lookup<T>(run: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false }> {
  try {
    return { ok: true, value: await run() };
  } catch {
    return { ok: false };
  }
}

async function mxCheck(dns: DnsResolver, domain: string): Promise<DnsCheck> {
  const r = await lookup(() => dns.mx(domain));
  if (!r.ok) return { check: 'mx', status: 'fail', record: null, advice: UNANSWERED };
  if (!r.value.length || r.value.every((m) => m.exchange === '' || m.exchange === '.')) {
    return { check: 'mx', status: 'fail', record: null, advice: `${domain} has no MX record, so replies and bounces to it cannot arrive and many servers distrust its mail. Add the MX records your mail provider gives you.` };
  }
  return { check: 'mx', status: 'pass', record: r.value.map((m) => `${m.priority} ${m.exchange}`).join(', '), advice: 'Replies and bounces have a server to go to.' };
}

async function spfCheck(dns: DnsResolver, domain: string): Promise<DnsCheck> {
  const r = await lookup(() => dns.txt(domain));
  if (!r.ok) return { check: 'spf', status: 'fail', record: null, advice: UNANSWERED };
  const spf = r.value.filter((t) => /^v=spf1(\s|$)/i.test(t.trim()));
  if (!spf.length) {
    return {
      check: 'spf',
      status: 'fail',
      record: null,
      advice: `No SPF record: receivers cannot tell which servers may send for ${domain}. Add a TXT record on ${domain} such as "v=spf1 include:_spf.google.com ~all" (Google) or "v=spf1 include:spf.protection.outlook.com ~all" (Microsoft 365).`,
    };
  }
  if (spf.length > 1) return { check: 'spf', status: 'fail', record: spf.join(' | '), advice: 'There are several SPF records; receivers then ignore all of them. Merge them into one TXT record.' };
  const record = spf[0]!.trim();
  if (/(^|\s)\+?all(\s|$)/i.test(record)) return { check: 'spf', status: 'fail', record, advice: 'The SPF record ends in "+all", which lets any server send as you. End it in "~all" or "-all".' };
  if (!/(^|\s)[~-]all(\s|$)|redirect=/i.test(record)) return { check: 'spf', status: 'pass', record, advice: 'SPF is set. Ending it in "~all" or "-all" tells receivers what to do with other senders.' };
  return { check: 'spf', status: 'pass', record, advice: 'SPF names the servers allowed to send for this domain.' };
}

async function dkimCheck(dns: DnsResolver, domain: string, selectors: string[]): Promise<DnsCheck> {
  const tried = [...new Set([...selectors.filter(Boolean), ...COMMON_DKIM_SELECTORS])];
  const results = await Promise.all(tried.map(async (selector) => ({ selector, r: await lookup(() => dns.txt(`${selector}._domainkey.${domain}`)) })));
  const found = results.find(({ r }) => r.ok && r.value.some((t) => /(^|;)\s*(v=DKIM1|p=[A-Za-z0-9+/])/i.test(t)));
  if (found) return { check: 'dkim', status: 'pass', record: `selector "${found.selector}"`, advice: 'Messages can carry a DKIM signature receivers can verify.' };
  if (results.every(({ r }) => !r.ok)) return { check: 'dkim', status: 'fail', record: null, advice: UNANSWERED };
  return {
    check: 'dkim',
    status: 'fail',
    record: null,
    advice: `No DKIM key found (selectors tried: ${tried.slice(0, 6).join(', ')}…). Turn on DKIM signing in your mail provider's admin console and publish the TXT record it gives you; if it uses another selector, enter it on the mailbox.`,
  };
}

async function dmarcCheck(dns: DnsResolver, domain: string): Promise<DnsCheck> {
  const r = await lookup(() => dns.txt(`_dmarc.${domain}`));
  if (!r.ok) return { check: 'dmarc', status: 'fail', record: null, advice: UNANSWERED };
  const record = r.value.find((t) => /^v=DMARC1(\s|;|$)/i.test(t.trim()))?.trim();
  if (!record) {
    return {
      check: 'dmarc',
      status: 'fail',
      record: null,
      advice: `No DMARC record: Gmail and Yahoo require one from bulk senders. Add a TXT record on _dmarc.${domain} such as "v=DMARC1; p=none; rua=mailto:dmarc@${domain}", then tighten p= once reports are clean.`,
    };
  }
  const policy = /(^|;)\s*p=(\w+)/i.exec(record)?.[2]?.toLowerCase();
  if (policy === 'none') return { check: 'dmarc', status: 'pass', record, advice: 'DMARC is published with p=none (monitoring only). Move to p=quarantine once SPF and DKIM pass for all your senders.' };
  return { check: 'dmarc', status: 'pass', record, advice: 'DMARC tells receivers what to do with mail that fails SPF and DKIM.' };
}

/** MX, SPF, DKIM (the given selectors and the common ones) and DMARC of one sending domain. */
export async function checkDomain(dns: DnsResolver, domain: string, selectors: string[]): Promise<DnsCheck[]> {
  return Promise.all([mxCheck(dns, domain), spfCheck(dns, domain), dkimCheck(dns, domain, selectors), dmarcCheck(dns, domain)]);
}
