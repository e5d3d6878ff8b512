import { parseExternalRequest, type ExternalReply } from '@shared/extension';

/** Answers a web page's message; the page's origin was already vetted by externally_connectable. */
export function handleExternalMessage(message: unknown, ctx: { version: string; origin?: string }): ExternalReply {
  const parsed = parseExternalRequest(message);
  if (!parsed.ok) return parsed.reply;
  switch (parsed.request.type) {
    case 'presence':
      return { status: 'ok', version: ctx.version };
    case 'profile':
      // Capture arrives with the content script (issue 3); until then no LinkedIn tab is known.
      return { status: 'no_profile', reason: 'no_linkedin_tab' };
  }
}
