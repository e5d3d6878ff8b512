import { Copy, KeyRound } from 'lucide-react';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { notify } from '@web/lib/notify';

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    notify.success(`${what} copied`);
  } catch {
    notify.error('Could not copy: select the text and copy it by hand');
  }
}

/** A key or secret shown this once (the server keeps only a hash or a sealed copy), with a copy button. */
export function SecretReveal({ label, value, onDone }: { label: string; value: string; onDone: () => void }) {
  return (
    <Alert tone="warning" className="space-y-2">
      <p className="flex items-center gap-2 font-medium">
        <KeyRound className="h-4 w-4" aria-hidden /> Your {label.toLowerCase()}: copy it now, it is not shown again.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="rounded bg-black/30 px-2 py-1 font-mono text-xs break-all text-fg" aria-label={label}>
          {value}
        </code>
        <Button type="button" size="sm" variant="secondary" onClick={() => void copy(value, label)}>
          <Copy className="h-4 w-4" aria-hidden /> Copy
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          I have saved it
        </Button>
      </div>
    </Alert>
  );
}
