import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PersonFiltersWire } from '@shared/schemas/person-filters';
import { api } from '@web/lib/api';
import { createQueryClient } from '@web/lib/query-client';
import { LIVE_COUNT_DEBOUNCE_MS, useLiveCount } from '../api/prospects-preview';
import { personasServer } from './fake-server';

let original: typeof api.http.defaults.adapter;
let server: ReturnType<typeof personasServer>;

beforeEach(() => {
  vi.useFakeTimers();
  original = api.http.defaults.adapter;
  server = personasServer();
  api.http.defaults.adapter = server.adapter as AxiosAdapter;
});
afterEach(() => {
  vi.useRealTimers();
  api.http.defaults.adapter = original;
});

function renderCount(initial: PersonFiltersWire | null) {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(({ filters }: { filters: PersonFiltersWire | null }) => useLiveCount(filters), { wrapper, initialProps: { filters: initial } });
}
const sent = () => server.calls('POST', '/prospects_preview').map((c) => (JSON.parse(String(c.data)) as { filters: unknown }).filters);

describe('useLiveCount', () => {
  it('waits until the filters have been still for 300 ms, sending one request for a burst of edits', async () => {
    const { result, rerender } = renderCount({});
    await act(() => vi.advanceTimersByTimeAsync(LIVE_COUNT_DEBOUNCE_MS));
    expect(sent()).toEqual([{}]);
    expect(result.current.data?.count).toBe(42);

    rerender({ filters: { keywords: ['a'] } });
    expect(result.current.counting).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(200));
    rerender({ filters: { keywords: ['a', 'b'] } });
    await act(() => vi.advanceTimersByTimeAsync(200));
    rerender({ filters: { keywords: ['a', 'b', 'c'] } });
    await act(() => vi.advanceTimersByTimeAsync(LIVE_COUNT_DEBOUNCE_MS - 1));
    expect(sent()).toHaveLength(1);
    expect(result.current.counting).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(sent()).toEqual([{}, { keywords: ['a', 'b', 'c'] }]);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(result.current.counting).toBe(false);
    expect(sent()).toHaveLength(2);
  });

  it('sends nothing for filters the schema refused (null)', async () => {
    const { result } = renderCount(null);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(sent()).toEqual([]);
    expect(result.current.counting).toBe(false);
  });
});
