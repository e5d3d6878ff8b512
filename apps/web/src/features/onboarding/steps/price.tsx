import { CURRENCIES, PRICE_PERIODS } from '@shared/schemas/messaging';
import { Field } from '@web/components/ui/field';
import { Label } from '@web/components/ui/label';
import { selectClass } from '@web/components/ui/styles';
import { numberOrNull, StepFormShell, useStepForm, type StepFormProps } from './step-form';

const PERIOD_LABELS: Record<(typeof PRICE_PERIODS)[number], string> = {
  one_time: 'One-time',
  month: 'Per month',
  year: 'Per year',
  user_month: 'Per user per month',
  user_year: 'Per user per year',
};

export function PriceStep({ state, save, footer, errors }: StepFormProps<'price'>) {
  const saved = state.answers.price;
  const form = useStepForm('price', {
    price_min: saved?.price_min ?? null,
    price_max: saved?.price_max ?? null,
    currency: saved?.currency ?? 'USD',
    price_period: saved?.price_period ?? 'month',
  });
  const e = form.formState.errors;
  return (
    <StepFormShell form={form} save={(v) => save(v)} label="Price" footer={footer} errors={errors}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="From" type="number" min={0} step="any" error={e.price_min?.message} {...form.register('price_min', { setValueAs: numberOrNull })} />
        <Field label="To" type="number" min={0} step="any" error={e.price_max?.message} {...form.register('price_max', { setValueAs: numberOrNull })} />
        <div className="space-y-1.5">
          <Label htmlFor="price-currency">Currency</Label>
          <select id="price-currency" className={selectClass} {...form.register('currency')}>
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="price-period">Billing period</Label>
          <select id="price-period" className={selectClass} {...form.register('price_period')}>
            {PRICE_PERIODS.map((p) => (
              <option key={p} value={p}>
                {PERIOD_LABELS[p]}
              </option>
            ))}
          </select>
        </div>
      </div>
    </StepFormShell>
  );
}
