import { ExternalLink } from 'lucide-react';
import type { PersonOfferingInfo } from '@shared/schemas/interactions';
import { PreloadLink } from '@web/components/preload-link';
import { LoadError } from '@web/components/ui/load-error';
import { paths } from '@web/config/paths';
import { formatInterval, formatRate, useTargetAudience } from '@web/features/insights';
import { usePersonOfferingInfo } from '../api/interactions';
import type { PanelProps } from '../components/side-panel';
import { Facts, PanelLoading, PanelSection } from './panel-parts';

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-lg border border-border bg-surface-2/60 px-3 py-2">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-lg font-semibold text-fg tabular-nums">{value}</dd>
      {hint ? <dd className="text-xs text-muted">{hint}</dd> : null}
    </div>
  );
}

const price = (o: NonNullable<PersonOfferingInfo['offering']>) => {
  if (o.price_min === null && o.price_max === null) return null;
  const fmt = (n: number) => n.toLocaleString(undefined, { style: 'currency', currency: o.currency, maximumFractionDigits: 0 });
  const range = o.price_min !== null && o.price_max !== null && o.price_min !== o.price_max ? `${fmt(o.price_min)}–${fmt(o.price_max)}` : fmt((o.price_min ?? o.price_max)!);
  return `${range}${o.price_period && o.price_period !== 'one_time' ? ` / ${o.price_period.replace(/_/g, ' ')}` : ''}`;
};

/**
 * The persona's outreach figures, the Insights page's own (target audience by persona, last 52 weeks): contacted,
 * replied, positive and meetings, the reply rate with its 95 % interval, or "not enough data yet" below the sample.
 */
function PersonaOutreach({ name }: { name: string }) {
  const audience = useTargetAudience('year', 'persona');
  if (audience.isPending) return <p className="text-xs text-muted">Loading this persona’s insights…</p>;
  if (audience.isError) return <LoadError what="this persona’s insights" error={audience.error} onRetry={() => audience.refetch()} />;
  const row = audience.data.values.find((v) => v.value.toLowerCase() === name.toLowerCase());
  if (!row) return <p className="text-xs text-muted">Nobody was contacted for this persona in the last 52 weeks.</p>;
  const rate = row.enough_data ? formatRate(row.reply_rate.rate) : '–';
  return (
    <>
      <Figure label="Contacted" value={String(row.contacted)} hint="last 52 weeks" />
      <Figure label="Replied" value={String(row.replied)} />
      <Figure label="Reply rate" value={rate} hint={row.enough_data ? `95% interval ${formatInterval(row.reply_rate.low, row.reply_rate.high)}` : 'not enough data yet'} />
      <Figure label="Positive" value={String(row.positive)} hint="interested or meeting request" />
      <Figure label="Meetings" value={String(row.meetings)} />
    </>
  );
}

/** Insight persona info: the persona the message was written for, its figures (the Insights page's), the offering, the prospect. */
export default function PersonaInfoPanel({ subject }: PanelProps) {
  const info = usePersonOfferingInfo(subject.campaignEmailId);
  if (subject.campaignEmailId === null) return <p className="text-sm text-muted">No campaign email stands behind this conversation, so there is no persona to show.</p>;
  if (info.isPending) return <PanelLoading what="the persona" />;
  if (info.isError) return <LoadError what="the persona" error={info.error} onRetry={() => info.refetch()} />;
  const { persona, offering, prospect, messaging_setting: setting, campaign } = info.data;
  return (
    <div className="space-y-4">
      <PanelSection
        title="Persona"
        action={
          persona ? (
            <PreloadLink className="text-xs text-accent underline-offset-4 hover:underline" to={paths.businessInformation.persona.getHref(persona.id)}>
              Open persona
            </PreloadLink>
          ) : null
        }
      >
        {persona ? (
          <>
            <p className="text-base font-medium break-words text-fg">{persona.name}</p>
            {persona.description ? <p className="text-sm break-words text-muted">{persona.description}</p> : null}
            <dl aria-label="Persona figures" className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              <Figure label="Prospects" value={String(persona.figures.prospects)} hint="in the persona now" />
              <Figure label="In sequence" value={String(persona.figures.in_sequence)} hint="not finished yet" />
              <PersonaOutreach name={persona.name} />
            </dl>
            <p className="text-xs text-muted">
              Contacted to meetings are the figures of{' '}
              <PreloadLink className="text-accent underline-offset-4 hover:underline" to={`${paths.cabinet.insights.getHref()}?tab=audience&statistic=persona&period=year`}>
                Insights → Target audience
              </PreloadLink>{' '}
              for this persona (prospects first contacted for it in the last 52 weeks, every channel).
            </p>
          </>
        ) : (
          <p className="text-sm text-muted">The persona of “{campaign.name}” was deleted.</p>
        )}
      </PanelSection>
      <PanelSection title="Offering">
        {offering ? (
          <>
            <p className="text-base font-medium break-words text-fg">{offering.name}</p>
            {offering.description ? <p className="text-sm break-words whitespace-pre-line text-muted">{offering.description}</p> : null}
            <Facts
              items={[
                ['Price', price(offering)],
                [
                  'Link',
                  offering.url ? (
                    <a key="u" className="break-all text-accent underline-offset-4 hover:underline" href={offering.url} target="_blank" rel="noreferrer noopener">
                      {offering.url}
                      <ExternalLink className="ml-1 inline h-3 w-3 align-baseline" aria-hidden />
                    </a>
                  ) : null,
                ],
                ['Messaging', setting ? `${setting.own ? 'This persona’s own settings' : 'Your default settings'} · ${setting.language.toUpperCase()}${setting.tone_voice ? ` · ${setting.tone_voice}` : ''}` : null],
              ]}
            />
            <p className="text-xs text-muted">What the agent offers this persona now (messages are written from it).</p>
          </>
        ) : (
          <p className="text-sm text-muted">
            No offering yet: describe what you sell under <PreloadLink className="text-accent underline-offset-4 hover:underline" to={paths.businessInformation.messaging.offering.path}>Messaging › Offering</PreloadLink>.
          </p>
        )}
      </PanelSection>
      <PanelSection title="Prospect">
        {prospect ? (
          <Facts
            items={[
              ['Name', prospect.full_name],
              ['Title', prospect.title ?? prospect.headline],
              ['Company', prospect.company],
              ['Domain', prospect.company_domain],
              ['Industry', prospect.industry],
              ['Location', [prospect.location, prospect.country].filter(Boolean).join(', ') || null],
              [
                'LinkedIn',
                prospect.linkedin_url ? (
                  <a key="l" className="text-accent underline-offset-4 break-all hover:underline" href={prospect.linkedin_url} target="_blank" rel="noreferrer noopener">
                    {prospect.linkedin_url}
                  </a>
                ) : null,
              ],
            ]}
          />
        ) : (
          <p className="text-sm text-muted">The prospect was erased.</p>
        )}
      </PanelSection>
    </div>
  );
}
