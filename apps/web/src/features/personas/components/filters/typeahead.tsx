import * as Popover from '@radix-ui/react-popover';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/utils';
import { useFilterOptions, type FilterOption, type FilterOptionsSource } from '../../api/filter-info';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { Chips } from './chips';

export const TYPEAHEAD_DEBOUNCE_MS = 250;

type Props = {
  /** The visible label; also the accessible name of the combobox. */
  label: string;
  /** Where the suggestions come from (filter_info facet); null: free text only. */
  source: FilterOptionsSource | null;
  selected: string[];
  onPick: (option: FilterOption) => void;
  onRemove: (index: number) => void;
  tone?: 'include' | 'exclude';
  /** Typed text may be added as is (otherwise only suggestions can be picked). */
  allowFreeText?: boolean;
  /** Turns typed text into the value to add (e.g. SIC codes to digits); '' refuses it. */
  normalize?: (text: string) => string;
  placeholder?: string;
  hint?: string;
};

/**
 * A typeahead picker: a combobox input (listbox popup in a Radix Popover, arrow keys, Enter picks,
 * Escape closes, Backspace on an empty input removes the last chip) and the picked values as chips.
 */
export function Typeahead({
  label,
  source,
  selected,
  onPick,
  onRemove,
  tone = 'include',
  allowFreeText = true,
  normalize = (t) => t.trim(),
  placeholder,
  hint,
}: Props) {
  const id = useId();
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const wrapper = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  // Nothing is pre-selected: Enter never picks an option (not even 'Add “…”') the user did not move to.
  const [active, setActive] = useState(-1);
  const debounced = useDebouncedValue(query.trim(), TYPEAHEAD_DEBOUNCE_MS);
  const options = useFilterOptions(source, debounced, open);

  const lowerSelected = new Set(selected.map((s) => s.toLowerCase()));
  const suggestions = (options.data ?? []).filter((o) => !lowerSelected.has(o.name.toLowerCase()));
  const typed = normalize(query);
  const showTyped =
    allowFreeText && typed !== '' && !lowerSelected.has(typed.toLowerCase()) && !suggestions.some((o) => o.name.toLowerCase() === typed.toLowerCase());
  const items: FilterOption[] = [...(showTyped ? [{ id: typed, name: typed, uid: typed }] : []), ...suggestions];
  const activeIndex = active < items.length ? active : -1;
  const expanded = open && (items.length > 0 || (options.isFetching && query.trim() !== ''));

  const pick = (option: FilterOption | undefined) => {
    if (!option) return;
    onPick(option);
    setQuery('');
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive(items.length === 0 ? -1 : (activeIndex + 1) % items.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActive(items.length === 0 ? -1 : activeIndex <= 0 ? items.length - 1 : activeIndex - 1);
    } else if (event.key === 'Enter') {
      if (query.trim() === '' && !expanded) return;
      event.preventDefault();
      // With suggestions on show, Enter picks only the one moved to, so a half-typed "Head" is not saved
      // while "Head of Sales" is offered; with none, Enter adds the typed text (free-text lists).
      if (expanded && activeIndex >= 0) pick(items[activeIndex]);
      else if (showTyped && suggestions.length === 0) pick(items[0]);
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
      }
    } else if (event.key === 'Backspace' && query === '' && selected.length > 0) {
      onRemove(selected.length - 1);
    }
  };

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <Popover.Root open={expanded} onOpenChange={setOpen}>
        <Popover.Anchor asChild>
          <div ref={wrapper} className="relative">
            <Input
              id={id}
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={expanded}
              aria-controls={expanded ? listId : undefined}
              aria-activedescendant={expanded && activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
              aria-describedby={hint ? hintId : undefined}
              autoComplete="off"
              value={query}
              placeholder={placeholder ?? 'Type to search…'}
              onChange={(e) => {
                setQuery(e.target.value);
                setActive(-1);
                setOpen(true);
              }}
              onFocus={() => setOpen(true)}
              onBlur={() => setOpen(false)}
              onKeyDown={onKeyDown}
            />
            {options.isFetching && open ? <Spinner className="absolute top-2.5 right-2.5 h-4 w-4 text-muted" /> : null}
          </div>
        </Popover.Anchor>
        <Popover.Portal>
          <Popover.Content
            align="start"
            sideOffset={4}
            onOpenAutoFocus={(e) => e.preventDefault()}
            onCloseAutoFocus={(e) => e.preventDefault()}
            onInteractOutside={(e) => {
              if (wrapper.current?.contains(e.target as Node)) e.preventDefault();
            }}
            className="dark z-50 max-h-64 w-[var(--radix-popover-trigger-width)] min-w-56 overflow-y-auto rounded-lg border border-border bg-surface p-1 text-fg shadow-xl shadow-black/40"
          >
            <ul id={listId} role="listbox" aria-label={`${label} suggestions`}>
              {items.map((option, index) => (
                <li
                  key={`${option.uid}-${index}`}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === activeIndex}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => pick(option)}
                  onMouseEnter={() => setActive(index)}
                  className={cn(
                    'flex cursor-pointer items-center justify-between gap-3 rounded-md px-2.5 py-1.5 text-sm',
                    index === activeIndex ? 'bg-surface-2 text-fg' : 'text-muted',
                  )}
                >
                  <span>{showTyped && index === 0 ? `Add “${option.name}”` : option.name}</span>
                  {typeof option.count === 'number' ? (
                    <span className="text-xs tabular-nums text-muted">
                      <span className="sr-only">, </span>
                      {option.count}
                    </span>
                  ) : null}
                </li>
              ))}
              {items.length === 0 ? <li className="px-2.5 py-1.5 text-sm text-muted">Searching…</li> : null}
            </ul>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {hint ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <Chips items={selected} field={label} onRemove={onRemove} tone={tone} />
    </div>
  );
}
