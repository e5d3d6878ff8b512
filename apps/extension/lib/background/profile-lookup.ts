import type { ProfileReply, TabCapture } from '@shared/extension';
import { linkedInPublicIdentifier } from '@shared/schemas/linkedin';
import { readCaptures } from './capture-store';
import { isLinkedInUrl, type BackgroundDeps, type TabInfo } from './deps';

const tabUrl = (tab: TabInfo) => tab.url ?? tab.pendingUrl;

/** The capture still describes what the tab shows: same member as the tab's current URL. */
function currentCapture(tab: TabInfo, capture: TabCapture | undefined): Extract<TabCapture, { state: 'captured' }> | null {
  if (!capture || capture.state !== 'captured') return null;
  const shown = linkedInPublicIdentifier(tabUrl(tab) ?? '');
  return shown !== null && shown.toLowerCase() === capture.profile.public_identifier.toLowerCase() ? capture : null;
}

function ok(c: Extract<TabCapture, { state: 'captured' }>): ProfileReply {
  return { status: 'ok', profile: c.profile, url: c.url, captured_at: c.captured_at, ...(c.connection ? { connection: c.connection } : {}) };
}

/** Why none of these LinkedIn tabs has a profile to give. */
function noProfile(tabs: TabInfo[]): ProfileReply {
  if (tabs.length === 0) return { status: 'no_profile', reason: 'no_linkedin_tab' };
  const onProfile = tabs.some((t) => linkedInPublicIdentifier(tabUrl(t) ?? '') !== null);
  return { status: 'no_profile', reason: onProfile ? 'loading' : 'not_a_profile' };
}

/**
 * The profile for a web page's request: the active tab of the last focused window when it shows a
 * captured profile, otherwise the most recent capture among the open LinkedIn tabs.
 */
export async function latestProfile(deps: BackgroundDeps): Promise<ProfileReply> {
  const tabs = (await deps.tabs.query({})).filter((t) => t.id !== undefined && isLinkedInUrl(tabUrl(t)));
  const captures = await readCaptures(deps.session, tabs.map((t) => t.id!));
  const [active] = await deps.tabs.query({ active: true, lastFocusedWindow: true });
  const activeCapture = active?.id !== undefined ? currentCapture(active, captures.get(active.id)) : null;
  if (activeCapture) return ok(activeCapture);
  let best: Extract<TabCapture, { state: 'captured' }> | null = null;
  for (const tab of tabs) {
    const c = currentCapture(tab, captures.get(tab.id!));
    if (c && (!best || c.captured_at > best.captured_at)) best = c;
  }
  return best ? ok(best) : noProfile(tabs);
}

/** The profile shown in one tab (the popup's tab). */
export async function tabProfile(deps: BackgroundDeps, tabId: number): Promise<ProfileReply> {
  const tab = await deps.tabs.get(tabId).catch(() => undefined);
  if (!tab || !isLinkedInUrl(tabUrl(tab))) return { status: 'no_profile', reason: 'no_linkedin_tab' };
  const captures = await readCaptures(deps.session, [tabId]);
  const c = currentCapture(tab, captures.get(tabId));
  return c ? ok(c) : noProfile([tab]);
}
