import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { AuthHeaders, SignInBody, SignUpBody, User } from '@shared/schemas/auth';
import { api, cookieHeaderStore } from '@web/lib/api';
import { queryClient } from '@web/lib/query-client';
import { userKeys } from '@web/lib/user';

export const authKeys = {
  all: ['auth'] as const,
  providers: () => [...authKeys.all, 'providers'] as const,
  omniauth: (token: string) => [...authKeys.all, 'omniauth', token] as const,
};

export const providersQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.providers(),
    queryFn: () => api.auth.providers(),
    staleTime: Infinity,
    retry: false,
  });

export function useProviders() {
  return useQuery(providersQueryOptions());
}

/** A fresh session: the previous user's cached data goes, the new user is cached for the guard. */
function startSession(user: User) {
  queryClient.clear();
  queryClient.setQueryData(userKeys.info(), user);
}

export function useSignIn() {
  return useMutation({
    mutationFn: (body: SignInBody) => api.auth.signIn(body),
    // The API client has stored the four auth headers from the response already.
    onSuccess: startSession,
  });
}

export function useSignUp() {
  return useMutation({ mutationFn: (body: SignUpBody) => api.auth.register(body) });
}

export function useVerifyByCode() {
  return useMutation({ mutationFn: (body: { email: string; code: string }) => api.auth.verifyByCode(body) });
}

export function useSendCode() {
  return useMutation({ mutationFn: (body: { email: string }) => api.auth.sendSmsCode(body) });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: { email: string }) =>
      api.auth.requestPasswordReset({ email: body.email, redirect_url: `${window.location.origin}/auth/reset-password` }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { password: string; password_confirmation: string; reset_password_token: string }) =>
      api.auth.updatePassword(body),
  });
}

/**
 * Google sign-in returns to /auth/omniauth with devise_token_auth's parameters. The tokens are
 * checked with user_info (sent explicitly, not from the cookie) before anything is stored.
 */
export async function verifyOmniauthTokens(headers: AuthHeaders): Promise<User> {
  const response = await api.http.get<{ data: User }>('/user_info', { skipAuth: true, headers });
  const user = response.data.data;
  await cookieHeaderStore.set(headers);
  startSession(user);
  return user;
}
