import type { ApiClient } from '../client';
import type { z } from 'zod';
import type { CallOutcomeBody, OutreachTask, OutreachTaskSummary, outreachTaskListQuerySchema, outreachTaskListSchema } from '../../schemas/outreach-tasks';

export type OutreachTaskListParams = Partial<z.input<typeof outreachTaskListQuerySchema>>;
export type OutreachTaskList = z.infer<typeof outreachTaskListSchema>;

/** LinkedIn and call tasks (issue 14): the cabinet's Tasks page and the extension popup share these. */
export function outreachTaskEndpoints(http: ApiClient) {
  const one = (url: string, body?: object) => http.post<{ data: OutreachTask }>(url, body ?? {}).then((r) => r.data.data);
  return {
    /** today (due now, within the limits), waiting, or done; meta has the counts per channel and today's capacity. */
    list: (params: OutreachTaskListParams = {}) => http.get<OutreachTaskList>('/outreach_tasks', { params }).then((r) => r.data),
    /** Counts per channel and the capacity: "Today on LinkedIn: 12". */
    summary: () => http.get<{ data: OutreachTaskSummary }>('/outreach_tasks/summary').then((r) => r.data.data),
    show: (id: number) => http.get<{ data: OutreachTask }>(`/outreach_tasks/${id}`).then((r) => r.data.data),
    done: (id: number) => one(`/outreach_tasks/${id}/done`),
    skip: (id: number) => one(`/outreach_tasks/${id}/skip`),
    linkedinReply: (id: number, text: string) => one(`/outreach_tasks/${id}/linkedin_reply`, { text }),
    callOutcome: (id: number, body: CallOutcomeBody) => one(`/outreach_tasks/${id}/call_outcome`, body),
  };
}
