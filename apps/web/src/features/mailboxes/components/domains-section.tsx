import { CircleCheck, CircleX, RefreshCw } from 'lucide-react';
import { apiErrorMessages } from '@shared/api';
import type { DnsCheckName } from '@shared/schemas/user-emails';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/utils';
import { useDomains, useRefreshDomains } from '../api/mailboxes';
import { LoadError } from '@web/components/ui/load-error';

const CHECK_LABEL: Record<DnsCheckName, string> = { mx: 'MX', spf: 'SPF', dkim: 'DKIM', dmarc: 'DMARC' };

/** The sending domains with MX, SPF, DKIM and DMARC, each pass/fail with plain advice. */
export function DomainsSection({ enabled }: { enabled: boolean }) {
  const domains = useDomains(enabled);
  const refresh = useRefreshDomains();
  return (
    <section id="sending-domains" aria-labelledby="sending-domains-title" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="sending-domains-title" className="text-lg font-semibold text-fg">
            Sending domains
          </h2>
          <p className="text-sm text-muted">Receivers trust mail from a domain with SPF, DKIM, DMARC and MX records. Each check says what to fix.</p>
        </div>
        {enabled ? (
          <Button type="button" size="sm" variant="secondary" pending={refresh.isPending} onClick={() => refresh.mutate()}>
            <RefreshCw className="h-4 w-4" aria-hidden /> Check again
          </Button>
        ) : null}
      </div>
      {!enabled ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-6 text-center text-sm text-muted">Connect a mailbox and its domain is checked here.</p>
      ) : domains.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Checking DNS" />
        </div>
      ) : domains.isError ? (
        <LoadError what="your sending domains" error={domains.error} onRetry={() => domains.refetch()} />
      ) : (
        <div className="grid gap-3 lg:grid-cols-2">
          <ServerErrors messages={refresh.isError ? apiErrorMessages(refresh.error) : null} />
          {domains.data.map((d) => (
            <Card key={d.domain} className="space-y-2 p-4" aria-label={`${d.domain}: ${d.status === 'pass' ? 'all checks pass' : 'needs attention'}`}>
              <div className="flex items-center justify-between gap-2">
                <h3 className="font-semibold text-fg">{d.domain}</h3>
                <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-medium', d.status === 'pass' ? 'bg-success/15 text-success' : 'bg-danger/15 text-danger')}>
                  {d.status === 'pass' ? 'All good' : 'Needs attention'}
                </span>
              </div>
              <ul className="space-y-2">
                {d.checks.map((c) => (
                  <li key={c.check} className="flex gap-2 text-sm">
                    {c.status === 'pass' ? <CircleCheck className="mt-0.5 h-4 w-4 shrink-0 text-success" aria-hidden /> : <CircleX className="mt-0.5 h-4 w-4 shrink-0 text-danger" aria-hidden />}
                    <div className="min-w-0">
                      <p className="font-medium text-fg">
                        {CHECK_LABEL[c.check]} <span className="sr-only">{c.status === 'pass' ? 'passes' : 'fails'}</span>
                      </p>
                      <p className="text-muted">{c.advice}</p>
                      {c.record ? <p className="font-mono text-xs break-all text-muted">{c.record}</p> : null}
                    </div>
                  </li>
                ))}
              </ul>
              <p className="text-xs text-muted">Checked {new Date(d.checked_at).toLocaleString()}</p>
            </Card>
          ))}
        </div>
      )}
    </section>
  );
}
