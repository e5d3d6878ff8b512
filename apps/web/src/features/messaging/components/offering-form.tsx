import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { apiErrorMessages } from '@shared/api';
import { createOfferingBodySchema, CURRENCIES, PRICE_PERIODS, type Offering } from '@shared/schemas/messaging';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Label } from '@web/components/ui/label';
import { selectClass, textareaClassOf } from '@web/components/ui/styles';
import { useCreateOffering, useUpdateOffering } from '../api/offerings';

const PERIOD_LABELS: Record<(typeof PRICE_PERIODS)[number], string> = {
  one_time: 'One-time',
  month: 'Per month',
  year: 'Per year',
  user_month: 'Per user per month',
  user_year: 'Per user per year',
};

type Values = {
  name: string;
  description: string;
  price_min: number | null;
  price_max: number | null;
  currency: (typeof CURRENCIES)[number];
  price_period: (typeof PRICE_PERIODS)[number];
  url: string;
};

const toValues = (o?: Offering): Values => ({
  name: o?.name ?? '',
  description: o?.description ?? '',
  price_min: o?.price_min ?? null,
  price_max: o?.price_max ?? null,
  currency: o?.currency ?? 'USD',
  price_period: o?.price_period ?? 'one_time',
  url: o?.url ?? '',
});

const numberOrNull = (v: unknown) => (v === '' || v == null ? null : Number(v));

/** Create or edit an offering, validated with the shared offering schema. */
export function OfferingForm({ offering, onDone, onCancel }: { offering?: Offering; onDone: (o: Offering) => void; onCancel: () => void }) {
  const id = useId();
  const create = useCreateOffering();
  const update = useUpdateOffering();
  const mutation = offering ? update : create;
  const form = useForm<Values>({
    resolver: zodResolver(createOfferingBodySchema) as unknown as Resolver<Values>,
    defaultValues: toValues(offering),
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    // Only this form's fields: the resolver's output also holds the product page's defaults (claims: [] and so on),
    // which must not overwrite what /cabinet/my-products keeps.
    const { name, description, price_min, price_max, currency, price_period } = values;
    const body = { name, description, price_min, price_max, currency, price_period, url: values.url || null };
    try {
      const saved = offering ? await update.mutateAsync({ id: offering.id, body }) : await create.mutateAsync(body);
      onDone(saved);
    } catch {
      /* shown below */
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label={offering ? `Edit ${offering.name}` : 'New offering'}>
      <Field label="Name" error={errors.name?.message} {...form.register('name')} />
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-description`}>Description</Label>
        <textarea id={`${id}-description`} className={textareaClassOf('min-h-28')} aria-invalid={errors.description ? true : undefined} {...form.register('description')} />
        {errors.description ? <p className="text-xs text-danger">{errors.description.message}</p> : null}
      </div>
      <div className="grid gap-3 sm:grid-cols-4">
        <Field label="Lowest price" type="number" min={0} step="any" error={errors.price_min?.message} {...form.register('price_min', { setValueAs: numberOrNull })} />
        <Field label="Highest price" type="number" min={0} step="any" error={errors.price_max?.message} {...form.register('price_max', { setValueAs: numberOrNull })} />
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-currency`}>Currency</Label>
          <select id={`${id}-currency`} className={selectClass} {...form.register('currency')}>
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-period`}>Billing</Label>
          <select id={`${id}-period`} className={selectClass} {...form.register('price_period')}>
            {PRICE_PERIODS.map((p) => (
              <option key={p} value={p}>
                {PERIOD_LABELS[p]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Field label="Page URL" type="url" placeholder="https://" error={errors.url?.message} {...form.register('url')} />
      <ServerErrors messages={mutation.isError ? apiErrorMessages(mutation.error) : null} />
      <div className="flex gap-2">
        <Button type="submit" pending={mutation.isPending}>
          {offering ? 'Save offering' : 'Add offering'}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function formatPrice(o: Offering): string | null {
  if (o.price_min == null && o.price_max == null) return null;
  const nf = new Intl.NumberFormat('en', { style: 'currency', currency: o.currency, minimumFractionDigits: 0, maximumFractionDigits: 2 });
  const range =
    o.price_min != null && o.price_max != null && o.price_min !== o.price_max
      ? `${nf.format(o.price_min)}–${nf.format(o.price_max)}`
      : nf.format((o.price_min ?? o.price_max)!);
  return `${range} ${PERIOD_LABELS[o.price_period].toLowerCase()}`;
}
