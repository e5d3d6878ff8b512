import type { ClaimFlag } from '@shared/schemas/claims';
import { Alert } from '@web/components/ui/alert';

/**
 * The claims check's findings on a text: each sentence that states something no approved claim (nor the prospect's
 * own data) supports, the fragment in it, and why. Nothing when every fact is supported.
 */
export function ClaimFlags({ flags, title }: { flags: readonly ClaimFlag[]; title?: string }) {
  if (flags.length === 0) return null;
  const bySentence = new Map<string, ClaimFlag[]>();
  for (const f of flags) bySentence.set(f.sentence, [...(bySentence.get(f.sentence) ?? []), f]);
  return (
    <Alert tone="warning">
      <p className="font-medium">
        {title ?? (flags.length === 1 ? 'One claim the approved claims do not support' : `${flags.length} claims the approved claims do not support`)}
      </p>
      <ul className="space-y-1.5" aria-label="Unsupported claims">
        {[...bySentence].map(([sentence, items]) => (
          <li key={sentence}>
            <q className="italic">{sentence}</q>
            <ul className="ml-4 list-disc text-xs text-muted">
              {items.map((f) => (
                <li key={f.fragment}>{f.reason}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted">Approve the fact with its source on My products, or change the sentence.</p>
    </Alert>
  );
}
