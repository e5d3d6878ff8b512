import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { apiErrorMessages } from '@shared/api';
import { CHECKOUT_SESSION_PARAM } from '@shared/schemas/payments';
import { notify } from '@web/lib/notify';
import { useApproveSubscription } from '../api/billing-queries';

/**
 * Mounted in the cabinet: Stripe's success_url brings the user back with ?checkout_session_id=…;
 * the session is approved once (the server applies the plan only when paid), a toast says how it
 * went, and the parameter is taken out of the address. ?checkout=cancelled says nothing changed.
 */
export function CheckoutReturn() {
  const [params, setParams] = useSearchParams();
  const approve = useApproveSubscription();
  const handled = useRef<string | null>(null);
  const sessionId = params.get(CHECKOUT_SESSION_PARAM);
  const cancelled = params.get('checkout') === 'cancelled';

  useEffect(() => {
    if (!sessionId && !cancelled) return;
    const key = sessionId ?? 'cancelled';
    if (handled.current === key) return;
    handled.current = key;
    const clean = () =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.delete(CHECKOUT_SESSION_PARAM);
          next.delete('checkout');
          return next;
        },
        { replace: true },
      );
    if (!sessionId) {
      notify.info('Checkout cancelled. Your plan is unchanged.', { id: 'checkout' });
      clean();
      return;
    }
    approve.mutate(sessionId, {
      onSuccess: (s) => notify.success(`You're on the ${s.tariff_plan} plan. Thank you!`, { id: 'checkout' }),
      onError: (error) => notify.error(apiErrorMessages(error)[0] ?? 'The payment could not be confirmed.', { id: 'checkout' }),
      onSettled: clean,
    });
  }, [sessionId, cancelled, approve, setParams]);

  return approve.isPending ? (
    <p role="status" className="sr-only">
      Confirming your payment…
    </p>
  ) : null;
}
