import { isPaidPlan } from '@shared/brands';
import { PAID_PLANS, paidPlanSchema, planOf, TRIAL_LIMITS, type PaidPlan } from '@shared/schemas/payments';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { useUser } from '@web/lib/user';
import { useBrand } from '@web/stores/brand';
import { usePaymentLinks } from '../api/billing-queries';
import { formatBillingDate, formatPrice, limitPhrases } from './plan-limits';
import { PlansDialog } from './plans-dialog';

/** One of the plans sold here (a paid plan may also be an older, custom one). */
const isCatalogPlan = (plan: string | null | undefined): plan is PaidPlan => paidPlanSchema.safeParse(plan).success;

/**
 * "Plan & billing" on the profile page: the current plan with what it means (a paid plan: its price,
 * when it was paid and its limits; the trial: since when, and what the plans start at; not paid: that
 * a plan is needed), and the plans dialog to change it.
 */
export function PlanBillingSection() {
  const { data: user } = useUser();
  const brand = useBrand();
  const links = usePaymentLinks(Boolean(user));
  if (!user) return null;
  const plan = user.tariff_plan ?? 'Trial';
  const paid = isPaidPlan(plan);
  const meta = links.data?.meta;
  const cheapest = planOf(PAID_PLANS[0]);
  return (
    <Card className="p-6" aria-labelledby="plan-billing-title">
      <h2 id="plan-billing-title" className="text-base font-semibold">
        Plan &amp; billing
      </h2>
      <p className="mt-1 text-sm text-muted">
        Your plan:{' '}
        <strong className="text-fg" data-testid="profile-plan">
          {plan}
        </strong>
        {isCatalogPlan(plan) ? ` · ${formatPrice(planOf(plan).price_usd_month)} a month` : null}
      </p>
      <div className="mt-2 space-y-1 text-sm text-muted" data-testid="plan-details">
        {paid ? (
          <>
            {meta?.plan_paid_at ? <p>Paid on {formatBillingDate(meta.plan_paid_at)}, billed monthly.</p> : null}
            {isCatalogPlan(plan) ? (
              <p>
                Includes: <span className="text-fg">{limitPhrases(planOf(plan).limits, { flags: brand.feature_flags }).join(' · ')}</span>
              </p>
            ) : null}
            <p>To change or cancel it, book a call from the help menu.</p>
          </>
        ) : plan === 'Not paid' ? (
          <p>
            Your subscription has ended{meta?.plan_paid_at ? ` (last paid ${formatBillingDate(meta.plan_paid_at)})` : ''}. Nothing is sent until you choose a plan;
            your data stays.
          </p>
        ) : (
          <p>
            Free trial{meta ? ` since ${formatBillingDate(meta.account_created_at)}` : ''}: nothing is charged
            {`, with the ${cheapest.name} plan's limits (${limitPhrases(TRIAL_LIMITS, { flags: brand.feature_flags }).join(', ')}).`} Paid plans start at {formatPrice(cheapest.price_usd_month)} a month.
          </p>
        )}
      </div>
      {brand.feature_flags.upgrade_button && !paid ? (
        <div className="mt-4">
          <PlansDialog
            currentPlan={user.tariff_plan}
            trigger={
              <Button variant="secondary" size="sm">
                {plan === 'Not paid' ? 'Choose a plan' : 'Upgrade'}
              </Button>
            }
          />
        </div>
      ) : null}
    </Card>
  );
}
