import type { ApiClient } from '../client';
import type { PasswordUpdateBody, SignInBody, SignUpBody, SignUpResponse, User } from '../../schemas/auth';

type Envelope<T> = { data: T };
type Message = { success: boolean; message: string };

export function authEndpoints(http: ApiClient) {
  return {
    signIn: (body: SignInBody) => http.post<Envelope<User>>('/auth/sign_in', body).then((r) => r.data.data),
    signOut: () => http.delete<{ success: boolean }>('/auth/sign_out').then((r) => r.data),
    register: (body: SignUpBody) => http.post<SignUpResponse>('/auth', body).then((r) => r.data),
    resendConfirmation: (body: { email: string; redirect_url?: string }) =>
      http.post<Message>('/auth/confirmation', body).then((r) => r.data),
    sendSmsCode: (body: { email: string }) => http.post<Message>('/send_sms_code', body).then((r) => r.data),
    verifyByCode: (body: { email: string; code: string }) =>
      http.post<Envelope<User>>('/verify_by_code', body).then((r) => r.data.data),
    requestPasswordReset: (body: { email: string; redirect_url?: string }) =>
      http.post<Message>('/auth/password', body).then((r) => r.data),
    updatePassword: (body: PasswordUpdateBody) => http.put<Message>('/auth/password', body).then((r) => r.data),
    /** Where the server starts Google sign-in (a full-page navigation, not XHR). */
    googleSignInUrl: (origin: string) =>
      `${http.apiOrigin}${http.defaults.baseURL?.replace(http.apiOrigin, '') ?? ''}/auth/google_oauth2?origin=${encodeURIComponent(origin)}`,
    providers: () => http.get<{ google: boolean }>('/auth/providers', { skipAuth: true }).then((r) => r.data),
  };
}
