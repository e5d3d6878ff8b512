import { REPLY_STATUS_LABELS } from '@shared/schemas/inbox';
import { Dialog } from '@web/components/ui/dialog';
import { LoadError } from '@web/components/ui/load-error';
import { Spinner } from '@web/components/ui/spinner';
import { useReplyStatusCorrections } from '../api/inbox';

const percent = (n: number, of: number) => `${Math.round((n / of) * 100)} %`;

/**
 * "Label accuracy": per label the classifier gave, how often you changed it and to what most often
 * (GET reply_status_corrections). Opened from the inbox header; a dialog, so it has focus, Escape and a title.
 */
export function LabelAccuracyDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const corrections = useReplyStatusCorrections(open);
  const rows = (corrections.data ?? []).filter((r) => r.given > 0 || r.corrected > 0);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Label accuracy" description="How often you corrected each label the classifier gave a reply. Your corrections are kept.">
      {corrections.isPending ? (
        <Spinner label="Loading label accuracy" />
      ) : corrections.isError ? (
        <LoadError what="the label accuracy" error={corrections.error} onRetry={() => corrections.refetch()} />
      ) : rows.length === 0 ? (
        <p className="text-sm text-muted">No reply has been labelled yet. When replies arrive, each label shows here with how often you changed it.</p>
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-xs text-muted">
              <th scope="col" className="py-1 pr-3 font-medium">Label</th>
              <th scope="col" className="py-1 pr-3 font-medium">Corrected</th>
              <th scope="col" className="py-1 font-medium">Most often to</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.label} className="border-t border-border">
                <th scope="row" className="py-1.5 pr-3 text-left font-normal text-fg">
                  {REPLY_STATUS_LABELS[r.label]}
                </th>
                <td className="py-1.5 pr-3 text-fg">{r.given > 0 ? `corrected ${r.corrected} of ${r.given} (${percent(r.corrected, r.given)})` : `corrected ${r.corrected}`}</td>
                <td className="py-1.5 text-muted">{r.corrected_to[0] ? `${REPLY_STATUS_LABELS[r.corrected_to[0].label]} (${r.corrected_to[0].count})` : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Dialog>
  );
}
