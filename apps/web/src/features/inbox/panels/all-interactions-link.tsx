import { PreloadLink } from '@web/components/preload-link';
import { interactionsHref } from '../lib/filters';

/** To the Interactions view filtered to this prospect (every channel, every campaign, paged without limit). */
export function AllInteractionsLink({ prospectId, channels }: { prospectId: number; channels?: string[] }) {
  return (
    <PreloadLink className="inline-block text-sm text-accent underline-offset-4 hover:underline" to={interactionsHref({ by_prospect: String(prospectId), ...(channels ? { by_channels: channels.join(',') } : {}) })}>
      Open in Interactions
    </PreloadLink>
  );
}
