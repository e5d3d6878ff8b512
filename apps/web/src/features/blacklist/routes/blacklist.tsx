import * as Tabs from '@radix-ui/react-tabs';
import { PageFrame } from '@web/components/page-frame';
import { DownloadButton } from '@web/components/ui/download-button';
import { cn } from '@web/lib/utils';
import { useExportBlacklist } from '../api/blacklist';
import { BlacklistPanel } from '../components/blacklist-panel';

const tabClass = cn(
  'border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted hover:text-fg',
  'data-[state=active]:border-accent data-[state=active]:text-fg focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none',
);

/** /cabinet/blacklist: the emails and domains no agent may write to, with unsubscribes and bounces as they arrive. */
export function BlacklistRoute() {
  const exporter = useExportBlacklist();
  return (
    <PageFrame
      title="Blacklist"
      description="Emails and domains your agents must never contact: customers, partners, competitors. Unsubscribes and bounces are added by themselves, with the reason and the date."
      actions={<DownloadButton exporter={exporter} label="Export CSV" />}
    >
      <Tabs.Root defaultValue="emails">
        <Tabs.List aria-label="Blacklist" className="mb-4 flex gap-2 border-b border-border">
          <Tabs.Trigger value="emails" className={tabClass}>
            Emails
          </Tabs.Trigger>
          <Tabs.Trigger value="domains" className={tabClass}>
            Domains
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="emails" className="focus-visible:outline-none">
          <BlacklistPanel kind="emails" />
        </Tabs.Content>
        <Tabs.Content value="domains" className="focus-visible:outline-none">
          <BlacklistPanel kind="domains" />
        </Tabs.Content>
      </Tabs.Root>
    </PageFrame>
  );
}
