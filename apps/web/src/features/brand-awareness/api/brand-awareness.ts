import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SocialPost, SocialPostTone, UpdateSocialPostBody, UpdateSocialPostsSettingsBody } from '@shared/schemas/brand-awareness';
import { api } from '@web/lib/api';

export const brandAwarenessKeys = {
  all: ['brand-awareness'] as const,
  employees: () => [...brandAwarenessKeys.all, 'employees'] as const,
  settings: (veId: number) => [...brandAwarenessKeys.all, 'settings', veId] as const,
  posts: (veId: number) => [...brandAwarenessKeys.all, 'posts', veId] as const,
};

export const useEmployees = () => useQuery({ queryKey: brandAwarenessKeys.employees(), queryFn: () => api.virtualEmployees.list() });

export const useSocialSettings = (veId: number) => useQuery({ queryKey: brandAwarenessKeys.settings(veId), queryFn: () => api.brandAwareness.settings(veId) });

/** The employee's posts from a week back onwards (the calendar); newest planned last. */
export const useSocialPosts = (veId: number, from: string) =>
  useQuery({
    queryKey: [...brandAwarenessKeys.posts(veId), from],
    queryFn: () => api.brandAwareness.posts({ virtual_employee_id: veId, social_network: 'linkedin', from, per_page: 200 }).then((p) => p.data),
    placeholderData: keepPreviousData,
  });

function useInvalidate(veId: number) {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: brandAwarenessKeys.settings(veId) }), queryClient.invalidateQueries({ queryKey: brandAwarenessKeys.posts(veId) })]);
}

export function useSaveSettings(veId: number) {
  const invalidate = useInvalidate(veId);
  return useMutation({ mutationFn: (body: UpdateSocialPostsSettingsBody) => api.brandAwareness.updateSettings(veId, body), onSuccess: invalidate });
}

export function useConnect(veId: number) {
  return useMutation({ mutationFn: () => api.brandAwareness.connectUrl(veId) });
}

export function useUnlink(veId: number) {
  const invalidate = useInvalidate(veId);
  return useMutation({ mutationFn: () => api.brandAwareness.unlink(veId), onSuccess: invalidate });
}

export function usePreview(veId: number) {
  return useMutation({ mutationFn: (input: { topic?: string; tone?: SocialPostTone }) => api.brandAwareness.previewPost({ virtual_employee_id: veId, ...input }) });
}

export function useUpdatePost(veId: number) {
  const invalidate = useInvalidate(veId);
  return useMutation({ mutationFn: ({ id, body }: { id: number; body: UpdateSocialPostBody }) => api.brandAwareness.updatePost(id, body), onSuccess: invalidate });
}

export function useRegenerate(veId: number) {
  const invalidate = useInvalidate(veId);
  return useMutation({ mutationFn: (post: Pick<SocialPost, 'id'>) => api.brandAwareness.regenerate(post.id), onSuccess: invalidate });
}

export function useManagePosts(veId: number) {
  const invalidate = useInvalidate(veId);
  return useMutation({ mutationFn: (body: { post_ids: number[]; action: 'approve' | 'skip' }) => api.brandAwareness.managePosts(body), onSuccess: invalidate });
}
