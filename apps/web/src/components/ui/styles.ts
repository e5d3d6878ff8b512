export const selectClass =
  'h-10 w-full rounded-lg border border-border bg-surface-2 px-3 text-sm text-fg focus-visible:border-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent/40';

export const textareaClass =
  'min-h-20 w-full rounded-lg border border-border bg-surface-2 px-3 py-2 text-sm text-fg placeholder:text-muted/70 focus-visible:border-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent/40 aria-[invalid=true]:border-danger';

export const thClass = 'px-3 py-2 text-left text-xs font-medium tracking-wide text-muted uppercase';
export const tdClass = 'px-3 py-2.5 text-sm text-fg';

export const formatDate = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
};
