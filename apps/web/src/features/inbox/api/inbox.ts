import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailThreadListParams } from '@shared/api/endpoints/inbox';
import type { EmailThread, EmailThreadFilters, EmailThreadMessage, UpdateEmailThreadBody } from '@shared/schemas/email-threads';
import { api } from '@web/lib/api';
import { downloadText } from '@web/lib/download';
import { useLiveFallbackInterval } from '@web/stores/live';

export const INBOX_PER_PAGE = 50;
/**
 * The live connection keeps the list and counts fresh (app/live-connector.ts); only while it is down do
 * they refresh on this timer.
 */
export const INBOX_REFRESH_MS = 30_000;

export const inboxKeys = {
  all: ['inbox'] as const,
  lists: () => [...inboxKeys.all, 'list'] as const,
  list: (filters: EmailThreadFilters) => [...inboxKeys.lists(), filters] as const,
  stats: () => [...inboxKeys.all, 'stats'] as const,
  thread: (id: number) => [...inboxKeys.all, 'thread', id] as const,
  messages: (id: number) => [...inboxKeys.all, 'messages', id] as const,
};

/** GET email_threads, page after page (keyset cursor when the API gives one) for the virtualised list. */
export function useThreads(filters: EmailThreadFilters, enabled = true) {
  const refetchInterval = useLiveFallbackInterval(INBOX_REFRESH_MS);
  return useInfiniteQuery({
    enabled,
    queryKey: inboxKeys.list(filters),
    queryFn: ({ pageParam }) => {
      const params: EmailThreadListParams = { per_page: INBOX_PER_PAGE, filters, ...(pageParam.cursor ? { cursor: pageParam.cursor } : { page: pageParam.page }) };
      return api.emailThreads.list(params);
    },
    initialPageParam: { page: 1, cursor: null as string | null },
    getNextPageParam: (last) => {
      const loaded = last.meta.page * last.meta.per_page;
      if (last.data.length < last.meta.per_page || loaded >= last.meta.total) return undefined;
      return { page: last.meta.page + 1, cursor: last.meta.next_cursor };
    },
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

/** GET email_threads/stats: counts per reply status and unread, kept fresh by the live connection. */
export function useThreadStats(enabled = true) {
  const refetchInterval = useLiveFallbackInterval(INBOX_REFRESH_MS);
  return useQuery({ queryKey: inboxKeys.stats(), queryFn: () => api.emailThreads.stats(), refetchInterval, enabled });
}

export function useThread(id: number) {
  return useQuery({ queryKey: inboxKeys.thread(id), queryFn: () => api.emailThreads.show(id), enabled: id > 0, retry: false });
}

export function useThreadMessages(id: number) {
  return useQuery({ queryKey: inboxKeys.messages(id), queryFn: () => api.emailThreads.messages(id), enabled: id > 0, retry: false });
}

/** Puts a changed thread into every cached list page and its own entry (no refetch of 100k rows). */
function useStoreThread() {
  const queryClient = useQueryClient();
  return (thread: EmailThread) => {
    queryClient.setQueryData(inboxKeys.thread(thread.id), thread);
    queryClient.setQueriesData<{ pages: Array<{ data: EmailThread[] }> }>({ queryKey: inboxKeys.lists() }, (old) =>
      old ? { ...old, pages: old.pages.map((p) => ({ ...p, data: p.data.map((t) => (t.id === thread.id ? thread : t)) })) } : old,
    );
    void queryClient.invalidateQueries({ queryKey: inboxKeys.stats() });
  };
}

/** PUT email_threads/{id}: read/unread, starred, interested, the user's reply status. */
export function useUpdateThread() {
  const store = useStoreThread();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateEmailThreadBody }) => api.emailThreads.update(id, body),
    onSuccess: store,
  });
}

/** GET reply_status_corrections: how often the user corrects each label the classifier gives. */
export const replyStatusCorrectionsQueryOptions = () => ({ queryKey: [...inboxKeys.all, 'corrections'] as const, queryFn: () => api.replies.corrections() });
export function useReplyStatusCorrections(enabled: boolean) {
  return useQuery({ ...replyStatusCorrectionsQueryOptions(), enabled });
}

/** PUT email_threads/{id}/mark_stop_sending. */
export function useStopSending() {
  const store = useStoreThread();
  return useMutation({ mutationFn: (id: number) => api.emailThreads.markStopSending(id), onSuccess: store });
}

/** POST claims_check: the same claims check campaign drafts get, on the answer before it is sent. */
export function useClaimsCheck(threadId: number) {
  return useMutation({ mutationFn: (body: string) => api.offerings.claimsCheck({ body, email_thread_id: threadId }) });
}

/** POST email_threads/{id}/send_reply: the sent message joins the thread. */
export function useSendReply(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api.emailThreads.sendReply(id, body),
    onSuccess: (message) => {
      queryClient.setQueryData<EmailThreadMessage[]>(inboxKeys.messages(id), (old) => [...(old ?? []).filter((m) => m.id !== message.id), message]);
      void queryClient.invalidateQueries({ queryKey: inboxKeys.thread(id) });
      void queryClient.invalidateQueries({ queryKey: inboxKeys.lists() });
    },
  });
}

/**
 * POST replies/{id}/skip_agent_answer: the agent's automatic answer waiting for a reply of thread `threadId`
 * does not go. The reply (with its answer's new state) replaces its cached copy; a refusal (409: it is being
 * sent, or was) refetches the thread's messages so the notice shows what happened.
 */
export function useSkipAgentAnswer(threadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (replyId: number) => api.replies.skipAgentAnswer(replyId),
    onSuccess: (message) => {
      queryClient.setQueryData<EmailThreadMessage[]>(inboxKeys.messages(threadId), (old) => old?.map((m) => (m.id === message.id ? message : m)));
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: inboxKeys.messages(threadId) }),
  });
}

/** POST email_threads/{id}/reply_text: a draft (never sent by itself). */
export function useDraftReply(id: number) {
  return useMutation({ mutationFn: () => api.emailThreads.replyText(id) });
}

/** GET email_threads/export_to_csv with the current filters, saved as inbox-<date>.csv. */
export function useExportThreads() {
  return useMutation({
    mutationFn: (filters: EmailThreadFilters) => api.emailThreads.exportCsv({ filters }),
    onSuccess: (csv) => downloadText(csv, `inbox-${new Date().toISOString().slice(0, 10)}.csv`),
  });
}

/** What the empty inbox should suggest: a mailbox first, then a campaign. */
export function useInboxSetup(enabled: boolean) {
  const mailboxes = useQuery({ queryKey: [...inboxKeys.all, 'setup', 'mailboxes'], queryFn: () => api.userEmails.list(), enabled });
  const campaigns = useQuery({ queryKey: [...inboxKeys.all, 'setup', 'campaigns'], queryFn: () => api.campaigns.list(), enabled });
  return { mailboxes, campaigns };
}
