import type { ApiClient } from '../client';
import type { ApproveSubscriptionBody, CreateStripeSessionBody, PaymentLinksResponse, StripeSession, Subscription } from '../../schemas/payments';

/** Payments (spec §7): the plans and how to pay, a Stripe Checkout session, and its approval. */
export function paymentEndpoints(http: ApiClient) {
  return {
    links: () => http.get<PaymentLinksResponse>('/payment_links').then((r) => r.data),
    createStripeSession: (body: CreateStripeSessionBody) => http.post<{ data: StripeSession }>('/create_stripe_session', body).then((r) => r.data.data),
    approveSubscription: (body: ApproveSubscriptionBody) => http.post<{ data: Subscription }>('/approve_subscription', body).then((r) => r.data.data),
  };
}
