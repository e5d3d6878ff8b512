import { isPaidPlan } from '@shared/brands';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { useUser } from '@web/lib/user';
import { useBrand } from '@web/stores/brand';
import { PlansDialog } from './plans-dialog';

/** "Plan & billing" on the profile page: the current plan, and the plans dialog to change it. */
export function PlanBillingSection() {
  const { data: user } = useUser();
  const brand = useBrand();
  if (!user) return null;
  const paid = isPaidPlan(user.tariff_plan);
  return (
    <Card className="p-6" aria-labelledby="plan-billing-title">
      <h2 id="plan-billing-title" className="text-base font-semibold">
        Plan &amp; billing
      </h2>
      <p className="mt-1 text-sm text-muted">
        Your plan: <strong className="text-fg" data-testid="profile-plan">{user.tariff_plan ?? 'Trial'}</strong>
        {paid ? ' — to change or cancel it, book a call from the help menu.' : null}
      </p>
      {brand.feature_flags.upgrade_button && !paid ? (
        <div className="mt-4">
          <PlansDialog
            currentPlan={user.tariff_plan}
            trigger={
              <Button variant="secondary" size="sm">
                Upgrade
              </Button>
            }
          />
        </div>
      ) : null}
    </Card>
  );
}
