/**
 * Which tab the popup describes: `popup.html?tabId=<n>` when given (the popup opened as a page, as in
 * e2e), otherwise the active tab of the last focused window.
 */
export async function resolveTabId(
  search: string,
  queryActive: () => Promise<Array<{ id?: number }>>,
): Promise<number | null> {
  const raw = new URLSearchParams(search).get('tabId');
  if (raw !== null && /^\d+$/.test(raw)) return Number(raw);
  const [tab] = await queryActive();
  return tab?.id ?? null;
}
