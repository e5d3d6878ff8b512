import axios, { AxiosHeaders, type AxiosError, type AxiosInstance, type AxiosResponse } from 'axios';
import { API_PREFIX, AUTH_HEADER_NAMES, HTTP_TIMEOUT_MS } from '../constants';
import { ERROR_MESSAGES } from '../errors';
import type { AuthHeaders } from '../schemas/auth';
import { completeAuthHeaders } from './auth-headers';

export { apiErrorMessages, apiErrorStatus } from './errors';
export { completeAuthHeaders } from './auth-headers';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Send no auth headers (the LinkedIn account-status call, spec §7). */
    skipAuth?: boolean;
  }
}

type MaybePromise<T> = T | Promise<T>;

/** Where auth headers live: a cookie in the web app, extension storage in the popup. */
export type HeaderStore = {
  get(): MaybePromise<Partial<AuthHeaders> | null>;
  set(headers: AuthHeaders): MaybePromise<void>;
  clear(): MaybePromise<void>;
};

export type Logger = Pick<Console, 'error' | 'warn'>;

export type ApiClientOptions = {
  /** Origin of the API, '' for same-origin. */
  baseUrl: string;
  prefix?: string;
  headerStore: HeaderStore;
  /** Called after a 401 answer once the stored headers are cleared. */
  onUnauthorized: () => void;
  logger?: Logger;
};

export type ApiClient = AxiosInstance & { apiOrigin: string };

export function authHeadersFromResponse(headers: AxiosResponse['headers']): AuthHeaders | null {
  const read = (name: string) => {
    const v = headers[name];
    return typeof v === 'string' && v.length > 0 ? v : undefined;
  };
  return completeAuthHeaders({ 'access-token': read('access-token'), client: read('client'), expiry: read('expiry'), uid: read('uid') });
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { headerStore, onUnauthorized, logger = console } = options;
  const instance = axios.create({
    baseURL: `${options.baseUrl}${options.prefix ?? API_PREFIX}`,
    timeout: HTTP_TIMEOUT_MS,
    headers: { Accept: 'application/json' },
  }) as ApiClient;
  instance.apiOrigin = options.baseUrl;

  instance.interceptors.request.use(async (config) => {
    if (config.skipAuth) return config;
    const stored = await headerStore.get();
    const complete = completeAuthHeaders(stored);
    if (!complete) {
      // Signed-out requests (sign-in, sign-up) have no headers at all; log only when some are half there.
      if (stored && Object.values(stored).some(Boolean)) logger.warn(ERROR_MESSAGES.missingHeaders);
      return config;
    }
    const headers = AxiosHeaders.from(config.headers);
    for (const name of AUTH_HEADER_NAMES) headers.set(name, complete[name]);
    config.headers = headers;
    return config;
  });

  instance.interceptors.response.use(
    async (response) => {
      if (!response.config.skipAuth) {
        const fresh = authHeadersFromResponse(response.headers);
        if (fresh) await headerStore.set(fresh);
      }
      return response;
    },
    async (error: AxiosError) => {
      const status = error.response?.status;
      const request = `${error.config?.method?.toUpperCase() ?? ''} ${error.config?.url ?? ''}`;
      // A 4xx is the server's answer to this client (shown in the UI); only failures are errors.
      if (status !== undefined && status < 500) logger.warn(`API request answered: ${request} → ${status}`);
      else logger.error(`API request failed: ${request} → ${status ?? error.code ?? 'network error'}`);
      if (status === 401 && !error.config?.skipAuth) {
        await headerStore.clear();
        onUnauthorized();
      }
      throw error;
    },
  );
  return instance;
}

