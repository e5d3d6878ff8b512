import { useState } from 'react';
import { Link } from 'react-router';
import { apiErrorMessages } from '@shared/api';
import type { Integration } from '@shared/schemas/integrations';
import type { SalesforceObject } from '@shared/schemas/integrations-salesforce';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { selectClass } from '@web/components/ui/styles';
import { paths } from '@web/config/paths';
import { notify } from '@web/lib/notify';
import { useConfirmSalesforceBlacklistImport, usePreviewSalesforceBlacklistImport, useSalesforceLists, useSync, useUpdateSettings } from '../api/integrations';

/**
 * Salesforce's part of its card: push replying prospects as Leads or Contacts, which list view is the suppression list
 * (its members are kept on the blacklist: customers are never cold-emailed), and the import of that list view's
 * members, previewed first (read in the background through the view's own filters), applied only on "Add to blacklist".
 */
export function SalesforceSection({ integration }: { integration: Integration }) {
  const lists = useSalesforceLists(integration.status === 'connected');
  const update = useUpdateSettings();
  const [object, setObject] = useState<SalesforceObject>(integration.settings.salesforce_object ?? 'Lead');
  const [listId, setListId] = useState(integration.settings.suppression_list_id ?? '');
  const [syncId, setSyncId] = useState<number | null>(null);
  const preview = usePreviewSalesforceBlacklistImport();
  const confirm = useConfirmSalesforceBlacklistImport(integration.id);
  const sync = useSync(integration.id, syncId);
  const s = sync.data;
  const view = lists.data?.find((l) => l.id === listId);
  const save = (settings: { salesforce_object?: SalesforceObject; suppression_list_id?: string | null }, what: string) =>
    update.mutate({ id: integration.id, settings }, { onSuccess: () => notify.success(what) });
  if (integration.status !== 'connected') return null;
  return (
    <div className="space-y-4">
      <section aria-label="Salesforce record type" className="space-y-1.5">
        <Label htmlFor="salesforce-object">Push replying prospects as</Label>
        <div className="flex flex-wrap items-center gap-2">
          <select id="salesforce-object" className={selectClass} value={object} onChange={(e) => setObject(e.target.value as SalesforceObject)}>
            <option value="Lead">Leads (LastName and Company filled in when unknown)</option>
            <option value="Contact">Contacts</option>
          </select>
          <Button type="button" size="sm" variant="secondary" pending={update.isPending} disabled={object === (integration.settings.salesforce_object ?? 'Lead')} onClick={() => save({ salesforce_object: object }, `Replies go to Salesforce as ${object}s`)}>
            Save
          </Button>
        </div>
      </section>
      <section aria-label="Salesforce list views to the blacklist" className="space-y-2">
        <h3 className="text-sm font-medium text-fg">Keep a Salesforce list view out of campaigns</h3>
        {lists.isPending ? <Spinner label="Loading list views" /> : null}
        {lists.isError ? <ServerErrors messages={apiErrorMessages(lists.error)} /> : null}
        {lists.data && lists.data.length === 0 ? <p className="text-sm text-muted">This org has no Lead or Contact list views yet: create one in Salesforce (for example “My customers”).</p> : null}
        {lists.data && lists.data.length > 0 ? (
          <div className="flex flex-wrap items-end gap-2">
            <div className="min-w-56 flex-1 space-y-1.5">
              <Label htmlFor="salesforce-suppression-list">Suppression list</Label>
              <select id="salesforce-suppression-list" className={selectClass} value={listId} onChange={(e) => setListId(e.target.value)}>
                <option value="">Choose a list view</option>
                {lists.data.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.sobject_type}s: {l.label}
                  </option>
                ))}
              </select>
            </div>
            <Button
              type="button"
              variant="secondary"
              disabled={!view}
              pending={preview.isPending}
              onClick={() => {
                if (!view) return;
                if (view.id !== integration.settings.suppression_list_id) save({ suppression_list_id: view.id }, `“${view.label}” is the suppression list`);
                preview.mutate({ listId: view.id, sobject: view.sobject_type, listName: view.label }, { onSuccess: (r) => setSyncId(r.id) });
              }}
            >
              Preview import
            </Button>
          </div>
        ) : null}
        <ServerErrors messages={preview.isError ? apiErrorMessages(preview.error) : update.isError ? apiErrorMessages(update.error) : null} />
        {s?.status === 'previewing' ? (
          <p className="flex items-center gap-2 text-sm text-muted">
            <Spinner /> Reading Salesforce: {s.preview?.read ?? 0} records so far…
          </p>
        ) : null}
        {s && s.preview && s.status !== 'previewing' ? (
          <div className="rounded-lg border border-border p-3 text-sm" aria-label="Import preview">
            <p className="text-fg">
              {s.preview.read} records read: <strong>{s.preview.create} would be added</strong> to your blacklist, {s.preview.existing} are on it already, {s.preview.skipped} skipped (no valid address).
              {s.preview.truncated ? ' Only the first 100,000 records were read.' : ''}
            </p>
            {s.preview.sample.length ? <p className="mt-1 text-xs text-muted">For example: {s.preview.sample.join(', ')}</p> : null}
            {s.status === 'previewed' ? (
              <Button type="button" size="sm" className="mt-2" disabled={s.preview.create === 0} pending={confirm.isPending} onClick={() => confirm.mutate({ listId: String(s.params.list_id), syncId: s.id })}>
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
                Added {String(s.result?.added ?? 0)} addresses.{' '}
                <Link to={paths.cabinet.blacklist.path} className="underline">
                  See the blacklist
                </Link>
              </p>
            ) : null}
          </div>
        ) : null}
        {s?.status === 'failed' ? <ServerErrors messages={[s.error ?? 'The import failed']} /> : null}
        {confirm.isError ? <ServerErrors messages={apiErrorMessages(confirm.error)} /> : null}
      </section>
    </div>
  );
}
