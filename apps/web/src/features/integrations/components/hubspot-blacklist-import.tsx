import { useState } from 'react';
import { Link } from 'react-router';
import { apiErrorMessages } from '@shared/api';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { selectClass } from '@web/components/ui/styles';
import { paths } from '@web/config/paths';
import { useConfirmBlacklistImport, useHubSpotLists, usePreviewBlacklistImport, useSync } from '../api/integrations';

/**
 * Customers and open deals are never cold-emailed: every HubSpot contact, or a list's members, to the blacklist. The
 * preview comes first (read from HubSpot in the background): how many would be added, are there already, are skipped;
 * nothing is added before "Add to blacklist".
 */
export function HubSpotBlacklistImport({ integrationId }: { integrationId: number }) {
  const lists = useHubSpotLists(true);
  const [listId, setListId] = useState('');
  const [syncId, setSyncId] = useState<number | null>(null);
  const preview = usePreviewBlacklistImport();
  const confirm = useConfirmBlacklistImport(integrationId);
  const sync = useSync(integrationId, syncId);
  const s = sync.data;
  const listName = lists.data?.data.find((l) => l.id === listId)?.name ?? null;
  const start = () => preview.mutate({ list_id: listId || null, list_name: listName }, { onSuccess: (r) => setSyncId(r.id) });
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-56 flex-1 space-y-1.5">
          <Label htmlFor="hubspot-suppression-list">Contacts to keep out of campaigns</Label>
          <select id="hubspot-suppression-list" className={selectClass} value={listId} onChange={(e) => setListId(e.target.value)} disabled={lists.isPending}>
            <option value="">Every contact in HubSpot</option>
            {lists.data?.data.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
                {l.size !== null ? ` (${l.size})` : ''}
              </option>
            ))}
          </select>
        </div>
        <Button type="button" variant="secondary" pending={preview.isPending} onClick={start}>
          Preview import
        </Button>
      </div>
      {lists.isError ? <ServerErrors messages={apiErrorMessages(lists.error)} /> : null}
      {preview.isError ? <ServerErrors messages={apiErrorMessages(preview.error)} /> : null}
      {s?.status === 'previewing' ? (
        <p className="flex items-center gap-2 text-sm text-muted">
          <Spinner /> Reading HubSpot: {s.preview?.read ?? 0} contacts so far…
        </p>
      ) : null}
      {s && s.preview && s.status !== 'previewing' ? (
        <div className="rounded-lg border border-border p-3 text-sm" aria-label="Import preview">
          <p className="text-fg">
            {s.preview.read} contacts read: <strong>{s.preview.create} would be added</strong> to your blacklist, {s.preview.existing} are on it already, {s.preview.skipped} skipped (no valid address).
            {s.preview.truncated ? ' Only the first 100,000 contacts were read.' : ''}
          </p>
          {s.preview.sample.length ? <p className="mt-1 text-xs text-muted">For example: {s.preview.sample.join(', ')}</p> : null}
          {s.status === 'previewed' ? (
            <Button type="button" size="sm" className="mt-2" disabled={s.preview.create === 0} pending={confirm.isPending} onClick={() => confirm.mutate(s.id)}>
              Add {s.preview.create} to blacklist
            </Button>
          ) : null}
          {s.status === 'applying' ? (
            <p className="mt-2 flex items-center gap-2 text-muted">
              <Spinner /> Adding to your blacklist…
            </p>
          ) : null}
          {s.status === 'applied' ? (
            <p className="mt-2 text-success">
              Added {String(s.result?.added ?? 0)} addresses. <Link to={paths.cabinet.blacklist.path} className="underline">See the blacklist</Link>
            </p>
          ) : null}
        </div>
      ) : null}
      {s?.status === 'failed' ? <ServerErrors messages={[s.error ?? 'The import failed']} /> : null}
      {confirm.isError ? <ServerErrors messages={apiErrorMessages(confirm.error)} /> : null}
    </div>
  );
}
