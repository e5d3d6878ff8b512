import { expect, type Page, type WebSocketRoute } from '@playwright/test';

/**
 * The page's cable, routed through the test (a real socket to the server): what the server sends is
 * recorded; `cut()` drops the connection and turns every new attempt away until `restore()`.
 */
export async function routeCable(page: Page) {
  const frames: string[] = [];
  const open: Array<{ ws: WebSocketRoute; server: WebSocketRoute }> = [];
  let cut = false;
  await page.routeWebSocket(/\/cable(\?|$)/, (ws) => {
    if (cut) {
      void ws.close({ code: 4000, reason: 'cut by the test' });
      return;
    }
    const server = ws.connectToServer();
    server.onMessage((message) => {
      frames.push(String(message));
      ws.send(message);
    });
    open.push({ ws, server });
  });
  const messages = () => frames.map((f) => JSON.parse(f) as { type?: string; message?: { type?: string; name?: string; data?: Record<string, unknown> } });
  return {
    frames,
    messages,
    /** Subscribed and caught up (or resynced): from now on every change reaches the page. */
    synced: (after = 0) =>
      expect.poll(() => messages().slice(after).some((m) => m.message?.type === 'synced' || m.message?.type === 'resync'), { timeout: 30_000 }).toBe(true),
    async cut() {
      cut = true;
      for (const { ws, server } of open.splice(0)) {
        await server.close();
        await ws.close();
      }
    },
    restore() {
      cut = false;
    },
  };
}
