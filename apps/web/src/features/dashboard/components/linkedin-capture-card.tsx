import { ArrowRight } from 'lucide-react';
import { useShallow } from 'zustand/react/shallow';
import { PreloadLink } from '@web/components/preload-link';
import { Card } from '@web/components/ui/card';
import { paths } from '@web/config/paths';
import { ExtensionStatus, ProfileCard, useExtensionPolling, WaitingForProfile } from '@web/features/extension';
import { useExtensionStore } from '@web/stores/extension';
import { AddToPersona } from './add-to-persona';
import { ConnectLinkedIn } from './connect-linkedin';

/** The dashboard's LinkedIn capture: the profile open in LinkedIn, add it to a persona, connect your own LinkedIn. */
export function LinkedInCaptureCard() {
  useExtensionPolling();
  const { isLoading, isExtensionInstalled, isLinkedinTabOpen, dataExtension } = useExtensionStore(
    useShallow((s) => ({
      isLoading: s.isLoading,
      isExtensionInstalled: s.isExtensionInstalled,
      isLinkedinTabOpen: s.isLinkedinTabOpen,
      dataExtension: s.dataExtension,
    })),
  );

  let capture;
  if (dataExtension) {
    capture = (
      <div className="space-y-4">
        <ProfileCard captured={dataExtension} live={isLinkedinTabOpen} variant="compact" headingLevel={3} />
        <AddToPersona profile={dataExtension.profile} />
      </div>
    );
  } else if (isLoading) {
    capture = null;
  } else if (!isExtensionInstalled) {
    capture = (
      <p className="text-sm text-muted">
        Install the browser extension to capture the LinkedIn profiles you open.{' '}
        <PreloadLink to={paths.extension.path} className="inline-flex items-center gap-1 text-accent underline-offset-4 hover:underline">
          How to install <ArrowRight className="h-3.5 w-3.5" aria-hidden />
        </PreloadLink>
      </p>
    );
  } else {
    capture = <WaitingForProfile compact />;
  }

  return (
    <Card className="space-y-5 p-6" role="region" aria-labelledby="linkedin-capture-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="linkedin-capture-heading" className="text-base font-semibold text-fg">
          LinkedIn capture
        </h2>
        <ExtensionStatus isLoading={isLoading} isExtensionInstalled={isExtensionInstalled} />
      </div>
      {capture}
      <div className="border-t border-border pt-5">
        <ConnectLinkedIn captured={dataExtension?.profile ?? null} />
      </div>
    </Card>
  );
}
