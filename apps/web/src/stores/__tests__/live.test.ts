import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_DOWN_NOTICE_MS, useLiveStore } from '../live';

beforeEach(() => {
  vi.useFakeTimers();
  useLiveStore.getState().setStatus('off');
});
afterEach(() => {
  useLiveStore.getState().setStatus('off');
  vi.useRealTimers();
});

describe('the live connection state', () => {
  it('says "long down" only after 20 s away in a row, never on a short reconnect', () => {
    const { setStatus } = useLiveStore.getState();
    setStatus('connecting');
    setStatus('live');
    setStatus('down');
    vi.advanceTimersByTime(LIVE_DOWN_NOTICE_MS - 1);
    setStatus('connecting');
    expect(useLiveStore.getState().longDown).toBe(false);
    setStatus('live');
    vi.advanceTimersByTime(LIVE_DOWN_NOTICE_MS * 2);
    expect(useLiveStore.getState().longDown).toBe(false);

    setStatus('down');
    vi.advanceTimersByTime(LIVE_DOWN_NOTICE_MS / 2);
    setStatus('connecting');
    vi.advanceTimersByTime(LIVE_DOWN_NOTICE_MS / 2);
    expect(useLiveStore.getState().longDown).toBe(true);
    setStatus('live');
    expect(useLiveStore.getState().longDown).toBe(false);
  });
});
