import { PageFrame } from '@web/components/page-frame';
import { LoadError } from '@web/components/ui/load-error';
import { Spinner } from '@web/components/ui/spinner';
import { useTrackingCode } from '../api/tracking';
import { InstallCard, PrivacyCard } from '../components/install-card';
import { PersonalLinksCard } from '../components/personal-links-card';
import { VisitorsList } from '../components/visitors-list';

/** /tracking: install the tracking code (snippet or GTM), check it, tell visitors, and see which companies visit. */
export function TrackingRoute() {
  const code = useTrackingCode();
  return (
    <PageFrame title="Website tracking" description="Add the tracking code to your website to see which companies visit after your agents write to them, and why we think it is them.">
      <div className="space-y-6">
        {code.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted" role="status">
            <Spinner className="h-4 w-4" /> Loading your tracking code…
          </p>
        ) : code.isError ? (
          <LoadError what="your tracking code" error={code.error} onRetry={() => code.refetch()} />
        ) : (
          <>
            <VisitorsList installed={code.data.last_check?.installed ?? false} />
            <div className="grid gap-6 lg:grid-cols-2">
              <InstallCard code={code.data} />
              <div className="space-y-6">
                <PrivacyCard code={code.data} />
                <PersonalLinksCard code={code.data} />
              </div>
            </div>
          </>
        )}
      </div>
    </PageFrame>
  );
}
