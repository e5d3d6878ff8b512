import { Sparkles } from 'lucide-react';
import { isPaidPlan } from '@shared/brands';
import { Button } from '@web/components/ui/button';
import { useUser } from '@web/lib/user';
import { useBrand } from '@web/stores/brand';
import { PlansDialog } from './plans-dialog';

/** The brand's Upgrade button (flag upgrade_button), hidden on a paid plan: opens the plans dialog. */
export function UpgradeButton() {
  const brand = useBrand();
  const { data: user } = useUser();
  if (!brand.feature_flags.upgrade_button || !user || isPaidPlan(user.tariff_plan)) return null;
  return (
    <PlansDialog
      currentPlan={user.tariff_plan}
      trigger={
        <Button size="sm" className="w-full">
          <Sparkles className="h-4 w-4" aria-hidden /> Upgrade
        </Button>
      }
    />
  );
}
