import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';

/**
 * The offline IP look-ups behind company resolution: which network (autonomous system) an address belongs to, and in
 * which country it is registered. Both come from npm packages (no address ever leaves the server):
 * - @ip-location-db/asn: RouteViews + the five RIRs (via NRO) + DB-IP's IP-to-ASN Lite, CC BY 4.0 (attribution shown
 *   on /tracking, docs/decisions.md);
 * - @ip-location-db/geo-whois-asn-country: the registry's country of each range (CC0; NRO's statistics, CC BY 4.0).
 * Each is read once per process into sorted typed arrays (range starts, ends, a value index) and searched by bisection:
 * a look-up is a few dozen array reads, no allocation for IPv4.
 */

const require = createRequire(import.meta.url);

export type AsnInfo = { asn: number; org: string };

/** Inclusive ranges sorted by start; IPv6 by its upper 64 bits (no allocation smaller than a /64 exists). */
type Table = {
  v4Start: Uint32Array;
  v4End: Uint32Array;
  v4Value: Uint32Array;
  v6StartHi: Uint32Array;
  v6StartLo: Uint32Array;
  v6EndHi: Uint32Array;
  v6EndLo: Uint32Array;
  v6Value: Uint32Array;
};

/** The value column of a row (after start and end): quoted per RFC 4180 when it holds a comma. */
function valueOf(line: string, from: number): string {
  if (line.charCodeAt(from) !== 34) return line.slice(from);
  return line.slice(from + 1, line.endsWith('"') ? -1 : undefined).replace(/""/g, '"');
}

/** The eight 16-bit groups of an IPv6 address as text (no embedded IPv4: the data files never use it). */
function v6Groups(address: string): number[] | null {
  const [head, tail] = address.split('::') as [string, string | undefined];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  if (tail === undefined && h.length !== 8) return null;
  const groups = [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t].map((g) => parseInt(g || '0', 16));
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : null;
}

function ipv4ToInt(address: string): number {
  const p = address.split('.');
  return ((Number(p[0]) << 24) >>> 0) + (Number(p[1]) << 16) + (Number(p[2]) << 8) + Number(p[3]);
}

/** Lets the event loop breathe every so many lines: a load at start-up never holds a request for long. */
const CHUNK = 20_000;
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Reads one package's IPv4 (numeric) and IPv6 (text) files: start, end, then the value (for the ASN table "asn,org"). */
async function loadTable(v4File: string, v6File: string, intern: (value: string) => number): Promise<Table> {
  const v4Text = await fs.readFile(v4File, 'utf8');
  const v4Lines = v4Text.split('\n');
  const v4Start = new Uint32Array(v4Lines.length);
  const v4End = new Uint32Array(v4Lines.length);
  const v4Value = new Uint32Array(v4Lines.length);
  let n = 0;
  let seen = 0;
  for (const line of v4Lines) {
    if (++seen % CHUNK === 0) await breathe();
    const a = line.indexOf(',');
    const b = line.indexOf(',', a + 1);
    if (a < 0 || b < 0) continue;
    v4Start[n] = Number(line.slice(0, a));
    v4End[n] = Number(line.slice(a + 1, b));
    v4Value[n] = intern(line.slice(b + 1).replace(/\r$/, ''));
    n++;
  }
  const v6Text = await fs.readFile(v6File, 'utf8');
  const v6Lines = v6Text.split('\n');
  const t: Table = {
    v4Start: v4Start.subarray(0, n),
    v4End: v4End.subarray(0, n),
    v4Value: v4Value.subarray(0, n),
    v6StartHi: new Uint32Array(v6Lines.length),
    v6StartLo: new Uint32Array(v6Lines.length),
    v6EndHi: new Uint32Array(v6Lines.length),
    v6EndLo: new Uint32Array(v6Lines.length),
    v6Value: new Uint32Array(v6Lines.length),
  };
  let m = 0;
  for (const line of v6Lines) {
    if (++seen % CHUNK === 0) await breathe();
    const a = line.indexOf(',');
    const b = line.indexOf(',', a + 1);
    if (a < 0 || b < 0) continue;
    const s = v6Groups(line.slice(0, a));
    const e = v6Groups(line.slice(a + 1, b));
    if (!s || !e) continue;
    t.v6StartHi[m] = ((s[0]! << 16) | s[1]!) >>> 0;
    t.v6StartLo[m] = ((s[2]! << 16) | s[3]!) >>> 0;
    t.v6EndHi[m] = ((e[0]! << 16) | e[1]!) >>> 0;
    t.v6EndLo[m] = ((e[2]! << 16) | e[3]!) >>> 0;
    t.v6Value[m] = intern(line.slice(b + 1).replace(/\r$/, ''));
    m++;
  }
  t.v6StartHi = t.v6StartHi.subarray(0, m);
  t.v6StartLo = t.v6StartLo.subarray(0, m);
  t.v6EndHi = t.v6EndHi.subarray(0, m);
  t.v6EndLo = t.v6EndLo.subarray(0, m);
  t.v6Value = t.v6Value.subarray(0, m);
  return t;
}

/** The index of the last range starting at or before `ip` that also ends at or after it, else -1. */
function findV4(t: Table, ip: number): number {
  let lo = 0;
  let hi = t.v4Start.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (t.v4Start[mid]! <= ip) lo = mid + 1;
    else hi = mid - 1;
  }
  return hi >= 0 && t.v4End[hi]! >= ip ? hi : -1;
}

function findV6(t: Table, ipHi: number, ipLo: number): number {
  let lo = 0;
  let hi = t.v6StartHi.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const sh = t.v6StartHi[mid]!;
    if (sh < ipHi || (sh === ipHi && t.v6StartLo[mid]! <= ipLo)) lo = mid + 1;
    else hi = mid - 1;
  }
  if (hi < 0) return -1;
  const eh = t.v6EndHi[hi]!;
  return eh > ipHi || (eh === ipHi && t.v6EndLo[hi]! >= ipLo) ? hi : -1;
}

export type IpDatabase = {
  /** The network an address is announced from, or null (private, loopback, unannounced). */
  asn(ip: string): AsnInfo | null;
  /** The ISO country the range is registered in, or null. */
  country(ip: string): string | null;
  /** Ranges loaded (IPv4 + IPv6) per table, for the bench and the logs. */
  size: { asn: number; country: number };
};

function makeLookup(t: Table, values: string[]) {
  return (ip: string): string | null => {
    const family = net.isIP(ip);
    if (family === 4) {
      const i = findV4(t, ipv4ToInt(ip));
      return i < 0 ? null : values[t.v4Value[i]!]!;
    }
    if (family === 6) {
      if (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip)) {
        const i = findV4(t, ipv4ToInt(ip.slice(7)));
        return i < 0 ? null : values[t.v4Value[i]!]!;
      }
      const g = v6Groups(ip.toLowerCase().replace(/%.*$/, ''));
      if (!g) return null;
      const i = findV6(t, ((g[0]! << 16) | g[1]!) >>> 0, ((g[2]! << 16) | g[3]!) >>> 0);
      return i < 0 ? null : values[t.v6Value[i]!]!;
    }
    return null;
  };
}

function interner() {
  const values: string[] = [];
  const index = new Map<string, number>();
  const intern = (v: string) => {
    let i = index.get(v);
    if (i === undefined) {
      i = values.length;
      values.push(v);
      index.set(v, i);
    }
    return i;
  };
  return { values, intern };
}

async function load(): Promise<IpDatabase> {
  const asnValues = interner();
  const asnTable = await loadTable(
    require.resolve('@ip-location-db/asn/asn-ipv4-num.csv'),
    require.resolve('@ip-location-db/asn/asn-ipv6.csv'),
    asnValues.intern,
  );
  const countryValues = interner();
  const countryTable = await loadTable(
    require.resolve('@ip-location-db/geo-whois-asn-country/geo-whois-asn-country-ipv4-num.csv'),
    require.resolve('@ip-location-db/geo-whois-asn-country/geo-whois-asn-country-ipv6.csv'),
    countryValues.intern,
  );
  // "13335,\"Cloudflare, Inc.\"" → { asn: 13335, org: 'Cloudflare, Inc.' }, parsed once per distinct value.
  const asnInfos: AsnInfo[] = asnValues.values.map((v) => {
    const comma = v.indexOf(',');
    return { asn: Number(v.slice(0, comma)), org: valueOf(v, comma + 1) };
  });
  const asnLookup = makeLookup(asnTable, asnValues.values);
  const asnIndex = new Map(asnValues.values.map((v, i) => [v, asnInfos[i]!]));
  const countryLookup = makeLookup(countryTable, countryValues.values);
  return {
    asn: (ip) => {
      const v = asnLookup(ip);
      return v === null ? null : asnIndex.get(v)!;
    },
    country: (ip) => countryLookup(ip),
    size: { asn: asnTable.v4Start.length + asnTable.v6StartHi.length, country: countryTable.v4Start.length + countryTable.v6StartHi.length },
  };
}

let loading: Promise<IpDatabase> | null = null;

/** The database, read on first use and kept for the life of the process (about 0.1 GB of typed arrays and strings less). */
export function ipDatabase(): Promise<IpDatabase> {
  loading ??= load().catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}
