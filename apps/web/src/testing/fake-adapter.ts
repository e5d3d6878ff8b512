import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';

export type FakeReply = { status: number; data?: unknown; headers?: Record<string, string> };
export type FakeHandler = (config: InternalAxiosRequestConfig) => FakeReply | Promise<FakeReply>;

/**
 * The network faked at the axios adapter: everything above it (interceptors, header store,
 * unauthorized handling) runs for real. Non-2xx replies reject as axios itself would.
 */
export function fakeAdapter(handler: FakeHandler): AxiosAdapter & { calls: InternalAxiosRequestConfig[] } {
  const calls: InternalAxiosRequestConfig[] = [];
  const adapter = async (config: InternalAxiosRequestConfig) => {
    calls.push(config);
    const reply = await handler(config);
    const response = {
      data: reply.data ?? {},
      status: reply.status,
      statusText: String(reply.status),
      headers: new AxiosHeaders(reply.headers ?? {}),
      config,
      request: {},
    };
    if (reply.status >= 200 && reply.status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${reply.status}`,
      reply.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      {},
      response,
    );
  };
  return Object.assign(adapter, { calls });
}

/** The request path relative to the API prefix, e.g. '/auth/sign_in'. */
export const pathOf = (config: InternalAxiosRequestConfig) => config.url ?? '';
