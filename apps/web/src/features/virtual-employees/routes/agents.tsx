import { Bot, Settings2 } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState, PageFrame } from '@web/components/page-frame';
import { Button } from '@web/components/ui/button';
import { paths } from '@web/config/paths';
import { AutoBehaviourSection, AUTO_BEHAVIOUR_ID } from '../components/auto-behaviour-form';
import { VirtualEmployeesSection } from '../components/virtual-employees-section';

/** Moves to the Automatic behaviour section on this page and puts the focus on its first field. */
function goToAutoBehaviour() {
  const section = document.getElementById(AUTO_BEHAVIOUR_ID);
  section?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  section?.querySelector<HTMLElement>('input, select, button')?.focus({ preventScroll: true });
}

export function AgentsRoute() {
  return (
    <PageFrame title="Edit agents" description="How your AI agents work: when, how much on each channel, and whether you review their messages first.">
      <div className="space-y-6">
        {/* What drives the agents today, and where to change it: no promise of features that are not here. */}
        <EmptyState
          icon={Bot}
          title="Your agents work from your settings"
          action={
            <div className="flex flex-wrap justify-center gap-2">
              <Button type="button" size="sm" onClick={goToAutoBehaviour}>
                <Settings2 className="h-4 w-4" aria-hidden /> Set automatic behaviour
              </Button>
              <Button asChild variant="secondary" size="sm">
                <Link to={paths.businessInformation.messaging.toneVoice.getHref()}>Edit tone of voice</Link>
              </Button>
            </div>
          }
        >
          Your agents write in your tone of voice, to the personas you describe, and send within the working hours and daily limits set
          below.
        </EmptyState>
        <VirtualEmployeesSection />
        <AutoBehaviourSection />
      </div>
    </PageFrame>
  );
}
