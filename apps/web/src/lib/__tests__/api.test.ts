import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_COOKIE_NAME } from '@shared/constants';
import { ERROR_MESSAGES } from '@shared/errors';
import { fakeAdapter } from '@web/testing/fake-adapter';
import { createWebApiClient } from '../api';
import { readAuthCookie } from '../auth-cookie';
import { useAuthStore } from '@web/stores/auth';

const headers = { 'access-token': 'tok', client: 'cli', expiry: '1999999999', uid: 'a@example.com' };

function setCookie(value: unknown) {
  Cookies.set(AUTH_COOKIE_NAME, JSON.stringify(value), { path: '/' });
}

afterEach(() => vi.restoreAllMocks());

describe('web API client with the cookie header store', () => {
  it('sends all four auth headers from the cookie', async () => {
    setCookie(headers);
    const http = createWebApiClient(() => {});
    const adapter = fakeAdapter(() => ({ status: 200, data: { data: {} } }));
    http.defaults.adapter = adapter;
    await http.get('/user_info');
    const sent = adapter.calls[0]!.headers;
    expect(sent.get('access-token')).toBe('tok');
    expect(sent.get('client')).toBe('cli');
    expect(sent.get('expiry')).toBe('1999999999');
    expect(sent.get('uid')).toBe('a@example.com');
  });

  it("logs 'Some headers are missing' and sends none when one header is missing", async () => {
    const { uid: _uid, ...threeOfFour } = headers;
    setCookie(threeOfFour);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const http = createWebApiClient(() => {});
    const adapter = fakeAdapter(() => ({ status: 200 }));
    http.defaults.adapter = adapter;
    await http.get('/user_info');
    expect(warn).toHaveBeenCalledWith(ERROR_MESSAGES.missingHeaders);
    const sent = adapter.calls[0]!.headers;
    for (const name of ['access-token', 'client', 'expiry', 'uid']) expect(sent.has(name)).toBe(false);
  });

  it('clears the cookie and calls the handler on a 401', async () => {
    setCookie(headers);
    useAuthStore.getState().sync();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onUnauthorized = vi.fn();
    const http = createWebApiClient(onUnauthorized);
    http.defaults.adapter = fakeAdapter(() => ({ status: 401, data: { errors: ['Invalid login credentials'] } }));
    await expect(http.get('/user_info')).rejects.toMatchObject({ response: { status: 401 } });
    expect(Cookies.get(AUTH_COOKIE_NAME)).toBeUndefined();
    expect(useAuthStore.getState().headers).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('stores new auth headers from a response in the cookie', async () => {
    setCookie(headers);
    const http = createWebApiClient(() => {});
    const rotated = { ...headers, 'access-token': 'tok2', expiry: '2000000000' };
    http.defaults.adapter = fakeAdapter(() => ({ status: 200, data: { data: {} }, headers: rotated }));
    await http.get('/user_info');
    expect(readAuthCookie()).toEqual(rotated);
    expect(useAuthStore.getState().headers).toEqual(rotated);
  });

  it('keeps the cookie when a response carries only some auth headers', async () => {
    setCookie(headers);
    const http = createWebApiClient(() => {});
    http.defaults.adapter = fakeAdapter(() => ({ status: 200, headers: { 'access-token': 'partial' } }));
    await http.get('/user_info');
    expect(readAuthCookie()).toEqual(headers);
  });

  it('logs and rejects a failed request to the caller', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const http = createWebApiClient(() => {});
    http.defaults.adapter = fakeAdapter(() => ({ status: 500, data: { errors: ['Boom'] } }));
    await expect(http.get('/user_info')).rejects.toMatchObject({ response: { status: 500 } });
    expect(error).toHaveBeenCalled();
  });
});
