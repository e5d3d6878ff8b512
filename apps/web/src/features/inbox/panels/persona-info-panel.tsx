import { ExternalLink } from 'lucide-react';
import type { PersonOfferingInfo } from '@shared/schemas/interactions';
import { PreloadLink } from '@web/components/preload-link';
import { LoadError } from '@web/components/ui/load-error';
import { paths } from '@web/config/paths';
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

/** Insight persona info: the persona the message was written for, its figures (the dashboard's tables), the offering, the prospect. */
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
              <Figure label="Prospects" value={String(persona.figures.prospects)} />
              <Figure label="Contacted" value={String(persona.figures.contacted)} />
              <Figure label="Replied" value={String(persona.figures.replied)} />
              <Figure label="Reply rate" value={`${persona.figures.reply_rate}%`} hint="of those contacted" />
              <Figure label="Interested" value={String(persona.figures.interested)} hint="incl. meeting requests" />
              <Figure label="In sequence" value={String(persona.figures.in_sequence)} hint="not finished yet" />
            </dl>
            <p className="text-xs text-muted">All time, every channel, the dashboard’s figures for this persona’s prospects.</p>
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
