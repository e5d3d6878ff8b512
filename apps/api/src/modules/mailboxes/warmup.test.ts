import { describe, expect, it } from 'vitest';
import { findSentFolder } from '../../lib/mail/imap';
import { limitToday, recoveryShare } from './warmup';

const mailbox = { dailyLimit: 40, warmupEnabled: true, warmupStart: 10, warmupIncrease: 5, warmupCeiling: 30, warmupStartedOn: '2026-03-01' };

describe('limitToday (warm-up ramp)', () => {
  it.each([
    ['2026-03-01', 10],
    ['2026-03-02', 15],
    ['2026-03-04', 25],
    ['2026-03-05', 30],
    ['2026-04-01', 30],
    ['2026-02-20', 10],
  ])('on %s allows %i', (today, expected) => expect(limitToday(mailbox, today)).toBe(expected));

  it('is the daily limit without warm-up, and never above it', () => {
    expect(limitToday({ ...mailbox, warmupEnabled: false }, '2026-03-01')).toBe(40);
    expect(limitToday({ ...mailbox, warmupCeiling: 100 }, '2026-06-01')).toBe(40);
  });
});

describe('limitToday after resuming by itself (issue 26)', () => {
  const resumed = { dailyLimit: 40, warmupEnabled: false, warmupStart: 10, warmupIncrease: 5, warmupCeiling: 40, warmupStartedOn: null, autoResumedAt: new Date('2026-03-10T15:00:00Z') };
  it.each([
    ['2026-03-10', 20],
    ['2026-03-11', 24],
    ['2026-03-12', 28],
    ['2026-03-14', 36],
    ['2026-03-15', 40],
    ['2026-04-01', 40],
  ])('on %s allows %i of its 40', (today, expected) => expect(limitToday(resumed, today)).toBe(expected));

  it('takes its share of the warm-up ramp, never under 1, and the share ramps from a half to the whole', () => {
    // Warm-up day 9 allows 30 (ceiling); the day it resumed, half of that.
    expect(limitToday({ ...resumed, warmupEnabled: true, warmupCeiling: 30, warmupStartedOn: '2026-03-01' }, '2026-03-10')).toBe(15);
    expect(limitToday({ ...resumed, dailyLimit: 1 }, '2026-03-10')).toBe(1);
    expect([0, 1, 2, 3, 4, 5, 9].map(recoveryShare)).toEqual([0.5, 0.6, 0.7, 0.8, 0.9, 1, 1]);
    expect(limitToday({ ...resumed, autoResumedAt: null }, '2026-03-10')).toBe(40);
  });
});

describe('findSentFolder', () => {
  it('prefers the \\Sent flag, then common names, else null', () => {
    expect(findSentFolder([{ path: 'INBOX', name: 'INBOX', specialUse: '' }, { path: 'Sent Items', name: 'Sent Items', specialUse: '' }, { path: '[Gmail]/Sent Mail', name: 'Sent Mail', specialUse: '\\Sent' }])).toBe('[Gmail]/Sent Mail');
    expect(findSentFolder([{ path: 'INBOX.Gesendet', name: 'Gesendet', specialUse: '' }])).toBe('INBOX.Gesendet');
    expect(findSentFolder([{ path: 'INBOX', name: 'INBOX', specialUse: '' }])).toBeNull();
  });
});
