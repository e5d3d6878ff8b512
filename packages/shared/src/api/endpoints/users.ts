import type { ApiClient } from '../client';
import type { User, UserUpdateBody } from '../../schemas/auth';

export function userEndpoints(http: ApiClient) {
  return {
    userInfo: () => http.get<{ data: User }>('/user_info').then((r) => r.data.data),
    update: (body: UserUpdateBody) => http.put<{ data: User }>('/users', body).then((r) => r.data.data),
  };
}
