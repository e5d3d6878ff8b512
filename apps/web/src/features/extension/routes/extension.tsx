import { CheckCircle2, Info } from 'lucide-react';
import { useShallow } from 'zustand/react/shallow';
import { PageFrame } from '@web/components/page-frame';
import { PreloadLink } from '@web/components/preload-link';
import { Card } from '@web/components/ui/card';
import { paths } from '@web/config/paths';
import { useBrand } from '@web/stores/brand';
import { useExtensionStore } from '@web/stores/extension';
import { ExtensionStatus } from '../components/extension-status';
import { InstallGuide } from '../components/install-guide';
import { ProfileCard } from '../components/profile-card';
import { WaitingForProfile } from '../components/waiting-for-profile';
import { useExtensionPolling } from '../hooks/use-extension-polling';

/** /extension (public, topnav): detection, install guide, and the captured LinkedIn profile, signed in or not. */
export function ExtensionRoute() {
  useExtensionPolling();
  const brand = useBrand();
  const { isLoading, isExtensionInstalled, isLinkedinTabOpen, dataExtension, accountStatusLinkedin } = useExtensionStore(
    useShallow((s) => ({
      isLoading: s.isLoading,
      isExtensionInstalled: s.isExtensionInstalled,
      isLinkedinTabOpen: s.isLinkedinTabOpen,
      dataExtension: s.dataExtension,
      accountStatusLinkedin: s.accountStatusLinkedin,
    })),
  );
  const showGuide = !isLoading && !isExtensionInstalled;

  return (
    <PageFrame
      title="Browser extension"
      description={`The ${brand.company_name} extension reads the LinkedIn profile you are looking at and hands it to this page, so your agent starts from what the prospect actually shows.`}
    >
      <Card className="p-5">
        <ExtensionStatus isLoading={isLoading} isExtensionInstalled={isExtensionInstalled} />
      </Card>

      {showGuide ? (
        <Card className="p-5">
          <h2 className="mb-4 font-semibold text-fg">Install the extension</h2>
          <InstallGuide companyName={brand.company_name} />
        </Card>
      ) : null}

      {dataExtension ? (
        <Card className="space-y-4 p-5">
          {!isLinkedinTabOpen ? (
            <p className="flex items-center gap-2 text-sm text-muted">
              <Info className="h-4 w-4 shrink-0" aria-hidden />
              The LinkedIn tab was closed or left the profile: this is the last profile seen. Open another to replace it.
            </p>
          ) : null}
          <ProfileCard captured={dataExtension} live={isLinkedinTabOpen} />
          {accountStatusLinkedin === 'connected' ? (
            <p className="flex items-center gap-2 text-sm font-medium text-success">
              <CheckCircle2 className="h-4 w-4" aria-hidden /> Your LinkedIn account is connected
            </p>
          ) : accountStatusLinkedin === 'not_connected' && dataExtension.profile.is_own_profile ? (
            <p className="text-sm text-muted">
              This LinkedIn account is not connected yet.{' '}
              <PreloadLink to={paths.cabinet.dashboard.path} className="text-accent underline-offset-4 hover:underline">
                Connect it from your dashboard
              </PreloadLink>
              .
            </p>
          ) : null}
        </Card>
      ) : isExtensionInstalled ? (
        <Card>
          <WaitingForProfile />
        </Card>
      ) : null}

      {isExtensionInstalled ? (
        <details className="rounded-xl border border-border bg-surface p-5 text-sm">
          <summary className="cursor-pointer font-medium text-fg">Install on another browser</summary>
          <div className="mt-4">
            <InstallGuide companyName={brand.company_name} />
          </div>
        </details>
      ) : null}
    </PageFrame>
  );
}
