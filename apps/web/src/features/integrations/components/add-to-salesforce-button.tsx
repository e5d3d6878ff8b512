import { Link } from 'react-router';
import { apiErrorMessages } from '@shared/api';
import { hasFeature } from '@shared/brands';
import { useQuery } from '@tanstack/react-query';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { paths } from '@web/config/paths';
import { api } from '@web/lib/api';
import { useBrand } from '@web/stores/brand';
import { integrationKeys, usePushReplyToSalesforce } from '../api/integrations';

/**
 * "Add to Salesforce" on a reply in the inbox (POST replies/{id}/import_contact_to_salesforce): shown when the brand
 * offers Salesforce and it is connected; as a Lead or a Contact as the integration's settings say. Recorded in the
 * ledger and written by a background job; the same push twice is one write.
 */
export function AddToSalesforceButton({ replyId }: { replyId: number }) {
  const brand = useBrand();
  const offered = hasFeature(brand, 'integrations') && hasFeature(brand, 'crm_import_salesforce');
  const integrations = useQuery({ queryKey: integrationKeys.list(), queryFn: () => api.integrations.list(), enabled: offered, staleTime: 60_000 });
  const push = usePushReplyToSalesforce();
  const salesforce = integrations.data?.data.find((i) => i.provider === 'salesforce');
  if (!offered || !salesforce || salesforce.status === 'needs_reconnect') return null;
  const done = push.isSuccess && push.variables === replyId ? push.data : null;
  const as = salesforce.settings.salesforce_object ?? 'Lead';
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button type="button" size="sm" variant="secondary" pending={push.isPending} disabled={done !== null} onClick={() => push.mutate(replyId)}>
        Add to Salesforce
      </Button>
      {done ? (
        <p className="text-xs text-muted" role="status">
          {done.created ? `Queued for Salesforce as a ${as}.` : 'Already sent to Salesforce: nothing is written twice.'}{' '}
          <Link to={paths.cabinet.integrations.path} className="underline">
            See the ledger
          </Link>
        </p>
      ) : null}
      {push.isError ? <ServerErrors messages={apiErrorMessages(push.error)} /> : null}
    </div>
  );
}
