import { describe, expect, it } from 'vitest';
import { findSentFolder } from '../../lib/mail/imap';
import { limitToday } from './warmup';

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

describe('findSentFolder', () => {
  it('prefers the \\Sent flag, then common names, else null', () => {
    expect(findSentFolder([{ path: 'INBOX', name: 'INBOX', specialUse: '' }, { path: 'Sent Items', name: 'Sent Items', specialUse: '' }, { path: '[Gmail]/Sent Mail', name: 'Sent Mail', specialUse: '\\Sent' }])).toBe('[Gmail]/Sent Mail');
    expect(findSentFolder([{ path: 'INBOX.Gesendet', name: 'Gesendet', specialUse: '' }])).toBe('INBOX.Gesendet');
    expect(findSentFolder([{ path: 'INBOX', name: 'INBOX', specialUse: '' }])).toBeNull();
  });
});
