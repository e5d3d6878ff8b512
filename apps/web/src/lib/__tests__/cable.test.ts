import { Connection, ConnectionMonitor } from '@rails/actioncable';
import { describe, expect, it } from 'vitest';
import { CABLE_MONITOR } from '@shared/live/events';
import { cableUrlFor, configureCableMonitor, pollIntervalMs } from '../cable';

describe('the cable client settings (spec §9)', () => {
  it('polls between 3 and 30 s, growing with the reconnection attempts', () => {
    expect(pollIntervalMs(0)).toBe(3000);
    expect(pollIntervalMs(1)).toBe(3466);
    expect(pollIntervalMs(10)).toBe(11_989);
    expect(pollIntervalMs(400)).toBe(29_970);
    expect(pollIntervalMs(10_000)).toBe(30_000);
    for (let n = 0; n < 2000; n += 7) {
      expect(pollIntervalMs(n)).toBeGreaterThanOrEqual(3000);
      expect(pollIntervalMs(n)).toBeLessThanOrEqual(30_000);
    }
  });

  it("sets @rails/actioncable's monitor: stale after 6 s, reopen after 500 ms, the spec's poll curve", () => {
    configureCableMonitor();
    expect(ConnectionMonitor.staleThreshold).toBe(CABLE_MONITOR.staleThresholdS);
    expect(ConnectionMonitor.staleThreshold).toBe(6);
    expect(Connection.reopenDelay).toBe(500);
    // The library's own monitor object, as its connection makes it.
    const Monitor = ConnectionMonitor as unknown as new (connection: object) => { reconnectAttempts: number; getPollInterval(): number };
    const monitor = new Monitor({});
    monitor.reconnectAttempts = 0;
    expect(monitor.getPollInterval()).toBe(3000);
    monitor.reconnectAttempts = 1000;
    expect(monitor.getPollInterval()).toBe(30_000);
  });

  it('puts the auth headers into the query string, encoded', () => {
    expect(cableUrlFor(null, '/cable')).toBe('/cable');
    expect(cableUrlFor({ 'access-token': 'a+b/c=', client: 'c 1', uid: 'ann@example.com' }, '/cable')).toBe('/cable?access-token=a%2Bb%2Fc%3D&client=c%201&uid=ann%40example.com');
    expect(cableUrlFor({ 'access-token': 't', client: 'c', uid: 'u' }, 'wss://live.example.com/cable?region=eu')).toBe('wss://live.example.com/cable?region=eu&access-token=t&client=c&uid=u');
  });
});
