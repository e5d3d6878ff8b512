import { Check, Pencil, Send, SkipForward, OctagonX } from 'lucide-react';
import { apiErrorMessages } from '@shared/api';
import type { CampaignEmail } from '@shared/schemas/campaigns';
import { Button } from '@web/components/ui/button';
import { notify } from '@web/lib/notify';
import { useSendAnyway, useStopSending, useUpdateCampaignEmail } from '../api/campaigns';

const fail = (e: unknown) => notify.error(apiErrorMessages(e)[0] ?? 'That did not work');

/** Approve, edit, skip (a draft or scheduled email), send anyway or skip an uncertain one, and stop the prospect's sequence. */
export function EmailActions({ email, onEdit }: { email: CampaignEmail; onEdit: (email: CampaignEmail) => void }) {
  const update = useUpdateCampaignEmail();
  const stop = useStopSending();
  const sendAnyway = useSendAnyway();
  const editable = email.status === 'draft' || email.status === 'scheduled';
  const who = email.prospect_name ?? email.to_email;
  const size = 'sm';
  return (
    <div className="flex flex-wrap gap-2">
      {email.status === 'draft' ? (
        <Button
          type="button"
          size={size}
          pending={update.isPending && update.variables?.body.action === 'approve'}
          aria-label={`Approve the email to ${who}, step ${email.step}`}
          onClick={() => update.mutate({ id: email.id, body: { action: 'approve' } }, { onSuccess: () => notify.success('Approved'), onError: fail })}
        >
          <Check className="h-4 w-4" aria-hidden /> Approve
        </Button>
      ) : null}
      {editable ? (
        <>
          <Button type="button" size={size} variant="secondary" aria-label={`Edit the email to ${who}, step ${email.step}`} onClick={() => onEdit(email)}>
            <Pencil className="h-4 w-4" aria-hidden /> Edit
          </Button>
          <Button
            type="button"
            size={size}
            variant="secondary"
            pending={update.isPending && update.variables?.body.action === 'skip'}
            aria-label={`Skip the email to ${who}, step ${email.step}`}
            onClick={() => update.mutate({ id: email.id, body: { action: 'skip' } }, { onSuccess: () => notify.success('Skipped'), onError: fail })}
          >
            <SkipForward className="h-4 w-4" aria-hidden /> Skip
          </Button>
        </>
      ) : null}
      {email.status === 'uncertain' ? (
        <>
          <Button
            type="button"
            size={size}
            pending={sendAnyway.isPending}
            aria-label={`Send the email to ${who}, step ${email.step}, anyway`}
            onClick={() => sendAnyway.mutate(email.id, { onSuccess: () => notify.success('It goes out with the next sends'), onError: fail })}
          >
            <Send className="h-4 w-4" aria-hidden /> Send anyway
          </Button>
          <Button
            type="button"
            size={size}
            variant="secondary"
            pending={update.isPending && update.variables?.body.action === 'skip'}
            aria-label={`Skip the email to ${who}, step ${email.step}`}
            onClick={() => update.mutate({ id: email.id, body: { action: 'skip' } }, { onSuccess: () => notify.success('Skipped'), onError: fail })}
          >
            <SkipForward className="h-4 w-4" aria-hidden /> Skip
          </Button>
        </>
      ) : null}
      {editable || email.status === 'uncertain' ? (
        <Button
          type="button"
          size={size}
          variant="ghost"
          pending={stop.isPending}
          aria-label={`Stop sending to ${who}`}
          onClick={() => stop.mutate(email.id, { onSuccess: () => notify.success(`Stopped: nothing more goes to ${email.to_email}`), onError: fail })}
        >
          <OctagonX className="h-4 w-4" aria-hidden /> Stop sequence
        </Button>
      ) : null}
    </div>
  );
}
