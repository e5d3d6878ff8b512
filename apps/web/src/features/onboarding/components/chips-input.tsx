import { X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';

type ChipsInputProps = {
  label: string;
  value: string[];
  onChange: (next: string[]) => void;
  placeholder?: string;
  error?: string;
  suggestions?: readonly string[];
};

/** A list of short texts as chips: type and press Enter (or comma, or Add); each chip can be removed. */
export function ChipsInput({ label, value, onChange, placeholder, error, suggestions = [] }: ChipsInputProps) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const add = (raw: string) => {
    const items = raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const next = [...value];
    for (const item of items) if (!next.some((v) => v.toLowerCase() === item.toLowerCase())) next.push(item);
    onChange(next);
    setDraft('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      if (draft.trim()) add(draft);
    } else if (e.key === 'Backspace' && !draft && value.length) {
      onChange(value.slice(0, -1));
    }
  };
  const unused = suggestions.filter((s) => !value.some((v) => v.toLowerCase() === s.toLowerCase()));
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {value.length ? (
        <ul className="flex flex-wrap gap-2" aria-label={`${label} added`}>
          {value.map((v) => (
            <li key={v} className="inline-flex items-center gap-1 rounded-full border border-border bg-surface-2 py-1 pl-3 pr-1 text-sm text-fg">
              {v}
              <button
                type="button"
                className="rounded-full p-0.5 text-muted hover:text-fg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent/40 max-md:p-2"
                aria-label={`Remove ${v}`}
                onClick={() => onChange(value.filter((x) => x !== v))}
              >
                <X className="h-3.5 w-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => draft.trim() && add(draft)}
        />
        <Button type="button" variant="secondary" onClick={() => draft.trim() && add(draft)} aria-label={`Add ${label.toLowerCase()}`}>
          Add
        </Button>
      </div>
      {unused.length ? (
        <div className="flex flex-wrap gap-1.5">
          {unused.slice(0, 8).map((s) => (
            <button key={s} type="button" className="inline-flex min-h-8 items-center rounded-full border border-dashed border-border px-3 py-1 text-xs text-muted hover:text-fg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent max-md:min-h-10 max-md:text-sm" onClick={() => add(s)}>
              + {s}
            </button>
          ))}
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
