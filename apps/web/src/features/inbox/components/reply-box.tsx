import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { apiErrorMessages } from '@shared/api';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import type { ClaimFlag } from '@shared/schemas/claims';
import { ClaimFlags } from '@web/components/claim-flags';
import { useClaimsCheck, useDraftReply, useSendReply } from '../api/inbox';

export const REPLY_BOX_ID = 'inbox-reply';

/**
 * The answer: typed, or drafted by the AI into the box (never sent by itself), then checked for claims the approved
 * claims do not support (the flags shown, "Send anyway" or edit) and sent.
 */
export function ReplyBox({ threadId }: { threadId: number }) {
  const [body, setBody] = useState('');
  const [sent, setSent] = useState(false);
  const draft = useDraftReply(threadId);
  const send = useSendReply(threadId);
  const check = useClaimsCheck(threadId);
  // The flags of the text as it was checked; editing the text asks for a new check.
  const [checked, setChecked] = useState<{ body: string; flags: ClaimFlag[] } | null>(null);
  const error = draft.error ?? check.error ?? send.error;
  const flagged = checked !== null && checked.body === body && checked.flags.length > 0;
  const deliver = () =>
    send.mutate(body, {
      onSuccess: () => {
        setBody('');
        setChecked(null);
        setSent(true);
      },
    });
  return (
    <form
      className="space-y-2 border-t border-border pt-4"
      onSubmit={(e) => {
        e.preventDefault();
        draft.reset();
        if (flagged) return deliver();
        check.mutate(body, {
          onSuccess: (result) => {
            if (result.flags.length === 0) deliver();
            else setChecked({ body, flags: result.flags });
          },
        });
      }}
    >
      <Label htmlFor={REPLY_BOX_ID}>Reply</Label>
      <textarea
        id={REPLY_BOX_ID}
        value={body}
        onChange={(e) => {
          setBody(e.currentTarget.value);
          setSent(false);
        }}
        rows={6}
        placeholder="Write your answer…"
        className="w-full rounded-lg border border-border bg-surface px-3 py-2 text-sm text-fg focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none"
      />
      {flagged ? <ClaimFlags flags={checked.flags} /> : null}
      <ServerErrors messages={error ? apiErrorMessages(error) : null} />
      {sent ? (
        <p role="status" className="text-sm text-success">
          Sent. The answer is in the thread.
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          type="button"
          variant="secondary"
          pending={draft.isPending}
          onClick={() => {
            send.reset();
            draft.mutate(undefined, { onSuccess: (d) => setBody(d.text) });
          }}
        >
          <Sparkles className="h-4 w-4" aria-hidden /> Draft with AI
        </Button>
        <Button type="submit" pending={send.isPending || check.isPending} disabled={!body.trim()}>
          {flagged ? 'Send anyway' : 'Send'}
        </Button>
      </div>
    </form>
  );
}
