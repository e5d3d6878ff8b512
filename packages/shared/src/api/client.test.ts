import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthHeaders } from '../schemas/auth';
import { createApiClient, type HeaderStore } from './client';
import { createApi } from './index';

/** A real HTTP server on loopback: the client rules are tested over the wire, not against a mock of axios. */
let server: http.Server;
let origin = '';
const seen: http.IncomingHttpHeaders[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(req.headers);
    if (req.url?.endsWith('/unauthorized')) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"errors":["You need to sign in"]}');
    } else if (req.url?.endsWith('/broken')) {
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"errors":["Internal server error"]}');
    } else if (req.url?.endsWith('/rotate')) {
      res
        .writeHead(200, { 'content-type': 'application/json', 'access-token': 'new-token', client: 'c2', expiry: '999', uid: 'a@b.c' })
        .end('{"ok":true}');
    } else if (req.url === '/api/headers') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"holder_id":6,"holder_uid":"x","holder_name":"X"}');
    } else {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  seen.length = 0;
});

const full: AuthHeaders = { 'access-token': 'tok', client: 'cli', expiry: '123', uid: 'u@x.io' };

/** Both kinds of store the product uses: synchronous (cookie-like) and asynchronous (extension storage). */
function syncStore(initial: Partial<AuthHeaders> | null) {
  let value = initial;
  return { get: () => value, set: (h: AuthHeaders) => void (value = h), clear: () => void (value = null), peek: () => value };
}
function asyncStore(initial: Partial<AuthHeaders> | null) {
  let value = initial;
  return {
    get: async () => value,
    set: async (h: AuthHeaders) => void (value = h),
    clear: async () => void (value = null),
    peek: () => value,
  };
}

describe.each([
  ['synchronous store', syncStore],
  ['asynchronous store', asyncStore],
])('API client with a %s', (_name, makeStore) => {
  const setup = (initial: Partial<AuthHeaders> | null) => {
    const store = makeStore(initial);
    const onUnauthorized = vi.fn();
    const logger = { error: vi.fn(), warn: vi.fn() };
    const client = createApiClient({ baseUrl: origin, headerStore: store as HeaderStore, onUnauthorized, logger });
    return { store, onUnauthorized, logger, client };
  };

  it('sends the four auth headers under the API prefix', async () => {
    const { client } = setup(full);
    await client.get('/user_info');
    expect(seen[0]).toMatchObject({ 'access-token': 'tok', client: 'cli', expiry: '123', uid: 'u@x.io' });
  });

  it('logs "Some headers are missing" and sends none when one is missing', async () => {
    const { client, logger } = setup({ 'access-token': 'tok', client: 'cli', uid: 'u@x.io' });
    await client.get('/user_info');
    expect(logger.warn).toHaveBeenCalledWith('Some headers are missing');
    expect(seen[0]?.['access-token']).toBeUndefined();
    expect(seen[0]?.uid).toBeUndefined();
  });

  it('clears the stored headers and calls the unauthorized handler on 401, and rejects', async () => {
    const { client, store, onUnauthorized, logger } = setup(full);
    await expect(client.get('/unauthorized')).rejects.toMatchObject({ response: { status: 401 } });
    expect(store.peek()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    // A 4xx is an answer the UI shows (a wrong password, a bad field): a warning, not an error.
    expect(logger.warn).toHaveBeenCalledWith(expect.stringMatching(/^API request answered: GET \/unauthorized → 401$/));
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('logs a server failure as an error', async () => {
    const { client, logger } = setup(full);
    await expect(client.get('/broken')).rejects.toMatchObject({ response: { status: 500 } });
    expect(logger.error).toHaveBeenCalledWith('API request failed: GET /broken → 500');
  });

  it('stores new auth headers carried by a response', async () => {
    const { client, store } = setup(full);
    await client.get('/rotate');
    expect(store.peek()).toEqual({ 'access-token': 'new-token', client: 'c2', expiry: '999', uid: 'a@b.c' });
  });

  it('sends no auth headers on a skipAuth call and reaches /api/headers outside the prefix', async () => {
    const { client } = setup(full);
    const api = createApi(client);
    await expect(api.brand.holderHeaders()).resolves.toMatchObject({ holder_id: 6 });
    expect(seen[0]?.['access-token']).toBeUndefined();
  });

  it('has no timeout', () => {
    expect(setup(full).client.defaults.timeout).toBe(0);
  });
});
