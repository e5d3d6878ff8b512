import { useQuery } from '@tanstack/react-query';
import { PreloadLink } from '@web/components/preload-link';
import { LoadError } from '@web/components/ui/load-error';
import { paths } from '@web/config/paths';
import { api } from '@web/lib/api';
import { when } from '../components/interaction-item';
import { PanelLoading, PanelSection } from './panel-parts';

/** GET prospects/{id}/website_visits: the prospect's visits (their personal link, or their company while identified). */
export const useProspectVisits = (prospectId: number | null) =>
  useQuery({ queryKey: ['tracking', 'prospect-visits', prospectId ?? 0], queryFn: () => api.tracking.prospectVisits(prospectId!), enabled: prospectId !== null && prospectId > 0, staleTime: 30_000 });

/** The side panel's "Website visits": what the prospect (or their company) read on the account's site, and when. */
export function WebsiteVisitsSection({ prospectId }: { prospectId: number | null }) {
  const visits = useProspectVisits(prospectId);
  if (prospectId === null) return null;
  return (
    <PanelSection
      title="Website visits"
      action={
        <PreloadLink className="text-xs text-accent underline-offset-4 hover:underline" to={paths.tracking.path}>
          All visitors
        </PreloadLink>
      }
    >
      {visits.isPending ? (
        <PanelLoading what="the website visits" />
      ) : visits.isError ? (
        <LoadError what="the website visits" error={visits.error} onRetry={() => visits.refetch()} />
      ) : visits.data.length === 0 ? (
        <p className="text-sm text-muted">No visit to your website by this prospect or their company yet (with the tracking code on your site, visits show here).</p>
      ) : (
        <ol aria-label="Website visits" className="space-y-2">
          {visits.data.map((v) => (
            <li key={v.visit_id} className="text-sm">
              <p className="text-fg">
                {when(v.started_at)} · {v.signal === 'personal_link' ? 'through their personal link' : `${v.company_name ?? 'their company'}`}
              </p>
              <p className="text-xs break-words text-muted">{v.pages.map((p) => p.title ?? p.path).join(' → ') || 'No pages recorded'}</p>
            </li>
          ))}
        </ol>
      )}
    </PanelSection>
  );
}
