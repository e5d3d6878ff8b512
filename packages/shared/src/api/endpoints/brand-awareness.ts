import type { ApiClient } from '../client';
import type {
  ManagePostsBody,
  PreviewPost,
  SocialNetwork,
  SocialPost,
  SocialPostsQuery,
  SocialPostsSettings,
  SocialPostTone,
  SocialProfile,
  UpdateSocialPostBody,
  UpdateSocialPostsSettingsBody,
} from '../../schemas/brand-awareness';

type Page = { data: SocialPost[]; meta: { page: number; per_page: number; total: number } };

/** Brand awareness (spec §7): virtual employees' social profiles, posting settings and posts. */
export function brandAwarenessEndpoints(http: ApiClient) {
  return {
    settings: (veId: number, socialNetwork: SocialNetwork = 'linkedin') =>
      http.get<{ data: SocialPostsSettings }>(`/virtual_employees/${veId}/social_posts_settings`, { params: { social_network: socialNetwork } }).then((r) => r.data.data),
    updateSettings: (veId: number, body: UpdateSocialPostsSettingsBody) =>
      http.put<{ data: SocialPostsSettings }>(`/virtual_employees/${veId}/update_social_posts_settings`, body).then((r) => r.data.data),
    profile: (veId: number, socialNetwork: SocialNetwork = 'linkedin') =>
      http.get<{ data: SocialProfile }>(`/virtual_employees/${veId}/social_network_processing_profile`, { params: { social_network: socialNetwork } }).then((r) => r.data.data),
    connectUrl: (veId: number, socialNetwork: SocialNetwork = 'linkedin') =>
      http.post<{ data: { authorization_url: string } }>(`/virtual_employees/${veId}/social_network_connect_url`, { social_network: socialNetwork }).then((r) => r.data.data),
    unlink: (veId: number, socialNetwork: SocialNetwork = 'linkedin') =>
      http.delete<{ data: { revoked: boolean } }>(`/virtual_employees/${veId}/unlink_social_network_profile`, { params: { social_network: socialNetwork } }).then((r) => r.data.data),
    posts: (params: SocialPostsQuery) => http.get<Page>('/social_network_posts', { params }).then((r) => r.data),
    previewPost: (params: { virtual_employee_id: number; social_network?: SocialNetwork; topic?: string; tone?: SocialPostTone }) =>
      http.get<{ data: PreviewPost }>('/social_network_posts/preview_post', { params }).then((r) => r.data.data),
    regenerate: (id: number, topic?: string) => http.put<{ data: SocialPost }>(`/social_network_posts/${id}/regenerate`, topic ? { topic } : {}).then((r) => r.data.data),
    updatePost: (id: number, body: UpdateSocialPostBody) => http.put<{ data: SocialPost }>(`/social_network_posts/${id}`, body).then((r) => r.data.data),
    linkedInPosts: (params: SocialPostsQuery = {}) => http.get<Page>('/linkedin_posts', { params }).then((r) => r.data),
    managePosts: (body: ManagePostsBody) =>
      http.put<{ data: SocialPost[]; unchanged: Array<{ id: number; reason: string }> }>('/linkedin_accounts/manage-posts', body).then((r) => r.data),
  };
}
