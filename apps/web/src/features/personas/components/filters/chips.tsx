import { X } from 'lucide-react';
import { cn } from '@web/lib/utils';

/** Picked values as chips; each has a remove button named "Remove <value> from <field>". */
export function Chips({
  items,
  field,
  onRemove,
  tone = 'include',
}: {
  items: string[];
  field: string;
  onRemove: (index: number) => void;
  tone?: 'include' | 'exclude';
}) {
  if (items.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={`${field}: selected`}>
      {items.map((item, index) => (
        <li
          key={`${item}-${index}`}
          className={cn(
            'inline-flex items-center gap-1 rounded-full border py-0.5 pr-1 pl-2.5 text-xs',
            tone === 'include' ? 'border-accent/40 bg-accent/15 text-fg' : 'border-danger/40 bg-danger/10 text-fg',
          )}
        >
          <span>{item}</span>
          <button
            type="button"
            onClick={() => onRemove(index)}
            aria-label={`Remove ${item} from ${field}`}
            className="rounded-full p-0.5 text-muted hover:bg-surface-2 hover:text-fg focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none"
          >
            <X className="h-3 w-3" aria-hidden />
          </button>
        </li>
      ))}
    </ul>
  );
}
