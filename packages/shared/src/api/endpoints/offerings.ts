import type { ApiClient } from '../client';
import type { CreateOfferingBody, Offering, UpdateOfferingBody } from '../../schemas/messaging';
import type { ClaimsCheckBody, ClaimsCheckResult } from '../../schemas/claims';

/** Offerings (spec §7): the products or services the agent sells. `POST offerings` creates one. */
export function offeringEndpoints(http: ApiClient) {
  return {
    list: () => http.get<{ data: Offering[] }>('/offerings').then((r) => r.data.data),
    get: (id: number) => http.get<{ data: Offering }>(`/offerings/${id}`).then((r) => r.data.data),
    create: (body: CreateOfferingBody) => http.post<{ data: Offering }>('/offerings', body).then((r) => r.data.data),
    update: (id: number, body: UpdateOfferingBody) => http.put<{ data: Offering }>(`/offerings/${id}`, body).then((r) => r.data.data),
    remove: (id: number) => http.delete<{ data: { id: number } }>(`/offerings/${id}`).then((r) => r.data.data),
    /** POST claims_check: the composer's claims check on a text before it is sent. */
    claimsCheck: (body: ClaimsCheckBody) => http.post<{ data: ClaimsCheckResult }>('/claims_check', body).then((r) => r.data.data),
  };
}
