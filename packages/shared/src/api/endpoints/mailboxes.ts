import type { ApiClient } from '../client';
import type { ConnectionTest, CreateUserEmailBody, MailOAuthProvider, MailOAuthProviderInfo, SendingCapacity, SendingDomain, UpdateUserEmailBody, UserCredential, UserEmail } from '../../schemas/user-emails';

/** Mailboxes (spec §7: GET/POST user_emails, PUT user_emails/{id}, GET user_credentials) and GET domains. */
export function userEmailEndpoints(http: ApiClient) {
  return {
    list: () => http.get<{ data: UserEmail[] }>('/user_emails').then((r) => r.data.data),
    /**
     * Today's capacity per mailbox and in total (limit after warm-up, sent, scheduled, left, what holds one back);
     * with a campaign id, only that campaign's mailboxes (those of its virtual employees) and their total.
     */
    capacity: (campaignId?: number) =>
      http
        .get<{ data: SendingCapacity }>('/user_emails/capacity', campaignId === undefined ? undefined : { params: { campaign_id: campaignId } })
        .then((r) => r.data.data),
    show: (id: number) => http.get<{ data: UserEmail }>(`/user_emails/${id}`).then((r) => r.data.data),
    /** A failed connection test rejects with 422: { errors, failed_step, connection_test } (see connectionTestOf). */
    create: (body: CreateUserEmailBody) => http.post<{ data: UserEmail }>('/user_emails', body).then((r) => r.data.data),
    update: (id: number, body: UpdateUserEmailBody) => http.put<{ data: UserEmail }>(`/user_emails/${id}`, body).then((r) => r.data.data),
    remove: (id: number) => http.delete<{ data: { id: number } }>(`/user_emails/${id}`).then((r) => r.data.data),
    pause: (id: number) => http.post<{ data: UserEmail }>(`/user_emails/${id}/pause`).then((r) => r.data.data),
    resume: (id: number) => http.post<{ data: UserEmail }>(`/user_emails/${id}/resume`).then((r) => r.data.data),
    test: (id: number) => http.post<{ data: { test: ConnectionTest; mailbox: UserEmail } }>(`/user_emails/${id}/test`).then((r) => r.data.data),
    /** The providers a mailbox can be connected to by OAuth on this server (none: no button). */
    oauthProviders: () => http.get<{ data: MailOAuthProviderInfo[] }>('/user_emails/oauth_providers').then((r) => r.data.data),
    /** Starts "Connect with Google/Microsoft": the provider's consent URL to send the browser to. */
    startOAuth: (provider: MailOAuthProvider) => http.post<{ data: { authorization_url: string } }>(`/user_emails/oauth/${provider}`).then((r) => r.data.data),
    credentials: () => http.get<{ data: UserCredential[] }>('/user_credentials').then((r) => r.data.data),
    domains: (refresh = false) => http.get<{ data: SendingDomain[] }>('/domains', { params: refresh ? { refresh: 1 } : {} }).then((r) => r.data.data),
  };
}

/** The step-by-step result carried by a refused save (422), or null. */
export function connectionTestOf(error: unknown): ConnectionTest | null {
  const data = (error as { response?: { data?: { connection_test?: ConnectionTest } } })?.response?.data;
  return data?.connection_test ?? null;
}
