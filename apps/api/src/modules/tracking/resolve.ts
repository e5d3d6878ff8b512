import net from 'node:net';
import type { IdentificationSignal, NetworkKind } from '@shared/schemas/tracking';
import { blockedReason } from '../../lib/guarded-fetch';
import type { DnsResolver } from '../../lib/mail';
import { ipDatabase } from './ip-db';
import { companyNameFromOrg, isAnonymousKind, isGenericHostname, networkKindOf, registrableDomain } from './networks';

/** EU and EEA members and the UK: their visitors are recorded at company level only (no person) unless they consented. */
const COMPANY_LEVEL_ONLY = new Set([
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
  'IS', 'LI', 'NO', 'GB', 'UK',
]);
export const isCompanyLevelOnly = (country: string | null) => country !== null && COMPANY_LEVEL_ONLY.has(country);

/** What an address says before anything is stored: its network (truncated), owner, kind and country. */
export type NetworkFacts = {
  /** "203.0.113.0/24" or "2001:db8:1234::/48": all that is kept of the address. */
  network: string | null;
  asn: number | null;
  asOrg: string | null;
  kind: NetworkKind;
  country: string | null;
};

/** The address cut to its /24 (IPv4) or /48 (IPv6) network. */
export function truncateIp(ip: string): string | null {
  const family = net.isIP(ip);
  if (family === 4) return `${ip.split('.').slice(0, 3).join('.')}.0/24`;
  if (family !== 6) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return truncateIp(mapped[1]!);
  const [head, tail] = ip.toLowerCase().replace(/%.*$/, '').split('::') as [string, string | undefined];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = tail === undefined ? h : [...h, ...Array<string>(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t];
  return `${groups.slice(0, 3).map((g) => parseInt(g || '0', 16).toString(16)).join(':')}::/48`;
}

/** The offline facts of an address (microseconds: the ASN and country tables are in memory). */
export async function networkFacts(ip: string): Promise<NetworkFacts> {
  const network = truncateIp(ip);
  // Loopback, private and reserved ranges are nobody's company (and are in no table).
  if (!network || blockedReason(ip)) return { network, asn: null, asOrg: null, kind: 'unknown', country: null };
  const db = await ipDatabase();
  const info = db.asn(ip);
  return {
    network,
    asn: info?.asn ?? null,
    asOrg: info?.org ?? null,
    kind: info ? networkKindOf(info.asn, info.org) : 'unknown',
    country: db.country(ip),
  };
}

/** An address's reverse DNS name when it names an organisation's host (not a subscriber line or a cloud instance). */
export type ReverseName = { host: string; domain: string } | null;

const PTR_CACHE_MAX = 10_000;
const PTR_TTL_MS = 60 * 60 * 1000;
/** Per process, never stored: an address's PTR answer for an hour (a visitor's pages ask once). */
const ptrCache = new Map<string, { at: number; value: ReverseName }>();

export async function reverseName(dns: DnsResolver, ip: string, timeoutMs: number, now = Date.now()): Promise<ReverseName> {
  const cached = ptrCache.get(ip);
  if (cached && now - cached.at < PTR_TTL_MS) return cached.value;
  let names: string[];
  let timer: NodeJS.Timeout | undefined;
  try {
    names = await Promise.race([
      dns.reverse(ip),
      new Promise<string[]>((resolve) => {
        timer = setTimeout(() => resolve([]), timeoutMs);
      }),
    ]);
  } catch {
    names = [];
  } finally {
    clearTimeout(timer);
  }
  let value: ReverseName = null;
  for (const host of names) {
    const domain = registrableDomain(host);
    if (domain && !isGenericHostname(host, ip)) {
      value = { host: host.toLowerCase().replace(/\.$/, ''), domain };
      break;
    }
  }
  if (ptrCache.size >= PTR_CACHE_MAX) ptrCache.delete(ptrCache.keys().next().value!);
  ptrCache.set(ip, { at: now, value });
  return value;
}

/** For tests that change what a loopback DNS server answers. */
export const clearReverseCache = () => ptrCache.clear();

/** Who the network says the visitor is, before the account's own knowledge (prospects, "wrong company") is applied. */
export type Identification = {
  networkKey: string;
  kind: NetworkKind;
  companyName: string | null;
  domain: string | null;
  signal: IdentificationSignal | null;
  confidence: number | null;
  reverseDns: string | null;
};

/**
 * The network's identification:
 * - an organisation's own network (by its owner): the owner, medium confidence; with a reverse DNS name of the
 *   organisation's domain too, high, keyed by that domain;
 * - an ISP's line whose reverse DNS names an organisation's host (a business on a static line): that domain, low;
 * - ISP, mobile, hosting and unknown networks otherwise: no company, ever.
 */
export function identify(facts: NetworkFacts, rdns: ReverseName): Identification {
  const base = { kind: facts.kind, reverseDns: rdns?.host ?? null };
  if (!isAnonymousKind(facts.kind) && facts.asn !== null && facts.asOrg) {
    const name = companyNameFromOrg(facts.asOrg);
    if (rdns) return { ...base, networkKey: `domain:${rdns.domain}`, companyName: name, domain: rdns.domain, signal: 'reverse_dns', confidence: 0.9 };
    return { ...base, networkKey: `asn:${facts.asn}`, companyName: name, domain: null, signal: 'asn_owner', confidence: 0.55 };
  }
  if (facts.kind === 'isp' && rdns) {
    return { ...base, networkKey: `domain:${rdns.domain}`, companyName: rdns.domain, domain: rdns.domain, signal: 'reverse_dns', confidence: 0.4 };
  }
  const key = facts.asn !== null ? `asn:${facts.asn}` : `net:${facts.network ?? 'unknown'}`;
  return { ...base, networkKey: key, companyName: null, domain: null, signal: null, confidence: null };
}

export const confidenceLevel = (c: number | null): 'low' | 'medium' | 'high' | 'certain' | null =>
  c === null ? null : c >= 1 ? 'certain' : c >= 0.8 ? 'high' : c >= 0.5 ? 'medium' : 'low';
