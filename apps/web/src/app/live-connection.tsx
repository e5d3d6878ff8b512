import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeAccountStream } from '@shared/live/stream';
import { requestNotificationPoll } from '@web/features/notifications';
import { appConsumer } from '@web/lib/cable';
import { useAuthStore } from '@web/stores/auth';
import { useLiveStore } from '@web/stores/live';
import { createLiveConnector } from './live-connector';

/**
 * While signed in: the app's one consumer connected, the account's stream subscribed, and each event
 * handed to the connector (the query cache). Signing out unsubscribes and disconnects; signing in as
 * someone else starts over (a new stream, from that account's current number).
 */
export function useLiveConnection(): void {
  const token = useAuthStore((s) => s.headers?.['access-token'] ?? null);
  const client = useAuthStore((s) => s.headers?.client ?? null);
  const queryClient = useQueryClient();
  useEffect(() => {
    const { setStatus } = useLiveStore.getState();
    if (!token || !client) {
      setStatus('off');
      return;
    }
    const consumer = appConsumer();
    const connector = createLiveConnector({ queryClient, requestNotificationPoll });
    setStatus('connecting');
    const stream = subscribeAccountStream(consumer, {
      onEvent: (event) => connector.handleEvent(event),
      onStale: (reason) => connector.handleStale(reason),
      // Stopped (the token was refused): not "reconnecting"; the fallback polls run and their 401 signs the user out.
      onStatus: (status) => setStatus(status === 'connected' ? 'live' : status === 'stopped' ? 'off' : 'down'),
    });
    consumer.connect();
    return () => {
      stream.unsubscribe();
      consumer.disconnect();
      connector.dispose();
      setStatus('off');
    };
  }, [token, client, queryClient]);
}

/**
 * A small note, only after the connection has been down a while (no flashing on a short reconnect):
 * what is shown may be behind, and it catches up by itself.
 */
export function LiveStatusNotice() {
  const longDown = useLiveStore((s) => s.longDown);
  if (!longDown) return null;
  return (
    <div
      role="status"
      className="pointer-events-none fixed bottom-3 left-3 z-50 flex max-w-[calc(100vw-1.5rem)] items-center gap-2 rounded-full border border-border bg-surface/95 px-3 py-1.5 text-xs text-muted shadow-md"
    >
      <span aria-hidden="true" className="size-2 shrink-0 animate-pulse rounded-full bg-warning" />
      Live updates paused. Reconnecting…
    </div>
  );
}

/** Mounted once by the data layer. */
export function LiveConnection() {
  useLiveConnection();
  return <LiveStatusNotice />;
}
