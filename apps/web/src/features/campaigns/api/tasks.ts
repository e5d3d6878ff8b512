import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OutreachTaskListParams } from '@shared/api/endpoints/outreach-tasks';
import type { CallOutcomeBody } from '@shared/schemas/outreach-tasks';
import { api } from '@web/lib/api';
import { campaignKeys } from './campaigns';

/** Query keys of the LinkedIn and call tasks (under the campaigns' keys: a task done moves its campaign on). */
export const taskKeys = {
  all: [...campaignKeys.all, 'tasks'] as const,
  list: (params: OutreachTaskListParams) => [...taskKeys.all, 'list', params] as const,
  summary: () => [...taskKeys.all, 'summary'] as const,
};

export const useTasks = (params: OutreachTaskListParams) => useQuery({ queryKey: taskKeys.list(params), queryFn: () => api.outreachTasks.list(params), placeholderData: keepPreviousData });

function useTaskMutation<T>(fn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  // A task closed moves the sequence on: the campaign's counts and emails change too.
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }) });
}

export const useTaskDone = () => useTaskMutation((id: number) => api.outreachTasks.done(id));
export const useTaskSkip = () => useTaskMutation((id: number) => api.outreachTasks.skip(id));
export const useLinkedinReply = () => useTaskMutation(({ id, text }: { id: number; text: string }) => api.outreachTasks.linkedinReply(id, text));
export const useCallOutcome = () => useTaskMutation(({ id, body }: { id: number; body: CallOutcomeBody }) => api.outreachTasks.callOutcome(id, body));
