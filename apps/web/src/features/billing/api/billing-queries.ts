import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '@shared/schemas/auth';
import type { PaidPlan } from '@shared/schemas/payments';
import { api } from '@web/lib/api';
import { userKeys } from '@web/lib/user';

export const billingKeys = {
  all: ['billing'] as const,
  links: () => [...billingKeys.all, 'payment-links'] as const,
};

export const paymentLinksQueryOptions = () => queryOptions({ queryKey: billingKeys.links(), queryFn: () => api.payments.links() });

export function usePaymentLinks(enabled = true) {
  return useQuery({ ...paymentLinksQueryOptions(), enabled });
}

/** Starts a Stripe Checkout for the plan and sends the browser there. */
export function useStartCheckout(redirect: (url: string) => void = (url) => window.location.assign(url)) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plan: PaidPlan) => api.payments.createStripeSession({ plan }),
    onSuccess: (session) => redirect(session.url),
    // A 409 may mean an earlier checkout was paid meanwhile and its plan now applies: show it.
    onError: () => Promise.all([queryClient.invalidateQueries({ queryKey: userKeys.all }), queryClient.invalidateQueries({ queryKey: billingKeys.all })]),
  });
}

/** Back from Checkout: approve the session, then show the new plan everywhere (user_info drives the UI). */
export function useApproveSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => api.payments.approveSubscription({ session_id: sessionId }),
    onSuccess: async (subscription) => {
      queryClient.setQueryData<User>(userKeys.info(), (user) => (user ? { ...user, tariff_plan: subscription.tariff_plan as User['tariff_plan'] } : user));
      await Promise.all([queryClient.invalidateQueries({ queryKey: userKeys.all }), queryClient.invalidateQueries({ queryKey: billingKeys.all })]);
    },
  });
}
