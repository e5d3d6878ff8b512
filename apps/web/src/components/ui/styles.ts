/**
 * The look every text control of the app shares: <Input> (input.tsx), and the native select and textarea
 * below. Border and surface, the focus ring, a danger border when aria-invalid.
 */
export const controlClass =
  'rounded-lg border border-border bg-surface-2 px-3 text-sm text-fg focus-visible:border-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent/40 aria-[invalid=true]:border-danger';

/** A native select in the input style (as tall as <Input>). */
export const selectClass = `h-10 w-full ${controlClass}`;

/** A native textarea in the input style, at least `minHeight` tall: taller for the longer texts. */
export const textareaClassOf = (minHeight: 'min-h-20' | 'min-h-28' | 'min-h-32') => `${minHeight} w-full py-2 placeholder:text-muted/70 ${controlClass}`;

export const textareaClass = textareaClassOf('min-h-20');

export const thClass = 'px-3 py-2 text-left text-xs font-medium tracking-wide text-muted uppercase';
export const tdClass = 'px-3 py-2.5 text-sm text-fg';

export const formatDate = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
};
