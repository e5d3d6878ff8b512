import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { apiErrorMessages } from '@shared/api';
import type { Integration } from '@shared/schemas/integrations';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Spinner } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';
import { notify } from '@web/lib/notify';
import { useCalendlyEvents, useConnectCalendlyToken } from '../api/integrations';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/**
 * Calendly's part of its card once connected: the scheduled events with their invitees (soonest first, more on
 * demand), each invitee marked when they are a prospect (their booking is a "meeting booked" on the pipeline).
 */
export function CalendlyEvents({ integration }: { integration: Integration }) {
  const events = useCalendlyEvents(integration.status === 'connected');
  if (integration.status !== 'connected') return null;
  const all = events.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <section aria-label="Calendly events" className="space-y-2">
      <h3 className="text-sm font-medium text-fg">Scheduled events</h3>
      <p className="text-xs text-muted">
        A booking by one of your prospects moves their card to “Meeting booked” on the{' '}
        <Link to={paths.cabinet.pipeline.path} className="underline">
          pipeline
        </Link>
        ; a cancellation moves it back, a reschedule moves the meeting.
      </p>
      {events.isPending ? <Spinner label="Loading Calendly events" /> : null}
      {events.isError ? <ServerErrors messages={apiErrorMessages(events.error)} /> : null}
      {events.data && all.length === 0 ? <p className="text-sm text-muted">No scheduled events yet. Bookings made through your Calendly link will show here.</p> : null}
      {all.length > 0 ? (
        <ul className="divide-y divide-border rounded-lg border border-border">
          {all.map((e) => (
            <li key={e.id} className="space-y-1 p-3 text-sm">
              <p className="flex flex-wrap items-center gap-2 text-fg">
                <span className="font-medium">{e.name}</span>
                <span className="text-muted">{when(e.start_time)}</span>
                {e.status === 'canceled' ? <span className="rounded bg-danger/10 px-1.5 text-xs text-danger">Canceled</span> : null}
              </p>
              <ul className="space-y-0.5 text-xs text-muted">
                {e.invitees.map((i) => (
                  <li key={i.email + i.status}>
                    {i.name} &lt;{i.email}&gt;
                    {i.prospect_id !== null ? <span className="ml-1 rounded bg-accent/10 px-1 text-accent">prospect</span> : null}
                    {i.status === 'canceled' ? (i.rescheduled ? ' · rescheduled' : ' · canceled') : ''}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      ) : null}
      {events.hasNextPage ? (
        <Button type="button" size="sm" variant="secondary" pending={events.isFetchingNextPage} onClick={() => events.fetchNextPage()}>
          More events
        </Button>
      ) : null}
    </section>
  );
}

/** Connect Calendly with a personal access token (Calendly → Integrations → API & Webhooks), checked at Calendly first. */
export function CalendlyTokenConnect() {
  const connect = useConnectCalendlyToken();
  const [token, setToken] = useState('');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!token.trim()) return;
    connect.mutate(token.trim(), { onSuccess: () => (setToken(''), notify.success('Calendly connected')) });
  };
  return (
    <form onSubmit={onSubmit} className="space-y-2" aria-label="Connect Calendly with a personal access token">
      <Field
        label="Or paste a personal access token"
        type="password"
        autoComplete="off"
        value={token}
        onChange={(e) => setToken(e.target.value)}
        hint="Create one in Calendly under Integrations → API & Webhooks. It is checked with Calendly, then stored encrypted."
      />
      <ServerErrors messages={connect.isError ? apiErrorMessages(connect.error) : null} />
      <Button type="submit" size="sm" variant="secondary" pending={connect.isPending} disabled={!token.trim()}>
        Connect with token
      </Button>
    </form>
  );
}
