import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PROSPECT_SOURCES } from '@shared/schemas/personas';
import { THREAD_CHANNELS, THREAD_MESSAGE_SOURCES, type EmailThreadStats } from '@shared/schemas/email-threads';
import { REPLY_STATUSES, REPLY_STATUS_LABELS } from '@shared/schemas/inbox';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { api } from '@web/lib/api';
import { cn } from '@web/lib/utils';
import { inboxKeys } from '../api/inbox';
import { activeFilterCount, withoutFilters, withParam, type FlagKey, type ListKey, type TextKey } from '../lib/filters';

const CHANNEL_LABELS: Record<(typeof THREAD_CHANNELS)[number], string> = { email: 'Email', linkedin: 'LinkedIn', call: 'Call' };
const SOURCE_LABELS: Record<(typeof PROSPECT_SOURCES)[number], string> = { extension: 'Extension', import: 'Import', manual: 'Added by hand', search: 'Search', api: 'API (Zapier)' };
const MESSAGE_SOURCE_LABELS: Record<(typeof THREAD_MESSAGE_SOURCES)[number], string> = {
  campaign: 'Campaign email',
  inbox: 'Answered from the inbox',
  agent: 'Answered by the agent',
  mail_client: 'Own mail client',
};

type Props = { search: URLSearchParams; onChange: (next: URLSearchParams) => void; stats?: EmailThreadStats | undefined };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-3 border-t border-border pt-3">
      <h3 className="text-xs font-semibold tracking-wide text-muted uppercase">{title}</h3>
      {children}
    </section>
  );
}

/** A text filter: written into the address on Enter or when the field loses focus. */
function TextFilter({ name, label, search, onChange, placeholder }: Props & { name: TextKey | 'date_from' | 'date_to' | 'by_persons_names'; label: string; placeholder?: string; type?: string }) {
  const value = search.get(name) ?? '';
  const commit = (v: string) => {
    if (v.trim() !== value) onChange(withParam(search, name, v.trim()));
  };
  return (
    <div className="space-y-1">
      <Label htmlFor={`f-${name}`}>{label}</Label>
      <Input
        id={`f-${name}`}
        key={value}
        defaultValue={value}
        placeholder={placeholder}
        onBlur={(e) => commit(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit(e.currentTarget.value);
        }}
      />
    </div>
  );
}

function DateFilter({ name, label, search, onChange }: Props & { name: 'date_from' | 'date_to'; label: string }) {
  return (
    <div className="min-w-0 flex-1 space-y-1">
      <Label htmlFor={`f-${name}`}>{label}</Label>
      <Input id={`f-${name}`} type="date" value={search.get(name) ?? ''} onChange={(e) => onChange(withParam(search, name, e.currentTarget.value))} />
    </div>
  );
}

function Checks<T extends string>({ name, legend, options, labels, search, onChange, counts }: Props & { name: ListKey; legend: string; options: readonly T[]; labels: Record<T, string>; counts?: Partial<Record<T, number>> }) {
  const selected = new Set((search.get(name) ?? '').split(',').filter(Boolean));
  return (
    <fieldset className="space-y-1.5">
      <legend className="mb-1 text-sm font-medium text-fg">{legend}</legend>
      {options.map((o) => (
        <label key={o} className="flex items-center gap-2 text-sm text-fg">
          <input
            type="checkbox"
            checked={selected.has(o)}
            onChange={(e) => {
              const next = new Set(selected);
              if (e.currentTarget.checked) next.add(o);
              else next.delete(o);
              onChange(withParam(search, name, [...next]));
            }}
          />
          <span className="min-w-0 flex-1 truncate">{labels[o]}</span>
          {counts ? <span className="text-xs text-muted tabular-nums">{counts[o] ?? 0}</span> : null}
        </label>
      ))}
    </fieldset>
  );
}

function Flag({ name, label, search, onChange, count }: Props & { name: FlagKey; label: string; count?: number }) {
  return (
    <label className="flex items-center gap-2 text-sm text-fg">
      <input type="checkbox" checked={search.get(name) === '1'} onChange={(e) => onChange(withParam(search, name, e.currentTarget.checked))} />
      <span className="flex-1">{label}</span>
      {count !== undefined ? <span className="text-xs text-muted tabular-nums">{count}</span> : null}
    </label>
  );
}

function IdSelect({ name, label, search, onChange, options, loading }: Props & { name: ListKey; label: string; options: Array<{ id: number; name: string }>; loading: boolean }) {
  return (
    <div className="space-y-1">
      <Label htmlFor={`f-${name}`}>{label}</Label>
      <select
        id={`f-${name}`}
        className="h-10 w-full rounded-lg border border-border bg-surface px-2 text-sm text-fg"
        value={search.get(name) ?? ''}
        onChange={(e) => onChange(withParam(search, name, e.currentTarget.value))}
      >
        <option value="">{loading ? 'Loading…' : 'Any'}</option>
        {options.map((o) => (
          <option key={o.id} value={String(o.id)}>
            {o.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The counts per reply status at the top of the thread filters (a click filters by that status). */
function ReplyStatusCounts({ search, onChange, stats }: Props) {
  const status = search.get('by_reply_status');
  return (
    <nav aria-label="Reply status counts" className="space-y-0.5">
      <p className="flex justify-between text-sm text-fg">
        <span>All threads</span>
        <span className="tabular-nums text-muted">{stats?.total ?? '…'}</span>
      </p>
      <p className="flex justify-between text-sm text-fg">
        <span>Unread</span>
        <span className="tabular-nums text-muted" aria-label={`${stats?.unread ?? 0} unread`}>
          {stats?.unread ?? '…'}
        </span>
      </p>
      {REPLY_STATUSES.map((s) => (
        <button
          key={s}
          type="button"
          aria-pressed={status === s}
          className={cn('flex w-full justify-between rounded px-1 py-0.5 text-left text-sm hover:bg-surface-2', status === s ? 'bg-accent/15 text-fg' : 'text-muted')}
          onClick={() => onChange(withParam(search, 'by_reply_status', status === s ? null : s))}
        >
          <span>{REPLY_STATUS_LABELS[s]}</span>
          <span className="tabular-nums">{stats?.by_reply_status[s] ?? 0}</span>
        </button>
      ))}
    </nav>
  );
}

/**
 * The left panels of the inbox (spec §2, §3): the counts at the top (per reply status for threads; the
 * interactions view passes its own), inbox filters, reply prospects filters and interaction filters —
 * all sixteen, kept in the URL.
 */
export function FiltersPanel(props: Props & { counts?: ReactNode; interactions?: boolean }) {
  const { search, onChange, stats, counts, interactions = false } = props;
  const base: Props = { search, onChange, stats };
  const count = activeFilterCount(search, interactions);
  const campaigns = useQuery({ queryKey: [...inboxKeys.all, 'options', 'campaigns'], queryFn: () => api.campaigns.list() });
  const personas = useQuery({ queryKey: [...inboxKeys.all, 'options', 'personas'], queryFn: () => api.persons.list({ per_page: 100 }) });
  const employees = useQuery({ queryKey: [...inboxKeys.all, 'options', 'employees'], queryFn: () => api.virtualEmployees.list() });
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-fg">Filters{count ? ` (${count})` : ''}</h2>
        {count ? (
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange(withoutFilters(search))}>
            Clear filters
          </Button>
        ) : null}
      </div>
      {counts ?? <ReplyStatusCounts {...base} />}
      <Section title="Inbox filters">
        <TextFilter {...base} name="by_search_query" label="Search" placeholder="Name, email, company or subject" />
        <Flag {...base} name="by_unread" label="Unread only" count={stats?.unread} />
        <Flag {...base} name="by_starred" label="Starred only" count={stats?.starred} />
        <Flag {...base} name="by_interested" label="Interested only" count={stats?.interested} />
        <Flag {...base} name="by_needs_review" label="Needs your review" count={stats?.needs_review} />
        <div className="flex gap-2">
          <DateFilter {...base} name="date_from" label="From" />
          <DateFilter {...base} name="date_to" label="To" />
        </div>
        <Checks {...base} name="by_channels" legend="Channels" options={THREAD_CHANNELS} labels={CHANNEL_LABELS} />
      </Section>
      <Section title="Reply prospects filters">
        <Checks {...base} name="by_reply_statuses" legend="Reply statuses" options={REPLY_STATUSES} labels={REPLY_STATUS_LABELS} counts={stats?.by_reply_status} />
        <TextFilter {...base} name="by_prospect_name" label="Prospect name" />
        <IdSelect {...base} name="by_persons" label="Persona" options={(personas.data?.data ?? []).map((p) => ({ id: p.id, name: p.name }))} loading={personas.isPending} />
        <TextFilter {...base} name="by_persons_names" label="Persona names" placeholder="Comma-separated" />
        <Checks {...base} name="by_source" legend="Prospect source" options={PROSPECT_SOURCES} labels={SOURCE_LABELS} />
      </Section>
      <Section title="Interaction filters">
        <IdSelect {...base} name="by_campaign" label="Campaign" options={campaigns.data ?? []} loading={campaigns.isPending} />
        <IdSelect {...base} name="by_virtual_employee" label="Virtual employee" options={(employees.data ?? []).map((v) => ({ id: v.id, name: v.name }))} loading={employees.isPending} />
        <Checks {...base} name="by_message_source" legend={interactions ? 'Sent from' : 'Our messages from'} options={THREAD_MESSAGE_SOURCES} labels={MESSAGE_SOURCE_LABELS} />
        <TextFilter {...base} name="by_landing_page" label="Landing page" placeholder="https://…" />
      </Section>
    </div>
  );
}
