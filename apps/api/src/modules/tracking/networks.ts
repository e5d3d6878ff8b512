import { getDomain } from 'tldts';
import type { NetworkKind } from '@shared/schemas/tracking';

/**
 * Which networks name a company and which do not. A visit from an ISP's, a mobile carrier's or a hosting provider's
 * network says nothing about the visitor's employer (a home connection, a phone, a VPN, a crawler on a cloud
 * server): those are never shown as a company. Known networks by number first (the largest carriers and clouds),
 * then the words their registered names use. Anything else is an organisation's own network: its owner is the
 * company, with medium confidence, and "wrong company" on a row remembers the network for the account.
 */

const HOSTING_ASNS = new Set([
  // Amazon, Google, Microsoft, Oracle, IBM Cloud/SoftLayer, Alibaba, Tencent, Huawei Cloud
  16509, 14618, 8987, 15169, 396982, 19527, 36040, 139070, 8075, 8068, 8069, 3598, 31898, 36351, 45102, 37963, 132203, 45090, 136907, 55990,
  // DigitalOcean, Linode/Akamai, Vultr, OVH, Hetzner, Scaleway, Contabo, Leaseweb, Hostinger, IONOS, Strato, netcup, UpCloud, Kamatera
  14061, 63949, 20473, 16276, 24940, 213230, 12876, 51167, 60781, 28753, 47583, 8560, 6724, 197540, 202053, 36007,
  // CDNs and edge networks: Cloudflare, Akamai, Fastly, CDN77/DataCamp, StackPath, Zscaler, Netskope, Cloudflare WARP
  13335, 209242, 20940, 16625, 32787, 54113, 60068, 212238, 33438, 22616, 62044, 55256,
  // Colocation and VPS: Choopa, M247, Psychz, QuadraNet, ColoCrossing, GoDaddy, Rackspace, Equinix, Cogent, Hurricane Electric
  46606, 9009, 40676, 8100, 36352, 26496, 398101, 19994, 27357, 47541, 174, 6939, 210644, 35916, 397423,
]);

const MOBILE_ASNS = new Set([
  // Verizon Wireless, T-Mobile US, AT&T Mobility, Sprint; Vodafone, Telefónica/O2, EE, Three, Orange mobile, Telekom mobile
  22394, 6167, 21928, 20057, 7018, 10507, 12430, 3209, 6805, 12576, 206067, 60339, 25135, 35228, 51207, 13184,
]);

const ISP_ASNS = new Set([
  // US: Comcast, Charter, Cox, CenturyLink/Lumen, Frontier, Verizon FiOS, AT&T, Windstream, Optimum, Mediacom
  7922, 20115, 11427, 10796, 33363, 22773, 209, 3356, 5650, 701, 7018, 7029, 6128, 30036, 11351, 12271,
  // Europe: Deutsche Telekom, Vodafone DE, Telefónica DE, 1&1 Versatel, BT, Virgin Media, Sky, TalkTalk, Orange FR,
  // Free, SFR, Bouygues, Telecom Italia, Fastweb, Movistar, KPN, Ziggo, Proximus, Swisscom, A1, Telia, Telenor, Tele2
  3320, 3209, 6805, 8881, 2856, 5089, 5607, 13285, 3215, 12322, 15557, 5410, 3269, 12874, 3352, 1136, 33915, 5432, 3303, 8447, 3301, 2119, 1257,
  // Elsewhere: Rogers, Bell, Telus, Shaw, Telstra, Optus, NTT, KDDI, SoftBank, China Telecom, China Unicom, China Mobile,
  // Airtel, Jio, Vivo, Claro, Telmex
  812, 577, 852, 6327, 1221, 4804, 4713, 2516, 17676, 4134, 4837, 9808, 24560, 55836, 27699, 28573, 8151,
]);

const HOSTING_WORDS = /\b(hosting|host|cloud|server|servers|vps|datacent(er|re)|data cent(er|re)|colo(cation)?|cdn|dedicated|compute|web services|proxy|vpn)\b/i;
const MOBILE_WORDS = /\b(mobile|mobil|wireless|cellular|gsm|lte|5g|mobility)\b/i;
const ISP_WORDS = /\b(telecom|telekom|telecommunications?|telekomunikasi|telco|broadband|cable|isp|internet service|internet provider|dsl|fib(er|re)|net(work)?s? (provider|access)|communications?|telefonica|telephone|teleco|kabel|online services)\b/i;
const EDUCATION_WORDS = /\b(university|universit[äa]t|universidad|universit[ée]|college|school|academy|research network|edu(cation)?al network|nren)\b/i;

/** What an autonomous system is, from its number and its registered name. */
export function networkKindOf(asn: number, org: string): NetworkKind {
  if (HOSTING_ASNS.has(asn)) return 'hosting';
  if (MOBILE_ASNS.has(asn)) return 'mobile';
  if (ISP_ASNS.has(asn)) return 'isp';
  if (HOSTING_WORDS.test(org)) return 'hosting';
  if (MOBILE_WORDS.test(org)) return 'mobile';
  if (ISP_WORDS.test(org)) return 'isp';
  if (EDUCATION_WORDS.test(org)) return 'education';
  return 'business';
}

/** True for the kinds whose owner is not the visitor's company. */
export const isAnonymousKind = (kind: NetworkKind) => kind === 'isp' || kind === 'mobile' || kind === 'hosting' || kind === 'unknown';

/**
 * A reverse-DNS name that describes a subscriber line, a pool or a cloud instance rather than an organisation's
 * host: the address spelled out in it, or the words carriers use ("dyn", "pool", "dsl", "cust", "ec2-…").
 */
export function isGenericHostname(host: string, ip: string): boolean {
  const h = host.toLowerCase();
  const parts = ip.includes('.') ? ip.split('.') : [];
  if (parts.length === 4 && (h.includes(parts.join('-')) || h.includes(parts.join('.')) || h.includes([...parts].reverse().join('-')) || h.includes([...parts].reverse().join('.')))) return true;
  if (/(^|[.-])(dyn|dynamic|dhcp|pool|dsl|adsl|vdsl|cable|cust|customer|client|broadband|ppp|pppoe|dialup|dial|dialin|dip|static|ip|host|res|residential|mobile|wireless|user|subscriber|nat|cgnat|ec2|compute|vps|server|cloud)[0-9-]*([.-]|$)/.test(h)) return true;
  // The address spelled in hex ("p5b0d1234.dip0…").
  if (/(^|[.-])[a-z]{0,2}[0-9a-f]{8}([.-]|$)/.test(h)) return true;
  return /\d{1,3}[-.]\d{1,3}[-.]\d{1,3}[-.]\d{1,3}/.test(h);
}

/** The organisation's domain a host name belongs to ("gw1.nyc.acme.co.uk" → "acme.co.uk"), or null. */
export function registrableDomain(host: string): string | null {
  const d = getDomain(host.replace(/\.$/, '').toLowerCase(), { allowPrivateDomains: true });
  return d && d.includes('.') ? d : null;
}

/**
 * Networks' registered names are shouted and suffixed ("SIEMENS AG", "ACME-CORP-AS", "Northwind Traders, Inc."):
 * the name as a person would write it, for display. Registry handles ("ACME-AS") lose their AS suffix.
 */
export function companyNameFromOrg(org: string): string {
  let name = org.trim().replace(/[-_ ]AS\d*$/i, '').replace(/\s+/g, ' ');
  if (name === name.toUpperCase() && /[A-Z]{3,}/.test(name)) {
    name = name
      .toLowerCase()
      .replace(/(^|[\s\-/&(])([a-z])/g, (_m, sep: string, c: string) => sep + c.toUpperCase())
      .replace(/\b(Ag|Gmbh|Llc|Ltd|Inc|Plc|Sa|Nv|Bv|Spa|Ab|As|Oy|Kg|Se|Co)\b/g, (s) => (s.length <= 2 || s === 'Spa' ? s.toUpperCase() : s === 'Gmbh' ? 'GmbH' : s.toUpperCase()));
  }
  return name;
}

/** Legal-form words left out when company names are compared (the SQL twin: prospects.ts COMPANY_KEY_SQL). */
export const LEGAL_SUFFIX_WORDS = ['inc', 'incorporated', 'llc', 'ltd', 'limited', 'corp', 'corporation', 'co', 'company', 'gmbh', 'ag', 'se', 'plc', 'sa', 'nv', 'bv', 'spa', 'ab', 'oy', 'kg', 'pty', 'group', 'holding', 'holdings'];
const LEGAL_SUFFIXES = new RegExp(`\\b(${LEGAL_SUFFIX_WORDS.join('|')})\\b`, 'g');

/** A company name reduced for matching ("Northwind Traders, Inc." and "NORTHWIND TRADERS" match). */
export function comparableName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, ' ').replace(LEGAL_SUFFIXES, ' ').replace(/\s+/g, ' ').trim();
}
