import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockedLiteralHost, blockedReason, guardedFetch, GuardedFetchError, parseAllowHosts, resolveGuardedHost } from './guarded-fetch';

/** A local server whose routes the tests choose; reachable only through the allow-list. */
let server: http.Server;
let port = 0;
let hits = 0;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits++;
    const url = new URL(req.url ?? '/', 'http://x');
    const to = url.searchParams.get('to');
    if (url.pathname === '/redirect' && to) {
      res.writeHead(Number(url.searchParams.get('status') ?? 302), { location: to });
      res.end();
    } else if (url.pathname === '/loop') {
      res.writeHead(302, { location: '/loop' });
      res.end();
    } else if (url.pathname === '/slow') {
      setTimeout(() => res.end('late'), 2000);
    } else if (url.pathname === '/big') {
      res.end('x'.repeat(64 * 1024));
    } else if (url.pathname === '/echo') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.end(JSON.stringify({ method: req.method, body, auth: req.headers.authorization ?? null }));
      });
    } else {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end('<title>Café</title>');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const allow = () => ({ allowHosts: [`127.0.0.1:${port}`] });
const base = () => `http://127.0.0.1:${port}`;

async function refusal(p: Promise<unknown>): Promise<GuardedFetchError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(GuardedFetchError);
  return err as GuardedFetchError;
}

describe('blockedReason: every address form', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '169.254.0.1',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.0.192',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b:1::a9fe:a9fe',
    '64:ff9b:1:ffff::7f00:1',
    '2002:7f00:1::1',
    '2002:c0a8:0101::',
    '2001:0:4136:e378:8000:63bf:80ff:fffe',
  ])('%s is refused', (address) => {
    expect(blockedReason(address)).not.toBeNull();
  });

  it.each(['8.8.8.8', '93.184.216.34', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '2002:0808:0808::1'])('%s is public', (address) => {
    expect(blockedReason(address)).toBeNull();
  });
});

describe('blockedLiteralHost: the check before saving an address', () => {
  it('names the host of a blocked IP literal or metadata name, lets public literals and names through', () => {
    expect(blockedLiteralHost('http://10.0.0.1/x')).toBe('10.0.0.1');
    expect(blockedLiteralHost('http://0x7f.1/x')).toBe('127.0.0.1');
    expect(blockedLiteralHost('http://[fd00:ec2::254]/')).toBe('fd00:ec2::254');
    expect(blockedLiteralHost('http://[64:ff9b::a00:1]/')).toBe('64:ff9b::a00:1');
    expect(blockedLiteralHost('http://metadata.google.internal./x')).toBe('metadata.google.internal.');
    expect(blockedLiteralHost('https://93.184.216.34/x')).toBeNull();
    expect(blockedLiteralHost('https://hooks.slack.com/services/x')).toBeNull();
    expect(blockedLiteralHost('http://localhost/x')).toBeNull();
    expect(blockedLiteralHost('not a url')).toBeNull();
  });

  it('honours the test allowance like guardedFetch', () => {
    expect(blockedLiteralHost('http://127.0.0.1:3199/x', { allowHosts: ['127.0.0.1:3199'] })).toBeNull();
    expect(blockedLiteralHost('http://127.0.0.1:3200/x', { allowHosts: ['127.0.0.1:3199'] })).toBe('127.0.0.1');
  });
});

describe('guardedFetch refuses before connecting', () => {
  it.each([
    ['decimal', 'http://2130706433/'],
    ['hex', 'http://0x7f000001/'],
    ['octal', 'http://0177.0.0.1/'],
    ['short', 'http://127.1/'],
    ['mixed hex dotted', 'http://0x7f.0.0.1/'],
    ['metadata IPv4', 'http://169.254.169.254/latest/meta-data/'],
    ['metadata decimal', 'http://2852039166/'],
    ['IPv6 loopback', 'http://[::1]/'],
    ['IPv4-mapped IPv6', 'http://[::ffff:127.0.0.1]/'],
    ['IPv4-mapped IPv6, hex', 'http://[::ffff:a9fe:a9fe]/'],
    ['IPv6 link-local', 'http://[fe80::1]/'],
    ['private 10/8', 'http://10.0.0.1/'],
    ['private 192.168', 'https://192.168.0.1/'],
    ['zero', 'http://0/'],
  ])('%s (%s)', async (_label, url) => {
    const before = hits;
    const err = await refusal(guardedFetch(url));
    expect(err.code).toBe('blocked_address');
    expect(err.message).toMatch(/^Blocked: \S+ is not an allowed address/);
    expect(hits).toBe(before);
  });

  it('refuses a name that resolves to loopback (checked at connection time)', async () => {
    const err = await refusal(guardedFetch(`http://localhost:${port}/`));
    expect(err.code).toBe('blocked_address');
    // It names the host as written, never the address it resolved to.
    expect(err.message).toBe(`Blocked: localhost:${port} is not an allowed address (private, loopback and reserved networks cannot be reached)`);
    expect(err.message).not.toMatch(/127\.0\.0\.1|::1|resolve/);
  });

  it('refuses cloud metadata names, other schemes and credentials', async () => {
    expect((await refusal(guardedFetch('http://metadata.google.internal/computeMetadata/v1/'))).code).toBe('blocked_address');
    expect((await refusal(guardedFetch('file:///etc/passwd'))).code).toBe('bad_url');
    expect((await refusal(guardedFetch('gopher://example.com/'))).code).toBe('bad_url');
    expect((await refusal(guardedFetch('http://user:pw@example.com/'))).code).toBe('bad_url');
    expect((await refusal(guardedFetch('not a url'))).code).toBe('bad_url');
  });

  it('refuses the loopback test server unless the allow-list names it', async () => {
    expect((await refusal(guardedFetch(`${base()}/`))).code).toBe('blocked_address');
    // Another port on the same host is not allowed by a host:port entry.
    expect((await refusal(guardedFetch(`http://127.0.0.1:${port + 1}/`, {}, allow()))).code).toBe('blocked_address');
  });
});

describe('guardedFetch through the allow-list', () => {
  it('reads an allowed host, decoding the charset', async () => {
    const res = await guardedFetch(`${base()}/`, {}, allow());
    expect(res.status).toBe(200);
    expect(res.text()).toBe('<title>Café</title>');
  });

  it('posts a body with headers', async () => {
    const res = await guardedFetch(`${base()}/echo`, { method: 'POST', body: '{"text":"hi"}', headers: { 'content-type': 'application/json' } }, allow());
    expect(JSON.parse(res.text())).toEqual({ method: 'POST', body: '{"text":"hi"}', auth: null });
  });

  it('checks every redirect: to metadata, to a private address, to an encoded loopback', async () => {
    for (const to of ['http://169.254.169.254/latest/meta-data/', 'http://10.0.0.1/', 'http://2130706433/', 'http://[::ffff:7f00:1]/']) {
      const err = await refusal(guardedFetch(`${base()}/redirect?to=${encodeURIComponent(to)}`, {}, allow()));
      expect(err.code, to).toBe('blocked_address');
    }
  });

  it('follows allowed redirects; 303 turns a POST into a GET', async () => {
    const res = await guardedFetch(`${base()}/redirect?status=303&to=/echo`, { method: 'POST', body: 'x' }, allow());
    expect(JSON.parse(res.text())).toMatchObject({ method: 'GET', body: '' });
    expect(res.url).toBe(`${base()}/echo`);
  });

  it('limits redirects, time and size', async () => {
    expect((await refusal(guardedFetch(`${base()}/loop`, { maxRedirects: 3 }, allow()))).code).toBe('too_many_redirects');
    const slow = await refusal(guardedFetch(`${base()}/slow`, { timeoutMs: 200 }, allow()));
    expect(slow.code).toBe('timeout');
    const big = await refusal(guardedFetch(`${base()}/big`, { maxBytes: 1024 }, allow()));
    expect(big.code).toBe('too_large');
  });

  it('reports a refused connection as a network error', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const p = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const err = await refusal(guardedFetch(`http://127.0.0.1:${p}/`, {}, { allowHosts: [`127.0.0.1:${p}`] }));
    expect(err.code).toBe('network');
  });
});

describe('GUARDED_FETCH_ALLOW_HOSTS', () => {
  it('accepts loopback hosts only', () => {
    expect(parseAllowHosts('127.0.0.1:3199, localhost ,[::1]:80')).toEqual(['127.0.0.1:3199', 'localhost', '[::1]:80']);
    expect(parseAllowHosts(undefined)).toEqual([]);
    expect(() => parseAllowHosts('example.com')).toThrow(/not a loopback host/);
    expect(() => parseAllowHosts('10.0.0.1:80')).toThrow(/not a loopback host/);
    expect(() => parseAllowHosts('169.254.169.254')).toThrow(/not a loopback host/);
  });
});

describe('resolveGuardedHost (mail servers and other non-HTTP connections)', () => {
  it.each(['10.0.0.1', '127.0.0.1', '::1', '::ffff:192.168.1.1', '169.254.169.254', 'metadata.google.internal', 'localhost'])('refuses %s', async (host) => {
    await expect(resolveGuardedHost(host, 587)).rejects.toMatchObject({ code: 'blocked_address' });
  });

  it('names the host as typed in the refusal, never what it resolved to', async () => {
    await expect(resolveGuardedHost('localhost', 587)).rejects.toThrow('Blocked: localhost:587 is not an allowed address');
  });

  it('lets a listed loopback host through, by name or with its port', async () => {
    await expect(resolveGuardedHost('127.0.0.1', 2525, { allowHosts: ['127.0.0.1:2525'] })).resolves.toEqual({ address: '127.0.0.1', family: 4 });
    await expect(resolveGuardedHost('127.0.0.1', 2526, { allowHosts: ['127.0.0.1:2525'] })).rejects.toMatchObject({ code: 'blocked_address' });
    await expect(resolveGuardedHost('localhost', 143, { allowHosts: ['localhost'] })).resolves.toMatchObject({ family: expect.any(Number) });
  });

  it('passes a public address literal without resolving it', async () => {
    await expect(resolveGuardedHost('8.8.8.8', 465)).resolves.toEqual({ address: '8.8.8.8', family: 4 });
  });
});
