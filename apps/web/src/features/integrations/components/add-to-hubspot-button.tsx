import { Link } from 'react-router';
import { apiErrorMessages } from '@shared/api';
import { hasFeature } from '@shared/brands';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { paths } from '@web/config/paths';
import { useBrand } from '@web/stores/brand';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { integrationKeys, usePushReplyToHubSpot } from '../api/integrations';

/**
 * "Add to HubSpot" on a reply in the inbox (POST replies/{id}/import_contact_to_hubspot): shown when the brand offers
 * HubSpot and it is connected. The push is recorded in the ledger and written by a background job; the same push twice
 * is one write.
 */
export function AddToHubSpotButton({ replyId }: { replyId: number }) {
  const brand = useBrand();
  const offered = hasFeature(brand, 'integrations') && hasFeature(brand, 'crm_import_hubspot');
  const integrations = useQuery({ queryKey: integrationKeys.list(), queryFn: () => api.integrations.list(), enabled: offered, staleTime: 60_000 });
  const push = usePushReplyToHubSpot();
  const hubspot = integrations.data?.data.find((i) => i.provider === 'hubspot');
  if (!offered || !hubspot || hubspot.status === 'needs_reconnect') return null;
  const done = push.isSuccess && push.variables === replyId ? push.data : null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button type="button" size="sm" variant="secondary" pending={push.isPending} disabled={done !== null} onClick={() => push.mutate(replyId)}>
        Add to HubSpot
      </Button>
      {done ? (
        <p className="text-xs text-muted" role="status">
          {done.created ? 'Queued for HubSpot.' : 'Already sent to HubSpot: nothing is written twice.'}{' '}
          <Link to={paths.cabinet.integrations.path} className="underline">
            See the ledger
          </Link>
        </p>
      ) : null}
      {push.isError ? <ServerErrors messages={apiErrorMessages(push.error)} /> : null}
    </div>
  );
}
