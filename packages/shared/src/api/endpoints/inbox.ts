import type { ApiClient } from '../client';
import type {
  EmailThread,
  EmailThreadFilters,
  EmailThreadList,
  EmailThreadMessage,
  EmailThreadStats,
  EMAIL_THREAD_SORTS,
  Reply,
  ReplyDraft,
  ReplyStatusCorrections,
  UpdateEmailThreadBody,
  UpdateReplyBody,
} from '../../schemas/email-threads';

export type EmailThreadListParams = {
  page?: number;
  per_page?: number;
  sort?: (typeof EMAIL_THREAD_SORTS)[number];
  sort_direction?: 'asc' | 'desc';
  filters?: EmailThreadFilters;
  /** meta.next_cursor of the page before (keyset paging for long scrolls). */
  cursor?: string;
};

/** Filters travel as one JSON object (spec §7: "Query: page, per_page, filters"); empty ones are left out. */
const listParams = ({ filters, ...rest }: EmailThreadListParams) => {
  const kept = Object.fromEntries(Object.entries(filters ?? {}).filter(([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0)));
  return { ...rest, ...(Object.keys(kept).length ? { filters: JSON.stringify(kept) } : {}) };
};

/** The inbox (spec §7 email threads). */
export function emailThreadEndpoints(http: ApiClient) {
  return {
    list: (params: EmailThreadListParams = {}) => http.get<EmailThreadList>('/email_threads', { params: listParams(params) }).then((r) => r.data),
    stats: () => http.get<{ data: EmailThreadStats }>('/email_threads/stats').then((r) => r.data.data),
    show: (id: number) => http.get<{ data: EmailThread }>(`/email_threads/${id}`).then((r) => r.data.data),
    update: (id: number, body: UpdateEmailThreadBody) => http.put<{ data: EmailThread }>(`/email_threads/${id}`, body).then((r) => r.data.data),
    markStopSending: (id: number) => http.put<{ data: EmailThread }>(`/email_threads/${id}/mark_stop_sending`).then((r) => r.data.data),
    messages: (id: number) => http.get<{ data: EmailThreadMessage[] }>(`/email_thread_messages/${id}`).then((r) => r.data.data),
    sendReply: (id: number, body: string) => http.post<{ data: EmailThreadMessage }>(`/email_threads/${id}/send_reply`, { body }).then((r) => r.data.data),
    replyText: (id: number) => http.post<{ data: ReplyDraft }>(`/email_threads/${id}/reply_text`).then((r) => r.data.data),
    /** The filtered threads as CSV (needs the auth headers, so fetched, then saved). */
    exportCsv: (params: Omit<EmailThreadListParams, 'page' | 'per_page' | 'cursor'> = {}) =>
      http.get<string>('/email_threads/export_to_csv', { params: listParams(params), responseType: 'text' }).then((r) => r.data),
  };
}

/** Replies (spec §7 PUT replies/{id}): one inbound message, marked. */
export function replyEndpoints(http: ApiClient) {
  return {
    update: (id: number, body: UpdateReplyBody) => http.put<{ data: Reply }>(`/replies/${id}`, body).then((r) => r.data.data),
    /** Stops the agent's automatic answer waiting for this reply: the reply, its answer skipped (409 once it is sending or sent). */
    skipAgentAnswer: (id: number) => http.post<{ data: EmailThreadMessage }>(`/replies/${id}/skip_agent_answer`).then((r) => r.data.data),
    /** How often the user corrects each label the classifier gives (GET reply_status_corrections). */
    corrections: () => http.get<ReplyStatusCorrections>('/reply_status_corrections').then((r) => r.data.data),
  };
}
