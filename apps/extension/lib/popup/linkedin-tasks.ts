import type { ConnectionState, ProfileReply } from '@shared/extension';
import { canonicalLinkedInProfileUrl } from '@shared/schemas/linkedin';
import type { OutreachTask } from '@shared/schemas/outreach-tasks';

type LinkedInKind = Extract<OutreachTask['kind'], 'view_profile' | 'connection_request' | 'message' | 'follow_up'>;

/** The step kind as the popup names it (short: the popup is 360 px wide). */
export const TASK_KIND_LABELS: Record<LinkedInKind, string> = {
  view_profile: 'View profile',
  connection_request: 'Connection request',
  message: 'Message',
  follow_up: 'Follow-up',
};
export const taskKindLabel = (kind: OutreachTask['kind']): string => TASK_KIND_LABELS[kind as LinkedInKind] ?? kind;

/** What the copy button copies, named for its label and confirmation ("Note copied"). */
export const PREPARED_TEXT_NAMES: Partial<Record<OutreachTask['kind'], string>> = {
  connection_request: 'Note',
  message: 'Message',
  follow_up: 'Follow-up',
};

/** The waiting tasks a limit or the working hours hold back (with the reason); the ones merely due on a later day are not late. */
export const heldBack = (waiting: readonly OutreachTask[]): OutreachTask[] => waiting.filter((t) => t.status === 'waiting' && !!t.wait_reason);

/** The open task (due today) for the profile on screen, matched by the normalised profile URL. */
export function taskForPage(tasks: readonly OutreachTask[], reply: ProfileReply | null): OutreachTask | null {
  if (!reply || reply.status !== 'ok') return null;
  const page = canonicalLinkedInProfileUrl(reply.profile.profile_url) ?? canonicalLinkedInProfileUrl(reply.url);
  if (!page) return null;
  return tasks.find((t) => t.status === 'due' && t.prospect.linkedin_url && canonicalLinkedInProfileUrl(t.prospect.linkedin_url) === page) ?? null;
}

/**
 * What the page tells about the task on screen: an offer to mark it done when the page shows the step as
 * performed, or a hint when it shows it cannot be yet. The popup never marks anything by itself.
 */
export type PageSuggestion = { kind: 'offer' | 'hint'; text: string };

export function pageSuggestion(task: OutreachTask, connection: ConnectionState | undefined): PageSuggestion | null {
  switch (task.kind) {
    case 'view_profile':
      return { kind: 'offer', text: 'You are on this profile — mark the profile view done?' };
    case 'connection_request':
      if (connection === 'pending') return { kind: 'offer', text: 'LinkedIn shows your invitation as pending — mark done?' };
      if (connection === 'connected') return { kind: 'offer', text: 'LinkedIn shows you are already connected — mark done?' };
      if (connection === 'none') return { kind: 'hint', text: 'LinkedIn shows no invitation yet: send it with the prepared note, then mark done.' };
      return null;
    case 'message':
    case 'follow_up':
      if (connection === 'pending') return { kind: 'hint', text: 'Your invitation is still pending: you can message once they accept.' };
      if (connection === 'none') return { kind: 'hint', text: 'LinkedIn does not show you as connected: the message needs a connection.' };
      return null;
    default:
      return null;
  }
}
