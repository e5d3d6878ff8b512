import { Trophy } from 'lucide-react';
import { useState } from 'react';
import { apiErrorMessages } from '@shared/api';
import { variantLetter, type Campaign } from '@shared/schemas/campaigns';
import type { ChooseWinnerResponse, StepVariants } from '@shared/schemas/variants';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { LoadError } from '@web/components/ui/load-error';
import { Spinner } from '@web/components/ui/spinner';
import { formatDate, tdClass, thClass } from '@web/components/ui/styles';
import { notify } from '@web/lib/notify';
import { formatInterval, formatRate } from '@web/features/insights';
import { useCampaignVariants, useSendWinner } from '../api/campaigns';

const done = (r: ChooseWinnerResponse, letter: string) =>
  `Variant ${letter} only from now on${r.rewritten ? `: ${r.rewritten} unsent email${r.rewritten === 1 ? '' : 's'} rewritten from it` : ''}${r.kept_edited ? `; ${r.kept_edited} you edited kept as written` : ''}`;

function StepResults({ campaign, step }: { campaign: Campaign; step: StepVariants }) {
  const send = useSendWinner();
  const [result, setResult] = useState<string | null>(null);
  const closed = campaign.status === 'archived' || campaign.status === 'finished';
  const headingId = `variants-step-${step.step}`;
  return (
    <div className="space-y-2 rounded-xl border border-border bg-surface p-4">
      <h3 id={headingId} className="font-medium text-fg">
        Step {step.step}
      </h3>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[36rem]" aria-labelledby={headingId}>
          <thead className="border-b border-border">
            <tr>
              <th className={thClass}>Variant</th>
              <th className={thClass}>Sent</th>
              <th className={thClass}>Positive replies</th>
              <th className={thClass}>Positive rate (95% interval)</th>
              <th className={thClass}>Not sent yet</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {step.variants.map((v) => (
              <tr key={v.index}>
                <td className={tdClass}>
                  <span className="font-medium">{v.letter}</span>
                  {step.sending_only === v.index ? <span className="ml-2 rounded bg-surface-2 px-1.5 py-0.5 text-xs">sending only this</span> : null}
                  {v.subject ? <div className="max-w-xs text-xs break-words text-muted">{v.subject}</div> : null}
                </td>
                <td className={tdClass}>{v.sent}</td>
                <td className={tdClass}>{v.positive}</td>
                <td className={tdClass}>
                  {v.positive_rate.rate === null ? (
                    <span className="text-muted">not enough data yet</span>
                  ) : (
                    <>
                      {formatRate(v.positive_rate.rate)} <span className="text-xs text-muted">({formatInterval(v.positive_rate.low, v.positive_rate.high)})</span>
                    </>
                  )}
                </td>
                <td className={tdClass}>{v.pending}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className={`text-sm ${step.verdict === 'winner' ? 'font-medium text-fg' : 'text-muted'}`}>{step.summary}</p>
      {step.sending_only !== null ? (
        <p className="text-sm text-fg">
          Sending variant {variantLetter(step.sending_only)} only{step.sending_only_since ? ` since ${formatDate(step.sending_only_since)}` : ''}: the other variants are no longer written; sent emails keep their variant.
        </p>
      ) : step.verdict === 'winner' && step.winner !== null && !closed ? (
        <div className="space-y-1">
          <Button
            type="button"
            pending={send.isPending}
            aria-describedby={`${headingId}-winner-note`}
            onClick={() =>
              send.mutate(
                { campaignId: campaign.id, position: step.step, variantIndex: step.winner! },
                {
                  onSuccess: (r) => {
                    const text = done(r, variantLetter(step.winner!));
                    setResult(text);
                    notify.success(text);
                  },
                },
              )
            }
          >
            <Trophy className="h-4 w-4" aria-hidden /> Send the winner from now on
          </Button>
          <p id={`${headingId}-winner-note`} className="text-xs text-muted">
            Every email of step {step.step} written from now on uses variant {variantLetter(step.winner)}; the ones not sent yet are rewritten from it (those you edited stay as you wrote them).
          </p>
        </div>
      ) : null}
      {send.isError ? <ServerErrors messages={apiErrorMessages(send.error)} /> : null}
      {result ? (
        <p role="status" className="text-sm text-fg">
          {result}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The campaign's A/B variants, step by step: each variant's sends, positive replies and rate with its 95 % interval,
 * and the verdict, which calls a winner only when the difference is significant after the peeking correction.
 */
export function VariantResults({ campaign }: { campaign: Campaign }) {
  const tested = campaign.steps.some((s) => s.variants.length > 0);
  const variants = useCampaignVariants(campaign.id, tested);
  if (!tested) return null;
  return (
    <section aria-labelledby="campaign-variants" className="space-y-3">
      <div>
        <h2 id="campaign-variants" className="text-lg font-semibold text-fg">
          Variants
        </h2>
        <p className="text-sm text-muted">
          Compared on positive replies (interested or meeting request). A winner is called only when the difference is significant, tested at 100, 200, 400, 800 and 1,600 sends of each variant with a
          correction for looking more than once.
        </p>
      </div>
      {variants.isPending ? (
        <div className="flex justify-center py-4">
          <Spinner label="Loading variants" />
        </div>
      ) : variants.isError ? (
        <LoadError what="the variants" error={variants.error} onRetry={() => variants.refetch()} />
      ) : (
        variants.data.steps.map((s) => <StepResults key={s.step} campaign={campaign} step={s} />)
      )}
    </section>
  );
}
