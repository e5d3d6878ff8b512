import { parseExternalRequest, parseInternalMessage, type ErrorReply, type ExternalReply, type ProfileReply, type SearchProgressReply } from '@shared/extension';
import { linkedInPublicIdentifier } from '@shared/schemas/linkedin';
import { writeCapture } from './capture-store';
import { isLinkedInUrl, type BackgroundDeps, type Sender } from './deps';
import { latestProfile, tabProfile } from './profile-lookup';

/** Replies to internal messages: captures are acknowledged, the popup's request gets the tab's profile. */
export type InternalReply = { status: 'ok' } | ProfileReply | SearchProgressReply | ErrorReply;

/** A web page's message (its origin was vetted by externally_connectable); every message is validated. */
export async function handleExternalMessage(message: unknown, deps: BackgroundDeps): Promise<ExternalReply> {
  const parsed = parseExternalRequest(message);
  if (!parsed.ok) return parsed.reply;
  switch (parsed.request.type) {
    case 'presence':
      return { status: 'ok', version: deps.version };
    case 'profile':
      return latestProfile(deps);
  }
}

const refuse = (error: string): ErrorReply => ({ status: 'error', error });

/**
 * Messages from this extension's own parts. Captures are accepted only from the content script in a
 * LinkedIn tab; the popup's request only from an extension page.
 */
export async function handleInternalMessage(message: unknown, sender: Sender, deps: BackgroundDeps): Promise<InternalReply> {
  if (sender.id !== deps.extensionId) return refuse('Unknown sender');
  const parsed = parseInternalMessage(message);
  if (!parsed.ok) return parsed.reply;
  const m = parsed.message;
  const at = (deps.now?.() ?? new Date()).toISOString();
  switch (m.type) {
    case 'capture':
    case 'capture-cleared': {
      const tabId = sender.tab?.id;
      if (tabId === undefined || !isLinkedInUrl(sender.url) || !isLinkedInUrl(m.url)) return refuse('Captures come from LinkedIn tabs only');
      if (m.type === 'capture') {
        const id = linkedInPublicIdentifier(m.url);
        if (!id || id.toLowerCase() !== m.profile.public_identifier.toLowerCase()) return refuse('The profile does not match its URL');
        await writeCapture(deps.session, tabId, { state: 'captured', url: m.url, profile: m.profile, captured_at: at, ...(m.connection ? { connection: m.connection } : {}) });
      } else {
        await writeCapture(deps.session, tabId, { state: 'cleared', url: m.url, reason: m.reason, at });
      }
      return { status: 'ok' };
    }
    case 'search-results': {
      const tabId = sender.tab?.id;
      if (tabId === undefined || !isLinkedInUrl(sender.url) || !isLinkedInUrl(m.url)) return refuse('Search results come from LinkedIn tabs only');
      await deps.searchCapture?.handleResults(tabId, m);
      return { status: 'ok' };
    }
    case 'search-progress': {
      if (!sender.url?.startsWith(deps.extensionOrigin)) return refuse('Only the popup may ask for search progress');
      return deps.searchCapture ? deps.searchCapture.progress(m.tab_id) : { status: 'ok', searches: [] };
    }
    case 'active-profile': {
      if (!sender.url?.startsWith(deps.extensionOrigin)) return refuse('Only the popup may ask for a tab profile');
      return tabProfile(deps, m.tab_id);
    }
  }
}
