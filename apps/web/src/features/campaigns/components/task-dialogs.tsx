import { useState } from 'react';
import { apiErrorMessages } from '@shared/api';
import { CALL_OUTCOME_LABELS, CALL_OUTCOMES, type CallOutcome, type OutreachTask } from '@shared/schemas/outreach-tasks';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { Label } from '@web/components/ui/label';
import { textareaClass } from '@web/components/ui/styles';
import { notify } from '@web/lib/notify';
import { useCallOutcome, useLinkedinReply } from '../api/tasks';

const who = (task: OutreachTask) => task.prospect.full_name ?? 'the prospect';

/** Log the prospect's LinkedIn reply: it joins their conversation in the inbox and stops their sequence. */
export function LinkedinReplyDialog({ task, onClose }: { task: OutreachTask; onClose: () => void }) {
  const reply = useLinkedinReply();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setError('Paste or type the reply');
    setError(null);
    reply.mutate(
      { id: task.id, text: text.trim() },
      {
        onSuccess: () => {
          notify.success(`Reply logged: ${who(task)}'s sequence stopped on every channel`);
          onClose();
        },
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Log a LinkedIn reply" description={`What ${who(task)} answered on LinkedIn. It joins their conversation in the inbox, and nothing more goes out to them.`}>
      <form className="space-y-4" onSubmit={submit} noValidate>
        <div className="space-y-1.5">
          <Label htmlFor="linkedin-reply-text">Their reply</Label>
          <textarea id="linkedin-reply-text" className={textareaClass} value={text} onChange={(e) => setText(e.target.value)} maxLength={8000} autoFocus />
        </div>
        <ServerErrors messages={error ? [error] : reply.isError ? apiErrorMessages(reply.error) : null} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" pending={reply.isPending}>
            Log reply
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The outcome of a call: connected (with or without interest), voicemail, no answer, wrong number. */
export function CallOutcomeDialog({ task, onClose }: { task: OutreachTask; onClose: () => void }) {
  const log = useCallOutcome();
  const [outcome, setOutcome] = useState<CallOutcome | ''>('');
  const [interested, setInterested] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!outcome) return setError('Choose how the call went');
    setError(null);
    const body = { outcome, ...(outcome === 'connected' ? { interested } : {}), ...(note.trim() ? { note: note.trim() } : {}) };
    log.mutate(
      { id: task.id, body },
      {
        onSuccess: () => {
          notify.success(outcome === 'connected' ? `Call logged: ${who(task)}'s sequence stopped` : 'Call logged: the sequence moves on');
          onClose();
        },
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Log the call" description={`How the call with ${who(task)} went. A connected call stops their sequence; the other outcomes move it on.`}>
      <form className="space-y-4" onSubmit={submit} noValidate>
        <fieldset className="space-y-1.5">
          <legend className="text-sm font-medium text-fg">Outcome</legend>
          {CALL_OUTCOMES.map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm text-fg">
              <input type="radio" name="call-outcome" value={value} checked={outcome === value} onChange={() => setOutcome(value)} />
              {CALL_OUTCOME_LABELS[value]}
            </label>
          ))}
        </fieldset>
        {outcome === 'connected' ? (
          <label className="flex items-center gap-2 text-sm text-fg">
            <input type="checkbox" checked={interested} onChange={(e) => setInterested(e.target.checked)} />
            Interested: move them to Interested on the pipeline
          </label>
        ) : null}
        <div className="space-y-1.5">
          <Label htmlFor="call-note">Note (optional)</Label>
          <textarea id="call-note" className={textareaClass} value={note} onChange={(e) => setNote(e.target.value)} maxLength={4000} />
        </div>
        <ServerErrors messages={error ? [error] : log.isError ? apiErrorMessages(log.error) : null} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" pending={log.isPending}>
            Log call
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
