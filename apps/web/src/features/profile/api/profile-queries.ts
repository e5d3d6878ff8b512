import { useMutation } from '@tanstack/react-query';
import type { PasswordUpdateBody, UserUpdateBody } from '@shared/schemas/auth';
import { api } from '@web/lib/api';
import { queryClient } from '@web/lib/query-client';
import { userKeys } from '@web/lib/user';

export function useUpdateProfile() {
  return useMutation({
    mutationFn: (body: UserUpdateBody) => api.user.update(body),
    onSuccess: (user) => queryClient.setQueryData(userKeys.info(), user),
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: (body: PasswordUpdateBody) => api.auth.updatePassword(body) });
}
