import * as Dialog from '@radix-ui/react-dialog';
import { Check, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { apiErrorMessages } from '@shared/api';
import type { PaymentLink } from '@shared/schemas/payments';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/utils';
import { useBrand } from '@web/stores/brand';
import { usePaymentLinks, useStartCheckout } from '../api/billing-queries';
import { formatPrice, limitPhrases } from './plan-limits';


function PlanCard({ link, onChoose, pending, disabled }: { link: PaymentLink; onChoose: () => void; pending: boolean; disabled: boolean }) {
  const brand = useBrand();
  return (
    <li className={cn('flex flex-col rounded-xl border border-border bg-surface-2/40 p-4', link.current && 'border-accent')} aria-label={`${link.name} plan`}>
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="text-base font-semibold">{link.name}</h3>
        <p className="text-sm">
          <span className="text-xl font-semibold">{formatPrice(link.price.amount)}</span>
          <span className="text-muted"> / {link.price.interval}</span>
        </p>
      </div>
      <p className="mt-1 text-sm text-muted">{link.description}</p>
      <ul className="mt-3 flex-1 space-y-1.5 text-sm">
        {link.features.map((f) => (
          <li key={f} className="flex gap-2">
            <Check className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden />
            {f}
          </li>
        ))}
        <li className="pt-1 text-xs text-muted">{limitPhrases(link.limits, { flags: brand.feature_flags }).join(' · ')}</li>
      </ul>
      <div className="mt-4">
        {link.current ? (
          <p className="text-sm font-medium text-success">Your current plan</p>
        ) : link.checkout === 'checkout' ? (
          <Button className="w-full" onClick={onChoose} pending={pending} disabled={disabled}>
            Choose {link.name}
          </Button>
        ) : link.contact_url ? (
          <Button asChild variant="secondary" className="w-full">
            <a href={link.contact_url} target="_blank" rel="noopener noreferrer">
              Book a call for {link.name}
            </a>
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** The plans and their prices; choosing one starts a Stripe Checkout. Also shows the current plan ("Plan & billing"). */
export function PlansList({ currentPlan }: { currentPlan: string | null | undefined }) {
  const links = usePaymentLinks();
  const checkout = useStartCheckout();
  if (links.isPending) return <Spinner label="Loading plans" />;
  if (links.isError) return <ServerErrors messages={apiErrorMessages(links.error)} />;
  const { data, meta } = links.data;
  return (
    <div className="space-y-4">
      <p className="text-sm">
        Current plan: <strong data-testid="current-plan">{currentPlan ?? meta.current_plan}</strong>
      </p>
      {/* One message per state: how paying works here. */}
      <p className="text-sm text-muted" data-testid="how-to-pay">
        {meta.payments_enabled
          ? 'Payment runs on Stripe; you come straight back here when it is done.'
          : 'Online payment is not available here yet: book a call and we will set up your plan.'}
      </p>
      <ServerErrors messages={checkout.isError ? apiErrorMessages(checkout.error) : null} />
      <ul className="grid gap-3 md:grid-cols-3">
        {data.map((link) => (
          <PlanCard
            key={link.plan}
            link={link}
            onChoose={() => checkout.mutate(link.plan)}
            pending={checkout.isPending && checkout.variables === link.plan}
            disabled={checkout.isPending || checkout.isSuccess}
          />
        ))}
      </ul>
    </div>
  );
}

export function PlansDialog({ trigger, currentPlan }: { trigger: ReactNode; currentPlan: string | null | undefined }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content className="dark fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(64rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-border bg-surface p-6 text-fg shadow-2xl">
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-semibold">Plans &amp; billing</Dialog.Title>
              <Dialog.Description className="text-sm text-muted">Compare the plans, their prices and limits.</Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close">
                <X className="h-5 w-5" aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          <PlansList currentPlan={currentPlan} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
