import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordUpdateBody, UserUpdateBody } from '@shared/schemas/auth';
import { api } from '@web/lib/api';
import { userKeys } from '@web/lib/user';

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UserUpdateBody) => api.user.update(body),
    onSuccess: (user) => client.setQueryData(userKeys.info(), user),
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: (body: PasswordUpdateBody) => api.auth.updatePassword(body) });
}
