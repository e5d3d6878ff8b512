import type { TabCapture } from '@shared/extension';
import type { SessionStore } from './deps';

/**
 * Per-tab capture state in storage.session under `capture:<tabId>`: the MV3 worker stops when idle,
 * so nothing lives in worker variables. Only the background and extension pages read it (the
 * session area's default TRUSTED_CONTEXTS access level is kept: content scripts send messages).
 */
export const captureKey = (tabId: number) => `capture:${tabId}`;

export async function writeCapture(session: SessionStore, tabId: number, capture: TabCapture): Promise<void> {
  await session.set({ [captureKey(tabId)]: capture });
}

export async function removeCapture(session: SessionStore, tabId: number): Promise<void> {
  await session.remove(captureKey(tabId));
}

export async function readCaptures(session: SessionStore, tabIds: number[]): Promise<Map<number, TabCapture>> {
  const out = new Map<number, TabCapture>();
  if (tabIds.length === 0) return out;
  const items = await session.get(tabIds.map(captureKey));
  for (const id of tabIds) {
    const v = items[captureKey(id)] as TabCapture | undefined;
    if (v && (v.state === 'captured' || v.state === 'cleared')) out.set(id, v);
  }
  return out;
}
