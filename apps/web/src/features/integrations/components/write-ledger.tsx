import { apiErrorMessages } from '@shared/api';
import type { IntegrationWrite } from '@shared/schemas/integrations';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { LoadError } from '@web/components/ui/load-error';
import { Spinner } from '@web/components/ui/spinner';
import { tdClass, thClass } from '@web/components/ui/styles';
import { cn } from '@web/lib/utils';
import { useReplay, useWrites } from '../api/integrations';

const STATUS_TEXT: Record<IntegrationWrite['status'], string> = { pending: 'Waiting', running: 'Writing', succeeded: 'Written', failed: 'Failed' };
const STATUS_CLASS: Record<IntegrationWrite['status'], string> = { pending: 'text-muted', running: 'text-accent', succeeded: 'text-success', failed: 'text-danger' };

/** The integration's write ledger: every write to the vendor, its record, answer, attempts and error; a failed one can be replayed. */
export function WriteLedger({ integrationId }: { integrationId: number }) {
  const writes = useWrites(integrationId);
  const replay = useReplay();
  if (writes.isPending) return <Spinner label="Loading the write ledger" />;
  if (writes.isError) return <LoadError what="the write ledger" error={writes.error} onRetry={() => writes.refetch()} />;
  if (!writes.data.length) return <p className="text-sm text-muted">No writes yet. Every record the product creates or changes at the vendor will be listed here.</p>;
  return (
    <div className="space-y-2">
      <div className="overflow-x-auto">
        <table className="w-full" aria-label="Write ledger">
          <thead>
            <tr>
              <th className={thClass}>When</th>
              <th className={thClass}>What</th>
              <th className={thClass}>Status</th>
              <th className={thClass}>Record</th>
              <th className={thClass}>Attempts</th>
              <th className={thClass}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {writes.data.map((w) => (
              <tr key={w.id} className="border-t border-border align-top">
                <td className={cn(tdClass, 'whitespace-nowrap text-muted')}>{new Date(w.created_at).toLocaleString()}</td>
                <td className={tdClass}>
                  <p>{w.summary}</p>
                  {w.error ? <p className={cn('text-xs', w.status === 'failed' ? 'text-danger' : 'text-muted')}>{w.error}</p> : null}
                </td>
                <td className={cn(tdClass, 'whitespace-nowrap', STATUS_CLASS[w.status])}>
                  {STATUS_TEXT[w.status]}
                  {w.response_status ? <span className="text-muted"> ({w.response_status})</span> : null}
                </td>
                <td className={cn(tdClass, 'font-mono text-xs')}>{w.record_id ?? '—'}</td>
                <td className={tdClass}>{w.attempts}</td>
                <td className={tdClass}>
                  {w.replayable ? (
                    <Button type="button" size="sm" variant="secondary" pending={replay.isPending && replay.variables?.writeId === w.id} onClick={() => replay.mutate({ id: integrationId, writeId: w.id })}>
                      Replay
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {replay.isError ? <ServerErrors messages={apiErrorMessages(replay.error)} /> : null}
    </div>
  );
}
