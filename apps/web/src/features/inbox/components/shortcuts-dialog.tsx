import { Dialog } from '@web/components/ui/dialog';

export const SHORTCUTS: Array<[string, string]> = [
  ['j or ↓', 'Next thread (or interaction)'],
  ['k or ↑', 'Previous thread (or interaction)'],
  ['Enter', 'Open the thread (or interaction)'],
  ['e', 'Done: mark read and go to the next thread'],
  ['r', 'Reply: focus the answer box'],
  ['?', 'This help'],
];

export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Keyboard shortcuts" description="They work when you are not typing in a field.">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {SHORTCUTS.map(([key, what]) => (
          <div key={key} className="contents">
            <dt>
              <kbd className="rounded border border-border bg-surface-2 px-1.5 py-0.5 font-mono text-xs">{key}</kbd>
            </dt>
            <dd className="text-muted">{what}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}

/** True when a key press belongs to what the user is typing (or to a modifier combination). */
export function isTypingTarget(e: KeyboardEvent): boolean {
  if (e.metaKey || e.ctrlKey || e.altKey) return true;
  const t = e.target as HTMLElement | null;
  if (!t || !(t instanceof HTMLElement)) return false;
  if (t.isContentEditable) return true;
  if (t.closest('[role="dialog"]')) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName);
}
