import { useState, type FormEvent } from 'react';
import { apiErrorMessages } from '@shared/api';
import { PIPELINE_DEAL_VALUE_MAX, type PipelineProspect } from '@shared/schemas/pipeline';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { useUpdatePipelineDeal } from '../api/pipeline';

const amount = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
const day = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "12,500.5 · closes 28 Feb 2027" for the card; null when the card carries neither. */
export function dealLine(card: Pick<PipelineProspect, 'deal_value' | 'expected_close_on'>): string | null {
  const parts = [
    card.deal_value !== null ? `Deal ${amount.format(card.deal_value)}` : null,
    card.expected_close_on ? `closes ${day.format(new Date(`${card.expected_close_on}T00:00:00Z`))}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

/** What a typed amount means: null for an empty field, NaN when it is not a number ("12 500,50" and "12,500.50" are read). */
export function parseAmount(text: string): number | null {
  const t = text.trim().replace(/[\s\u00a0]/g, '');
  if (!t) return null;
  // One comma and no dot: a decimal comma ("12500,50"); otherwise commas group thousands.
  const normal = /^\d+,\d{1,2}$/.test(t) ? t.replace(',', '.') : t.replace(/,/g, '');
  return /^\d+(\.\d{1,2})?$/.test(normal) ? Number(normal) : Number.NaN;
}

/**
 * The card's deal: what it is worth (the account's own currency) and when the user expects it to close. Either may
 * be left empty (cleared); the insights' opportunities sum the values.
 */
export function DealDialog({ card, name, open, onOpenChange }: { card: PipelineProspect; name: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [value, setValue] = useState(card.deal_value === null ? '' : String(card.deal_value));
  const [closeOn, setCloseOn] = useState(card.expected_close_on ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useUpdatePipelineDeal();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseAmount(value);
    if (parsed !== null && (Number.isNaN(parsed) || parsed > PIPELINE_DEAL_VALUE_MAX)) {
      setError('Enter an amount such as 12500 or 12,500.50');
      return;
    }
    setError(null);
    save.mutate({ card, body: { deal_value: parsed, expected_close_on: closeOn || null } }, { onSuccess: () => onOpenChange(false) });
  };
  const serverError = save.isError ? apiErrorMessages(save.error).join(' ') : null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Deal with ${name}`} description="What the deal is worth, in your own currency, and when you expect it to close. Insights add these up.">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field label="Deal value" inputMode="decimal" autoComplete="off" value={value} onChange={(e) => setValue(e.target.value)} error={error ?? undefined} hint="Leave empty if you do not know yet" />
        <Field label="Expected close date" type="date" value={closeOn} onChange={(e) => setCloseOn(e.target.value)} />
        {serverError ? (
          <p role="alert" className="text-sm text-danger">
            {serverError}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" pending={save.isPending}>
            Save deal
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
