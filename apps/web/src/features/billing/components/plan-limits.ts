import { isLimitShown, type BrandFeatureFlags, type PlanLimits } from '@shared/schemas/payments';

const number = new Intl.NumberFormat('en-US');
const date = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** A plan's limits as short phrases ("2,500 prospects a month"); channels a plan lacks are left out. */
export function limitPhrases(limits: PlanLimits, { agents = true, flags = {} }: { agents?: boolean; flags?: BrandFeatureFlags } = {}): string[] {
  // A limit of a feature the product does not do yet, or the brand switched off, is not sold (isLimitShown).
  return [
    ...(agents ? [`${limits.virtual_employees} ${limits.virtual_employees === 1 ? 'virtual employee' : 'virtual employees'}`] : []),
    `${number.format(limits.prospects_per_month)} prospects a month`,
    ...(isLimitShown('emails_per_day', flags) ? [`${number.format(limits.emails_per_day)} emails a day`] : []),
    ...(isLimitShown('linkedin_actions_per_day', flags) && limits.linkedin_actions_per_day > 0 ? [`${number.format(limits.linkedin_actions_per_day)} LinkedIn actions a day`] : []),
    ...(isLimitShown('phone_minutes_per_month', flags) && limits.phone_minutes_per_month > 0 ? [`${number.format(limits.phone_minutes_per_month)} call minutes a month`] : []),
    `${limits.seats} ${limits.seats === 1 ? 'seat' : 'seats'}`,
  ];
}

export const formatBillingDate = (iso: string) => date.format(new Date(iso));
export const formatPrice = (usd: number) => `$${number.format(usd)}`;
