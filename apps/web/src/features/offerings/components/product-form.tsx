import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useFieldArray, useForm, useWatch, type Resolver } from 'react-hook-form';
import { apiErrorMessages } from '@shared/api';
import { CLAIM_KIND_LABELS, CLAIM_KINDS, CLAIMS_MAX, type ApprovedClaim } from '@shared/schemas/claims';
import { createOfferingBodySchema, CURRENCIES, PRICE_PERIODS, type Offering } from '@shared/schemas/messaging';
import { useCreateOffering, usePersonas, useUpdateOffering } from '@web/features/messaging';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Label } from '@web/components/ui/label';
import { controlClass, selectClass, textareaClassOf } from '@web/components/ui/styles';

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
  pricing_notes: string;
  url: string;
  persona_ids: number[];
  not_for: string;
  proof: string;
  claims: ApprovedClaim[];
};

const toValues = (o?: Offering): Values => ({
  name: o?.name ?? '',
  description: o?.description ?? '',
  price_min: o?.price_min ?? null,
  price_max: o?.price_max ?? null,
  currency: o?.currency ?? 'USD',
  price_period: o?.price_period ?? 'month',
  pricing_notes: o?.pricing_notes ?? '',
  url: o?.url ?? '',
  persona_ids: o?.persona_ids ?? [],
  not_for: o?.not_for ?? '',
  proof: o?.proof ?? '',
  claims: o?.claims ?? [],
});

const numberOrNull = (v: unknown) => (v === '' || v == null ? null : Number(v));
const emptyClaim: ApprovedClaim = { text: '', kind: 'number', source: '' };

function TextArea({ label, error, hint, ...props }: { label: string; error?: string; hint?: string } & React.ComponentProps<'textarea'>) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <textarea id={id} className={textareaClassOf('min-h-20')} aria-invalid={error ? true : undefined} {...props} />
      {hint && !error ? <p className="text-xs text-muted">{hint}</p> : null}
      {error ? <p className="text-xs text-danger">{error}</p> : null}
    </div>
  );
}

/** Create or edit a product (an offering), with its approved claims as rows; validated with the shared offering schema. */
export function ProductForm({ offering, onDone, onCancel }: { offering?: Offering; onDone: (o: Offering) => void; onCancel: () => void }) {
  const id = useId();
  const create = useCreateOffering();
  const update = useUpdateOffering();
  const mutation = offering ? update : create;
  const personas = usePersonas({ page: 1, per_page: 100 });
  const form = useForm<Values>({
    resolver: zodResolver(createOfferingBodySchema) as unknown as Resolver<Values>,
    defaultValues: toValues(offering),
  });
  const claims = useFieldArray({ control: form.control, name: 'claims' });
  const { errors } = form.formState;
  const chosen = useWatch({ control: form.control, name: 'persona_ids' });
  const onSubmit = form.handleSubmit(async (values) => {
    const body = { ...values, url: values.url || null };
    try {
      const saved = offering ? await update.mutateAsync({ id: offering.id, body }) : await create.mutateAsync(body);
      onDone(saved);
    } catch {
      /* shown below */
    }
  });
  const togglePersona = (personaId: number) =>
    form.setValue('persona_ids', chosen.includes(personaId) ? chosen.filter((p) => p !== personaId) : [...chosen, personaId], { shouldDirty: true });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={offering ? `Edit ${offering.name}` : 'New product'}>
      <Field label="Name" error={errors.name?.message} {...form.register('name')} />
      <TextArea label="Description" error={errors.description?.message} {...form.register('description')} />
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
      <Field label="Pricing notes" placeholder="Volume discounts from 50 seats" error={errors.pricing_notes?.message} {...form.register('pricing_notes')} />
      <Field label="Page URL" type="url" placeholder="https://" error={errors.url?.message} {...form.register('url')} />

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-fg">Personas it fits</legend>
        {personas.isPending ? <p className="text-xs text-muted">Loading personas…</p> : null}
        {personas.isError ? <p className="text-xs text-danger">Personas could not be loaded.</p> : null}
        {personas.data && personas.data.data.length === 0 ? <p className="text-xs text-muted">No personas yet: add them under Business information → Personas.</p> : null}
        <div className="flex flex-wrap gap-3">
          {personas.data?.data.map((p) => (
            <label key={p.id} className="flex items-center gap-2 text-sm text-fg">
              <input type="checkbox" checked={chosen.includes(p.id)} onChange={() => togglePersona(p.id)} />
              {p.name}
            </label>
          ))}
        </div>
        {errors.persona_ids?.message ? <p className="text-xs text-danger">{errors.persona_ids.message}</p> : null}
      </fieldset>
      <TextArea label="Not for" hint="Who should not be pitched it." error={errors.not_for?.message} {...form.register('not_for')} />
      <TextArea label="Proof" hint="Case studies and figures, one per line." error={errors.proof?.message} {...form.register('proof')} />

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-fg">Approved claims</legend>
        <p className="text-xs text-muted">The agent states only facts these support: each email is checked against them before it is sent or shown for review.</p>
        {claims.fields.length === 0 ? <p className="text-sm text-muted">No approved claims yet: numbers, customers, features or prices the agent may state.</p> : null}
        {claims.fields.map((field, i) => {
          const e = errors.claims?.[i];
          return (
            <div key={field.id} role="group" aria-label={`Claim ${i + 1}`} className="grid gap-2 rounded-lg border border-border p-3 sm:grid-cols-[2fr_8rem_2fr_auto]">
              <div className="space-y-1">
                <Label htmlFor={`${id}-claim-${i}-text`}>Claim</Label>
                <input id={`${id}-claim-${i}-text`} className={`h-10 w-full ${controlClass}`} aria-invalid={e?.text ? true : undefined} {...form.register(`claims.${i}.text`)} />
                {e?.text ? <p className="text-xs text-danger">{e.text.message}</p> : null}
              </div>
              <div className="space-y-1">
                <Label htmlFor={`${id}-claim-${i}-kind`}>Kind</Label>
                <select id={`${id}-claim-${i}-kind`} className={selectClass} {...form.register(`claims.${i}.kind`)}>
                  {CLAIM_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {CLAIM_KIND_LABELS[k]}
                    </option>
                  ))}
                </select>
              </div>
              <div className="space-y-1">
                <Label htmlFor={`${id}-claim-${i}-source`}>Source (URL or note)</Label>
                <input id={`${id}-claim-${i}-source`} className={`h-10 w-full ${controlClass}`} aria-invalid={e?.source ? true : undefined} {...form.register(`claims.${i}.source`)} />
                {e?.source ? <p className="text-xs text-danger">{e.source.message}</p> : null}
              </div>
              <div className="flex items-end">
                <Button type="button" variant="ghost" size="sm" onClick={() => claims.remove(i)} aria-label={`Remove claim ${i + 1}`}>
                  <Trash2 className="h-4 w-4" aria-hidden />
                </Button>
              </div>
            </div>
          );
        })}
        {errors.claims?.message ? <p className="text-xs text-danger">{errors.claims.message}</p> : null}
        {claims.fields.length < CLAIMS_MAX ? (
          <Button type="button" variant="secondary" size="sm" onClick={() => claims.append(emptyClaim)}>
            <Plus className="h-4 w-4" aria-hidden /> Add a claim
          </Button>
        ) : null}
      </fieldset>

      <ServerErrors messages={mutation.isError ? apiErrorMessages(mutation.error) : null} />
      <div className="flex gap-2">
        <Button type="submit" pending={mutation.isPending}>
          {offering ? 'Save product' : 'Add product'}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
