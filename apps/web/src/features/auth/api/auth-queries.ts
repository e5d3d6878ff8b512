import { useEffect, useState } from 'react';
import type { AuthHeaders, SignInBody, SignUpBody, User } from '@shared/schemas/auth';
import { getPublicJson, publicUrls } from '@web/lib/public-fetch';
import { useAction } from '@web/lib/use-action';

/*
 * The auth pages paint before the API client (axios) and the query cache load: their actions load
 * them when the user acts (docs/decisions.md, "The sign-in page paints light").
 */
const loadApi = () => import('@web/lib/api');

export const authKeys = {
  all: ['auth'] as const,
  omniauth: (token: string) => [...authKeys.all, 'omniauth', token] as const,
};

export type Providers = { google: boolean };

/** GET auth/providers: which sign-in providers the server has configured (undefined until it answers). */
export function useProviders(): Providers | undefined {
  const [providers, setProviders] = useState<Providers>();
  useEffect(() => {
    let live = true;
    getPublicJson<Providers>(publicUrls.providers).then(
      (value) => live && setProviders(value),
      // No providers list: the page offers email and password only.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return providers;
}

/** A fresh session: the previous user's cached data goes, the new user is cached for the guard. */
async function startSession(user: User): Promise<void> {
  const [{ queryClient }, { userKeys }] = await Promise.all([import('@web/lib/query-client'), import('@web/lib/user')]);
  queryClient.clear();
  queryClient.setQueryData(userKeys.info(), user);
}

export function useSignIn() {
  return useAction(async (body: SignInBody) => {
    const { api } = await loadApi();
    // The API client stores the four auth headers from the response.
    const user = await api.auth.signIn(body);
    await startSession(user);
    return user;
  });
}

export function useSignUp() {
  return useAction(async (body: SignUpBody) => (await loadApi()).api.auth.register(body));
}

export function useVerifyByCode() {
  return useAction(async (body: { email: string; code: string }) => (await loadApi()).api.auth.verifyByCode(body));
}

export function useSendCode() {
  return useAction(async (body: { email: string }) => (await loadApi()).api.auth.sendSmsCode(body));
}

export function useRequestPasswordReset() {
  return useAction(async (body: { email: string }) =>
    (await loadApi()).api.auth.requestPasswordReset({ email: body.email, redirect_url: `${window.location.origin}/auth/reset-password` }),
  );
}

export function useResetPassword() {
  return useAction(async (body: { password: string; password_confirmation: string; reset_password_token: string }) =>
    (await loadApi()).api.auth.updatePassword(body),
  );
}

/**
 * Google sign-in returns to /auth/omniauth with devise_token_auth's parameters. The tokens are
 * checked with user_info (sent explicitly, not from the cookie) before anything is stored.
 */
export async function verifyOmniauthTokens(headers: AuthHeaders): Promise<User> {
  const { api, cookieHeaderStore } = await loadApi();
  const response = await api.http.get<{ data: User }>('/user_info', { skipAuth: true, headers });
  const user = response.data.data;
  await cookieHeaderStore.set(headers);
  await startSession(user);
  return user;
}
