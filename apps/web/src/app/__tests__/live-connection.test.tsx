import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_DOWN_NOTICE_MS, useLiveStore } from '@web/stores/live';
import { LiveStatusNotice } from '../live-connection';

beforeEach(() => {
  vi.useFakeTimers();
  useLiveStore.getState().setStatus('off');
});
afterEach(() => {
  act(() => useLiveStore.getState().setStatus('off'));
  vi.useRealTimers();
});

describe('the live connection notice', () => {
  it('says nothing on a short drop, tells the user after a long one, and goes when live again', () => {
    render(<LiveStatusNotice />);
    act(() => useLiveStore.getState().setStatus('live'));
    act(() => useLiveStore.getState().setStatus('down'));
    act(() => vi.advanceTimersByTime(8000));
    act(() => useLiveStore.getState().setStatus('live'));
    expect(screen.queryByRole('status')).toBeNull();

    act(() => useLiveStore.getState().setStatus('down'));
    act(() => vi.advanceTimersByTime(LIVE_DOWN_NOTICE_MS));
    expect(screen.getByRole('status')).toHaveTextContent('Live updates paused. Reconnecting…');
    act(() => useLiveStore.getState().setStatus('live'));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says nothing when signed out (the connection is off, not down)', () => {
    render(<LiveStatusNotice />);
    act(() => vi.advanceTimersByTime(LIVE_DOWN_NOTICE_MS * 3));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
