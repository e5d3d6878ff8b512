import { Mail, Plus } from 'lucide-react';
import { useState } from 'react';
import type { UserEmail } from '@shared/schemas/user-emails';
import { EmptyState, PageFrame } from '@web/components/page-frame';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useCapacity, useDomains, useMailboxes } from '../api/mailboxes';
import { CapacityTotal } from '../components/capacity-panel';
import { ComplianceSection } from '../components/compliance-section';
import { DomainsSection } from '../components/domains-section';
import { MailboxCard } from '../components/mailbox-card';
import { MailboxDialog } from '../components/mailbox-dialog';
import { OAuthConnectButtons } from '../components/oauth-connect-buttons';
import { OAuthResult } from '../components/oauth-result';
import { LoadError } from '@web/components/ui/load-error';

/** /cabinet/mailboxes: the mailboxes the agent sends from, and the DNS health of their domains. */
export function MailboxesRoute() {
  const mailboxes = useMailboxes();
  const [adding, setAdding] = useState(false);
  const hasMailboxes = mailboxes.isSuccess && mailboxes.data.length > 0;
  // The fresh DNS results flag a failing domain at once (the list's own flag is from the last check).
  const domains = useDomains(hasMailboxes);
  const capacity = useCapacity(hasMailboxes);
  const capacityOf = (id: number) => capacity.data?.mailboxes.find((c) => c.user_email_id === id);
  const failingDomain = (m: UserEmail) => (domains.data ? domains.data.some((d) => d.domain === m.domain && d.status === 'fail') : m.domain_failing);
  const add = (
    <div className="flex flex-wrap items-start gap-2">
      <OAuthConnectButtons />
      <Button type="button" onClick={() => setAdding(true)}>
        <Plus className="h-4 w-4" aria-hidden /> Connect a mailbox
      </Button>
    </div>
  );
  return (
    <PageFrame title="Mailboxes" description="The agent sends from your own mailboxes, inside the limits you set here, and reads the replies." actions={mailboxes.isSuccess && mailboxes.data.length ? add : undefined}>
      <OAuthResult mailboxes={mailboxes.data} />
      {mailboxes.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading mailboxes" />
        </div>
      ) : mailboxes.isError ? (
        <LoadError what="your mailboxes" error={mailboxes.error} onRetry={() => mailboxes.refetch()} />
      ) : mailboxes.data.length === 0 ? (
        <EmptyState icon={Mail} title="No mailbox connected yet" action={add}>
          Connect the mailbox the agent should send from: Google Workspace, Microsoft 365 or any SMTP and IMAP server. We test it before saving.
        </EmptyState>
      ) : (
        <>
          {capacity.data ? <CapacityTotal capacity={capacity.data} /> : null}
          <section aria-label="Your mailboxes" className="grid gap-3 lg:grid-cols-2">
            {mailboxes.data.map((m) => (
              <MailboxCard key={m.id} mailbox={{ ...m, domain_failing: failingDomain(m) }} capacity={capacityOf(m.id)} />
            ))}
          </section>
        </>
      )}
      <DomainsSection enabled={hasMailboxes} />
      <ComplianceSection />
      <MailboxDialog open={adding} onOpenChange={setAdding} />
    </PageFrame>
  );
}
