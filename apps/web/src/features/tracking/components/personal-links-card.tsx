import { Link2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { apiErrorMessages } from '@shared/api';
import type { TrackingCode } from '@shared/schemas/tracking';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { LoadError } from '@web/components/ui/load-error';
import { Spinner } from '@web/components/ui/spinner';
import { notify } from '@web/lib/notify';
import { usePersonalLinkCampaigns, useSetPersonalLinks, useUpdateTrackingCode } from '../api/tracking';

/**
 * Personal links: off for every campaign until the user turns them on (the product sends no tracked links unless
 * asked, for deliverability). A prospect's link carries an unguessable token that ties their visit to them.
 */
export function PersonalLinksCard({ code }: { code: TrackingCode }) {
  const campaigns = usePersonalLinkCampaigns();
  const toggle = useSetPersonalLinks();
  const update = useUpdateTrackingCode();
  const [target, setTarget] = useState(code.link_target_url ?? '');
  const save = (e: FormEvent) => {
    e.preventDefault();
    update.mutate({ link_target_url: target.trim() }, { onSuccess: () => notify.success('Saved') });
  };
  return (
    <Card className="space-y-4 p-5">
      <div className="flex items-start gap-3">
        <Link2 className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden />
        <div>
          <h2 className="text-base font-semibold text-fg">3. Personal links (optional)</h2>
          <p className="mt-1 text-sm text-muted">
            A campaign with personal links gives each prospect their own link, so a visit through it is known to be theirs. Off by default: tracked links can hurt deliverability, so none are sent unless you turn them on.
          </p>
        </div>
      </div>
      <form onSubmit={save} className="flex flex-wrap items-end gap-2" noValidate>
        <Field
          className="min-w-64 flex-1"
          label="Links point to"
          type="url"
          placeholder={code.website_url ?? code.default_website_url ?? 'https://www.example.com'}
          value={target}
          onChange={(e) => setTarget(e.target.value)}
          hint="Leave empty to use your website."
        />
        <Button type="submit" variant="secondary" pending={update.isPending}>
          Save link target
        </Button>
      </form>
      {update.isError ? <ServerErrors messages={apiErrorMessages(update.error)} /> : null}
      {campaigns.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted" role="status">
          <Spinner className="h-4 w-4" /> Loading campaigns…
        </p>
      ) : campaigns.isError ? (
        <LoadError what="your campaigns" error={campaigns.error} onRetry={() => campaigns.refetch()} />
      ) : campaigns.data.length === 0 ? (
        <p className="text-sm text-muted">No campaigns yet: each campaign you create can be given personal links here.</p>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border">
          {campaigns.data.map((c) => (
            <li key={c.campaign_id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <span>
                {c.name} <span className="text-xs text-muted">({c.status})</span>
              </span>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-[var(--color-accent)]"
                  checked={c.enabled}
                  disabled={toggle.isPending}
                  onChange={(e) =>
                    toggle.mutate({ campaignId: c.campaign_id, enabled: e.target.checked }, { onError: (err) => notify.error(apiErrorMessages(err)[0] ?? 'Could not save') })
                  }
                />
                Personal links
              </label>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
