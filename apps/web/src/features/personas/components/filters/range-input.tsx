import { useId } from 'react';
import type { FilterRange } from '@shared/schemas/person-filters';
import { Input } from '@web/components/ui/input';

const toNumber = (text: string): number | null => {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
};

/** Min and max inputs; a bound left empty (or below 0, which is never sent) does not narrow the search. */
export function RangeInput({
  label,
  value,
  onChange,
  unit,
}: {
  label: string;
  value: FilterRange | undefined;
  onChange: (range: FilterRange) => void;
  unit?: string;
}) {
  const id = useId();
  const negative = (typeof value?.min === 'number' && value.min < 0) || (typeof value?.max === 'number' && value.max < 0);
  return (
    <fieldset className="space-y-1.5" aria-describedby={negative ? `${id}-warn` : undefined}>
      <legend className="text-sm font-medium text-fg">
        {label}
        {unit ? <span className="font-normal text-muted"> ({unit})</span> : null}
      </legend>
      <div className="flex items-center gap-2">
        <Input
          type="number"
          inputMode="numeric"
          min={0}
          aria-label={`${label} minimum`}
          placeholder="Min"
          value={value?.min ?? ''}
          onChange={(e) => onChange({ ...value, min: toNumber(e.target.value) })}
        />
        <span className="text-muted" aria-hidden>
          –
        </span>
        <Input
          type="number"
          inputMode="numeric"
          min={0}
          aria-label={`${label} maximum`}
          placeholder="Max"
          value={value?.max ?? ''}
          onChange={(e) => onChange({ ...value, max: toNumber(e.target.value) })}
        />
      </div>
      {negative ? (
        <p id={`${id}-warn`} className="text-xs text-warning">
          Values below 0 are ignored.
        </p>
      ) : null}
    </fieldset>
  );
}
