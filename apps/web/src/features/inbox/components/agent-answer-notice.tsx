import { formatDistanceStrict } from 'date-fns';
import { Bot } from 'lucide-react';
import { useRef } from 'react';
import { apiErrorMessages } from '@shared/api';
import { AGENT_ANSWER_STOPPED_BY_USER, type AgentAnswerInfo, type EmailThreadMessage } from '@shared/schemas/email-threads';
import { Button } from '@web/components/ui/button';
import { notify } from '@web/lib/notify';
import { useNow } from '@web/lib/use-now';
import { cn } from '@web/lib/utils';
import { useSkipAgentAnswer } from '../api/inbox';

/** The due time as the inbox shows times: "at 14:20" today, else "on Mon, 30 Nov, 09:00". */
function dueTime(iso: string, now: Date): string {
  const due = new Date(iso);
  if (due.toDateString() === now.toDateString()) return `at ${due.toLocaleTimeString(undefined, { timeStyle: 'short' })}`;
  return `on ${due.toLocaleString(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })}`;
}

/** What the notice says about the answer in each state (sent shows as the agent's own message, so nothing here). */
function lineOf(answer: AgentAnswerInfo, now: Date): string | null {
  switch (answer.state) {
    case 'scheduled': {
      const due = new Date(answer.due_at);
      if (due <= now) return `The agent is about to answer (it was due ${dueTime(answer.due_at, now)})`;
      return `The agent will answer ${dueTime(answer.due_at, now)} (your working hours), ${formatDistanceStrict(due, now, { addSuffix: true })}`;
    }
    case 'sending':
      return 'The agent is sending its answer now';
    case 'skipped':
      if (answer.reason === AGENT_ANSWER_STOPPED_BY_USER) return "Not sent: you stopped the agent's answer";
      return answer.reason ? `Not sent: ${answer.reason}` : "The agent's answer was not sent";
    case 'failed':
      return `The agent's answer could not be sent: ${answer.reason ?? 'the mail server refused it'}`;
    case 'uncertain':
      return `The agent's answer may or may not have gone out: ${answer.reason ?? 'it was interrupted while sending'}`;
    default:
      return null;
  }
}

/**
 * Under a reply the agent answers on its own (auto_reply): when its answer goes, with "Don't send" while it
 * waits; after that, why it did not go (stopped, failed, uncertain). Focus stays on the notice after "Don't
 * send" (the button leaves), so a keyboard user hears the outcome and keeps their place.
 */
export function AgentAnswerNotice({ message }: { message: EmailThreadMessage }) {
  // Most messages have no answer of the agent's: no clock, no mutation for them.
  const answer = message.agent_answer;
  return answer && answer.state !== 'sent' ? <Notice message={message} answer={answer} /> : null;
}

function Notice({ message, answer }: { message: EmailThreadMessage; answer: AgentAnswerInfo }) {
  const now = useNow(30_000);
  const skip = useSkipAgentAnswer(message.thread_id);
  const box = useRef<HTMLDivElement>(null);
  const line = lineOf(answer, now);
  if (!line) return null;
  const trouble = answer.state === 'failed' || answer.state === 'uncertain';
  const handleSkip = () =>
    skip.mutate(message.id, {
      onSuccess: (updated) => {
        const stoppedNow = updated.agent_answer?.reason === AGENT_ANSWER_STOPPED_BY_USER;
        notify.success(stoppedNow ? "The agent's answer will not be sent" : "The agent's answer was already stopped", !stoppedNow && updated.agent_answer?.reason ? { description: updated.agent_answer.reason } : {});
        box.current?.focus();
      },
      onError: (error) => notify.error("Could not stop the agent's answer", { description: apiErrorMessages(error).join(' ') }),
    });
  return (
    <div
      ref={box}
      tabIndex={-1}
      role="status"
      aria-label="The agent's answer"
      className={cn(
        'mt-2 flex flex-wrap items-center gap-2 rounded-lg border px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
        trouble ? 'border-danger/40 bg-danger/10 text-danger' : 'border-accent/30 bg-accent/5 text-fg',
      )}
    >
      <Bot className="h-4 w-4 shrink-0" aria-hidden />
      <span className="min-w-0 flex-1">{line}</span>
      {answer.state === 'scheduled' ? (
        <Button type="button" size="sm" variant="secondary" pending={skip.isPending} onClick={handleSkip}>
          Don&apos;t send
        </Button>
      ) : null}
    </div>
  );
}
