import { AxiosHeaders, isAxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { API_PREFIX } from '@shared/constants';
import { api } from '@web/lib/api';

/**
 * The browser's fetch in the web tests, answered by whatever adapter the test put on the API client
 * (fake-adapter.ts): the public GETs the light pages make with fetch (lib/public-fetch.ts) meet the
 * same fake server as the client's calls. The handler sees the path the client would have used
 * ('/api/headers', '/auth/providers'); no adapter function means no network (the fetch rejects).
 */
export const fetchThroughApiAdapter: typeof fetch = async (input, init) => {
  const adapter = api.http.defaults.adapter;
  if (typeof adapter !== 'function') throw new TypeError('Failed to fetch: no fake adapter in this test');
  const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const url = new URL(raw, 'http://localhost');
  const path = url.pathname.startsWith(`${API_PREFIX}/`) ? url.pathname.slice(API_PREFIX.length) : url.pathname;
  const config = {
    url: `${path}${url.search}`,
    method: (init?.method ?? 'GET').toLowerCase(),
    headers: new AxiosHeaders(),
  } as InternalAxiosRequestConfig;
  const json = (data: unknown, status: number) => new Response(JSON.stringify(data ?? {}), { status, headers: { 'content-type': 'application/json' } });
  try {
    const response = await (adapter as AxiosAdapter)(config);
    return json(response.data, response.status);
  } catch (error) {
    if (isAxiosError(error) && error.response) return json(error.response.data, error.response.status);
    throw new TypeError('Failed to fetch', { cause: error });
  }
};
