import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { LookupFunction } from 'node:net';

/**
 * THE way the server requests an address a user gave (company sites, webhooks, any later
 * user-supplied URL). It refuses private, loopback, link-local, shared, reserved and cloud-metadata
 * addresses, for IPv4, IPv6 and IPv4 inside IPv6 (mapped, NAT64, 6to4, Teredo), whatever the
 * spelling (the WHATWG URL parser turns decimal, octal, hex and short IPv4 forms into dotted quads).
 * Names are resolved by us and the connection is made to the address we checked (the `lookup` hook),
 * so a name that answers differently the second time (DNS rebinding) gains nothing. Every redirect is
 * checked the same way; redirects, time and body size are limited.
 */

export type GuardedFetchErrorCode = 'bad_url' | 'blocked_address' | 'timeout' | 'too_large' | 'too_many_redirects' | 'network';

export class GuardedFetchError extends Error {
  constructor(
    readonly code: GuardedFetchErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'GuardedFetchError';
  }
}

export type GuardedFetchInit = {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** For the whole exchange, redirects included. */
  timeoutMs?: number;
  /** Largest body read; more is an error, not a truncation. */
  maxBytes?: number;
  maxRedirects?: number;
};

export type GuardedFetchOptions = {
  /**
   * Loopback hosts ("127.0.0.1:3199", "localhost") let through for tests (GUARDED_FETCH_ALLOW_HOSTS).
   * Production never sets it; only loopback entries are accepted (config.ts).
   */
  allowHosts?: readonly string[];
};

export type GuardedResponse = {
  status: number;
  /** The final URL, after redirects. */
  url: string;
  headers: Headers;
  body: Buffer;
  text(): string;
};

export const GUARDED_FETCH_DEFAULTS = { timeoutMs: 8000, maxBytes: 1024 * 1024, maxRedirects: 5 } as const;
const USER_AGENT = 'Mozilla/5.0 (compatible; OutreachBot/1.0; +https://pipelane.io/bot)';

const blocked = new net.BlockList();
const V4_BLOCKED: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (shared)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments (includes 192.0.0.192 Oracle metadata)
  ['192.0.2.0', 24], // TEST-NET-1
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // TEST-NET-2
  ['203.0.113.0', 24], // TEST-NET-3
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
for (const [address, prefix] of V4_BLOCKED) blocked.addSubnet(address, prefix, 'ipv4');
const V6_BLOCKED: Array<[string, number]> = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215): may translate to private IPv4, not globally reachable
  ['100::', 64], // discard-only
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (includes AWS metadata fd00:ec2::254)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];
for (const [address, prefix] of V6_BLOCKED) blocked.addSubnet(address, prefix, 'ipv6');

const METADATA_NAMES = new Set(['metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal']);

/** The 32 bits of an IPv6 address's groups g and g+1 as a dotted quad. */
function v4From(groups: number[], g: number): string {
  const hi = groups[g]!;
  const lo = groups[g + 1]!;
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** The eight 16-bit groups of an IPv6 address (which may end in a dotted quad). */
function v6Groups(address: string): number[] {
  let a = address.toLowerCase().replace(/%.*$/, '');
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (quad) {
    const p = quad[1]!.split('.').map(Number);
    a = a.slice(0, -quad[1]!.length) + `${((p[0]! << 8) | p[1]!).toString(16)}:${((p[2]! << 8) | p[3]!).toString(16)}`;
  }
  const [head, tail] = a.split('::') as [string, string | undefined];
  const h = head ? head.split(':') : [];
  const t = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array<string>(8 - h.length - t.length).fill('0');
  return [...h, ...fill, ...t].map((x) => parseInt(x || '0', 16));
}

/** Why an IP address may not be requested, or null when it is a public address. */
export function blockedReason(address: string): string | null {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4') ? `${address} is a private, loopback, link-local or reserved address` : null;
  if (family !== 6) return `${address} is not an IP address`;
  if (blocked.check(address, 'ipv6')) return `${address} is a private, loopback, link-local or reserved address`;
  const g = v6Groups(address);
  // IPv4 carried inside IPv6: mapped (::ffff:a.b.c.d), compatible (::a.b.c.d), NAT64 (64:ff9b::/96),
  // 6to4 (2002:AABB:CCDD::/16) and Teredo (2001:0::/32, the client address inverted).
  let embedded: string | null = null;
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0)) embedded = v4From(g, 6);
  else if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) embedded = v4From(g, 6);
  else if (g[0] === 0x2002) embedded = v4From(g, 1);
  else if (g[0] === 0x2001 && g[1] === 0) embedded = v4From([g[6]! ^ 0xffff, g[7]! ^ 0xffff], 0);
  if (embedded && blocked.check(embedded, 'ipv4')) return `${address} carries the blocked IPv4 address ${embedded}`;
  return null;
}

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '').toLowerCase();

function isAllowed(url: URL, allowHosts: readonly string[] | undefined): boolean {
  if (!allowHosts?.length) return false;
  const host = bare(url.hostname);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return allowHosts.some((entry) => {
    const e = entry.toLowerCase();
    return e === host || e === `${host}:${port}` || e === `[${host}]:${port}`;
  });
}

/**
 * For checks before anything is sent (e.g. saving a webhook rule): when the URL's host is an IP literal
 * in a blocked range, or a cloud-metadata name, that host (as written in the URL); else null. Names are
 * not resolved here: what they resolve to is checked when the request is made. Hosts in `allowHosts`
 * (tests) pass, as they do in guardedFetch.
 */
export function blockedLiteralHost(raw: string | URL, options: GuardedFetchOptions = {}): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (isAllowed(url, options.allowHosts)) return null;
  const host = bare(url.hostname);
  if (METADATA_NAMES.has(host.replace(/\.$/, ''))) return host;
  if (net.isIP(host) && blockedReason(host)) return host;
  return null;
}

/**
 * The one refusal text for a blocked destination: it names the host as the client wrote it and never
 * what a name resolved to, so the refusal cannot be used to map the server's network.
 */
const notAllowed = (url: URL) => `Blocked: ${url.host} is not an allowed address (private, loopback and reserved networks cannot be reached)`;

function checkUrl(raw: string | URL, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new GuardedFetchError('bad_url', `"${String(raw).slice(0, 200)}" is not a valid address`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new GuardedFetchError('bad_url', 'Only http and https addresses can be requested');
  if (url.username || url.password) throw new GuardedFetchError('bad_url', 'Addresses with a user name or password are not accepted');
  const host = bare(url.hostname);
  if (!host) throw new GuardedFetchError('bad_url', 'The address has no host');
  if (METADATA_NAMES.has(host.replace(/\.$/, ''))) throw new GuardedFetchError('blocked_address', notAllowed(url));
  return url;
}

/** Resolves a name and checks every address; the connection then goes to the first one. */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { all: true, family: options.family ?? 0 }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as dns.LookupAddress[];
    for (const a of list) {
      const reason = blockedReason(a.address);
      if (reason) {
        // The reason names the resolved address: it stays here, never in the refusal a client reads.
        return callback(Object.assign(new Error(reason), { code: 'EGUARDED' }), '', 0);
      }
    }
    if (!list.length) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
    if (options.all) (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    else callback(null, list[0]!.address, list[0]!.family);
  });
};

/**
 * The same guard for connections that are not HTTP (SMTP and IMAP to a mail server a user named): the
 * host is resolved here and every address checked; the caller connects to the returned address (and
 * passes the name for TLS), so a name that answers differently the second time gains nothing.
 * Hosts in `allowHosts` (tests) resolve without the check, as in guardedFetch.
 */
export async function resolveGuardedHost(host: string, port: number, options: GuardedFetchOptions = {}): Promise<{ address: string; family: number }> {
  const name = bare(host);
  const shown = net.isIP(name) === 6 ? `[${name}]:${port}` : `${name}:${port}`;
  const refusal = () => new GuardedFetchError('blocked_address', `Blocked: ${shown} is not an allowed address (private, loopback and reserved networks cannot be reached)`);
  let url: URL;
  try {
    url = new URL(`tcp://${shown}`);
  } catch {
    throw new GuardedFetchError('bad_url', `"${host.slice(0, 200)}" is not a valid host`);
  }
  const allowed = isAllowed(url, options.allowHosts);
  if (!allowed && METADATA_NAMES.has(name.replace(/\.$/, ''))) throw refusal();
  if (net.isIP(name)) {
    if (!allowed && blockedReason(name)) throw refusal();
    return { address: name, family: net.isIP(name) };
  }
  return new Promise((resolve, reject) => {
    const done = (err: NodeJS.ErrnoException | null, address: string, family: number) => {
      if (!err) return resolve({ address, family });
      if (err.code === 'EGUARDED') return reject(refusal());
      reject(new GuardedFetchError('network', err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN' || err.code === 'ENODATA' ? `${name} was not found` : `${name} could not be resolved`));
    };
    if (allowed) dns.lookup(name, { family: 0 }, (err, address, family) => done(err, address, family));
    else guardedLookup(name, { family: 0 }, (err, address, family) => done(err, address as string, family ?? 4));
  });
}

type Hop = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

function request(url: URL, init: Required<Pick<GuardedFetchInit, 'method' | 'maxBytes'>> & GuardedFetchInit, allowed: boolean, signal: AbortSignal): Promise<Hop> {
  return new Promise((resolve, reject) => {
    const lib = url.protocol === 'https:' ? https : http;
    const headers: Record<string, string> = { 'user-agent': USER_AGENT, 'accept-encoding': 'identity', ...init.headers };
    if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
    const req = lib.request(
      url,
      {
        method: init.method,
        headers,
        signal,
        // Allowed test hosts skip the address check; everyone else connects to a checked address.
        ...(allowed ? {} : { lookup: guardedLookup }),
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > init.maxBytes) {
            res.destroy();
            reject(new GuardedFetchError('too_large', `The answer is larger than ${Math.round(init.maxBytes / 1024)} KB`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}

function toHeaders(h: http.IncomingHttpHeaders): Headers {
  const out = new Headers();
  for (const [k, v] of Object.entries(h)) {
    if (v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v]) out.append(k, one);
  }
  return out;
}

function charsetOf(headers: Headers): BufferEncoding {
  const m = /charset=["']?([\w-]+)/i.exec(headers.get('content-type') ?? '');
  const c = m?.[1]?.toLowerCase();
  return c === 'iso-8859-1' || c === 'latin1' || c === 'windows-1252' ? 'latin1' : 'utf8';
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export async function guardedFetch(input: string | URL, init: GuardedFetchInit = {}, options: GuardedFetchOptions = {}): Promise<GuardedResponse> {
  const timeoutMs = init.timeoutMs ?? GUARDED_FETCH_DEFAULTS.timeoutMs;
  const maxBytes = init.maxBytes ?? GUARDED_FETCH_DEFAULTS.maxBytes;
  const maxRedirects = init.maxRedirects ?? GUARDED_FETCH_DEFAULTS.maxRedirects;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let url = checkUrl(input);
  let method = (init.method ?? 'GET').toUpperCase();
  let body = init.body;
  let headers = { ...init.headers };
  try {
    for (let hop = 0; ; hop++) {
      const allowed = isAllowed(url, options.allowHosts);
      if (!allowed && net.isIP(bare(url.hostname))) {
        const reason = blockedReason(bare(url.hostname));
        if (reason) throw new GuardedFetchError('blocked_address', notAllowed(url));
      }
      let res: Hop;
      try {
        res = await request(url, { ...init, method, body, headers, maxBytes }, allowed, controller.signal);
      } catch (err) {
        if (err instanceof GuardedFetchError) throw err;
        if (controller.signal.aborted) throw new GuardedFetchError('timeout', `No answer within ${Math.round(timeoutMs / 1000)} s`);
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'EGUARDED') throw new GuardedFetchError('blocked_address', notAllowed(url));
        // Never the socket's own message: it names the address a name resolved to (e.g. "connect ETIMEDOUT 10.0.0.5:80").
        const why = code === 'ENOTFOUND' || code === 'EAI_AGAIN' ? `${url.hostname} was not found` : code === 'ECONNREFUSED' ? `${url.host} refused the connection` : `Could not connect to ${url.host}`;
        throw new GuardedFetchError('network', why);
      }
      const location = res.headers.location;
      if (REDIRECTS.has(res.status) && location) {
        if (hop >= maxRedirects) throw new GuardedFetchError('too_many_redirects', `More than ${maxRedirects} redirects`);
        const next = checkUrl(location, url);
        if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
        }
        // Credentials never follow to another origin.
        if (next.origin !== url.origin) headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !/^(authorization|cookie)$/i.test(k)));
        url = next;
        continue;
      }
      const h = toHeaders(res.headers);
      const buf = res.body;
      const finalUrl = url.toString();
      return { status: res.status, url: finalUrl, headers: h, body: buf, text: () => buf.toString(charsetOf(h)) };
    }
  } finally {
    clearTimeout(timer);
  }
}

/** GUARDED_FETCH_ALLOW_HOSTS: comma-separated loopback hosts (optionally :port) tests may reach. */
export function parseAllowHosts(raw: string | undefined): string[] {
  const out: string[] = [];
  for (const item of (raw ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean)) {
    const m = /^(\[[^\]]+\]|[^:]+)(?::(\d{1,5}))?$/.exec(item);
    const host = m ? bare(m[1]!) : '';
    const loopback = host === 'localhost' || host.endsWith('.localhost') || (net.isIP(host) !== 0 && (host === '::1' || host.startsWith('127.')));
    if (!m || !loopback) throw new Error(`GUARDED_FETCH_ALLOW_HOSTS: "${item}" is not a loopback host (only 127.x.x.x, ::1 and localhost may be allowed, for tests)`);
    out.push(item);
  }
  return out;
}
