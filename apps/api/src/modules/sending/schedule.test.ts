import { describe, expect, it } from 'vitest';
import { assignFirstMessages, mailboxForStep, pickFirstMessageMailbox, type RotationMailbox } from './rotation';
import {
  canSendAt,
  DEFAULT_DOMAIN_THROTTLE,
  localDayBounds,
  localParts,
  mailboxCapacity,
  parseHhMm,
  totalCapacity,
  type Jitter,
  type MailboxLimits,
  type ScheduleInput,
  type SendWindow,
} from './schedule';
import { limitToday } from '../mailboxes/warmup';

const BERLIN: SendWindow = { timeZone: 'Europe/Berlin', workingDays: [1, 2, 3, 4, 5, 6, 7], workStart: '09:00', workEnd: '17:00' };
const mailbox = (over: Partial<MailboxLimits> = {}): MailboxLimits => ({
  dailyLimit: 40,
  hourlyLimit: 8,
  minGapSeconds: 300,
  warmupEnabled: false,
  warmupStart: 5,
  warmupIncrease: 5,
  warmupCeiling: 40,
  warmupStartedOn: null,
  status: 'active',
  ...over,
});

/** A seeded jitter (mulberry32 of the send's time): repeatable runs, still spread over [0, 1). */
const seededJitter =
  (seed: number): Jitter =>
  (at, key) => {
    let a = (seed ^ Math.floor(at / 1000) ^ (Number(key) * 2654435761)) >>> 0;
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };

const MIN = 60_000;

describe('schedule: single rules', () => {
  const base = (over: Partial<ScheduleInput> = {}): ScheduleInput => ({
    mailbox: mailbox(),
    mailboxKey: 1,
    window: BERLIN,
    history: { mailboxSends: [], accountSends: [] },
    accountDailyLimit: 500,
    jitter: () => 0,
    ...over,
  });

  it('outside working hours names the next start in the zone', () => {
    const d = canSendAt(base(), Date.parse('2026-06-10T05:00:00Z')); // 07:00 Berlin (CEST)
    expect(d).toMatchObject({ ok: false, rule: 'outside_window', message: 'outside working hours until 09:00 Europe/Berlin' });
    expect(!d.ok && d.until?.toISOString()).toBe('2026-06-10T07:00:00.000Z');
    const evening = canSendAt(base({ window: { ...BERLIN, workingDays: [1, 2, 3, 4, 5] } }), Date.parse('2026-06-12T16:00:00Z')); // Fri 18:00
    expect(evening).toMatchObject({ ok: false, message: 'outside working hours until Mon 09:00 Europe/Berlin' });
    expect(!evening.ok && evening.until?.toISOString()).toBe('2026-06-15T07:00:00.000Z');
  });

  it('a work end of 23:59 runs to midnight: 00:00–23:59 is open around the clock, 17:00 still closes at 17:00', () => {
    const allDay = (days: number[]) => base({ window: { timeZone: 'Europe/Berlin', workingDays: days, workStart: '00:00', workEnd: '23:59' } });
    // 23:59:30 Berlin on a Wednesday, and the first second of Thursday.
    expect(canSendAt(allDay([1, 2, 3, 4, 5, 6, 7]), Date.parse('2026-06-10T21:59:30Z'))).toEqual({ ok: true });
    expect(canSendAt(allDay([1, 2, 3, 4, 5, 6, 7]), Date.parse('2026-06-10T22:00:00Z'))).toEqual({ ok: true });
    // Wednesday alone: closed from midnight, open again next Wednesday at 00:00.
    const closed = canSendAt(allDay([3]), Date.parse('2026-06-10T22:00:00Z'));
    expect(closed).toMatchObject({ ok: false, rule: 'outside_window', message: 'outside working hours until Wed 00:00 Europe/Berlin' });
    expect(canSendAt(base(), Date.parse('2026-06-10T14:59:59Z'))).toEqual({ ok: true }); // 16:59:59
    expect(canSendAt(base(), Date.parse('2026-06-10T15:00:00Z'))).toMatchObject({ ok: false, rule: 'outside_window' }); // 17:00
  });

  it('the gap names the next send time; the hourly and daily limits say so', () => {
    const now = Date.parse('2026-06-10T08:40:00Z'); // 10:40 Berlin
    const gap = canSendAt(base({ history: { mailboxSends: [now - 3 * MIN], accountSends: [] } }), now);
    expect(gap).toMatchObject({ ok: false, rule: 'gap', message: 'gap: next send at 10:42' });
    const hourly = canSendAt(base({ mailbox: mailbox({ hourlyLimit: 2, minGapSeconds: 0 }), history: { mailboxSends: [now - 50 * MIN, now - 10 * MIN], accountSends: [] } }), now);
    expect(hourly).toMatchObject({ ok: false, rule: 'hourly_limit', message: 'hourly limit reached' });
    expect(!hourly.ok && hourly.until?.getTime()).toBe(now + 10 * MIN);
    const sends = Array.from({ length: 3 }, (_, i) => now - (i + 1) * 61 * MIN);
    const daily = canSendAt(base({ mailbox: mailbox({ dailyLimit: 3, minGapSeconds: 0 }), history: { mailboxSends: sends, accountSends: [] } }), now);
    expect(daily).toMatchObject({ ok: false, rule: 'daily_limit', message: 'daily limit reached' });
    // Tomorrow at 09:00 Berlin: the day resets at local midnight, the window opens at nine.
    expect(!daily.ok && daily.until?.toISOString()).toBe('2026-06-11T07:00:00.000Z');
  });

  it('the account limit and the recipient domain throttle hold too; the smallest limit wins', () => {
    const now = Date.parse('2026-06-10T10:00:00Z');
    const account = canSendAt(base({ accountDailyLimit: 2, history: { mailboxSends: [], accountSends: { today: 2 } } }), now);
    expect(account).toMatchObject({ ok: false, rule: 'account_daily_limit' });
    const throttled = canSendAt(base({ recipient: 'ann@acme.com', history: { mailboxSends: [], accountSends: [], domainSends: [now - MIN] } }), now);
    expect(throttled).toMatchObject({ ok: false, rule: 'domain_throttle', message: 'acme.com throttled: next send at 12:01' });
    const gmail = canSendAt(base({ recipient: 'ann@gmail.com', throttle: { ...DEFAULT_DOMAIN_THROTTLE, minGapSeconds: 0 }, history: { mailboxSends: [], accountSends: [], domainSends: Array(10).fill(now - MIN) } }), now);
    expect(gmail.ok).toBe(true);
    const paused = canSendAt(base({ mailbox: mailbox({ status: 'paused', statusReason: 'Paused by you' }) }), now);
    expect(paused).toMatchObject({ ok: false, rule: 'mailbox_status', until: null, message: 'mailbox paused: Paused by you' });
    // Several rules at once: the until is when all agree.
    const both = canSendAt(base({ mailbox: mailbox({ minGapSeconds: 3600 }), history: { mailboxSends: [Date.parse('2026-06-10T14:30:00Z')], accountSends: [] } }), Date.parse('2026-06-10T14:40:00Z'));
    expect(both).toMatchObject({ ok: false, rule: 'outside_window' });
    expect(!both.ok && both.until?.toISOString()).toBe('2026-06-11T07:00:00.000Z');
  });

  it('capacity: limit after ramp, sent, scheduled, left; the total is capped by the account', () => {
    const now = Date.parse('2026-06-10T10:00:00Z');
    const cap = mailboxCapacity(
      { ...base({ mailbox: mailbox({ warmupEnabled: true, warmupStartedOn: '2026-06-08' }), history: { mailboxSends: [now - 61 * MIN, now - 200 * MIN], accountSends: [] } }), scheduledToday: 4 },
      now,
    );
    expect(cap).toMatchObject({ limit: 15, sent: 2, scheduled: 4, left: 9, held: null });
    expect(totalCapacity([cap, { ...cap }], { dailyLimit: 20, sentToday: 4, scheduledToday: 8 })).toEqual({ limit: 20, sent: 4, scheduled: 8, left: 8 });
  });
});

/**
 * A simulated week in minute steps: every mailbox asks canSendAt each minute and sends when allowed.
 * Checked afterwards from the send log alone: no limit exceeded, every gap kept, every send inside the
 * window (in Berlin wall-clock time), the ramp followed, and `until` honest (at `until` it may send).
 */
function simulateWeek(startIso: string, options: { mailboxes: number; window: SendWindow; accountDailyLimit: number; jitterSeed: number }) {
  const start = Date.parse(startIso);
  const end = start + 7 * 24 * 60 * MIN;
  const boxes = Array.from({ length: options.mailboxes }, (_, i) =>
    mailbox({ dailyLimit: 30 + i * 10, hourlyLimit: 5 + i, minGapSeconds: 240 + i * 60, warmupEnabled: i === 0, warmupStart: 5, warmupIncrease: 4, warmupCeiling: 25, warmupStartedOn: '2026-03-25' }),
  );
  const sends: number[][] = boxes.map(() => []);
  const account: number[] = [];
  const domainSends = new Map<string, number[]>();
  const log: Array<{ box: number; at: number; domain: string }> = [];
  const jitter = seededJitter(options.jitterSeed);
  const waitingUntil = boxes.map(() => 0);
  let recipientSeq = 0;
  for (let now = start; now < end; now += MIN) {
    for (let b = 0; b < boxes.length; b++) {
      const domain = `d${recipientSeq % 5}.example`;
      const input: ScheduleInput = {
        mailbox: boxes[b]!,
        mailboxKey: b,
        window: options.window,
        history: { mailboxSends: sends[b]!, accountSends: account, domainSends: domainSends.get(domain) ?? [] },
        accountDailyLimit: options.accountDailyLimit,
        recipient: `p${recipientSeq}@${domain}`,
        throttle: { ...DEFAULT_DOMAIN_THROTTLE, perHour: 12, minGapSeconds: 60 },
        jitter,
      };
      const d = canSendAt(input, now);
      if (!d.ok) {
        // until is a promise: nothing (but a new send elsewhere) may hold it back then.
        if (d.until && d.until.getTime() < end) waitingUntil[b] = d.until.getTime();
        continue;
      }
      if (waitingUntil[b]! > now) throw new Error(`box ${b} was told to wait until ${new Date(waitingUntil[b]!).toISOString()} but may send at ${new Date(now).toISOString()}`);
      sends[b]!.push(now);
      account.push(now);
      domainSends.set(domain, [...(domainSends.get(domain) ?? []), now]);
      log.push({ box: b, at: now, domain });
      recipientSeq++;
    }
  }
  return { boxes, sends, account, log, domainSends };
}

describe('schedule: a simulated week never breaks a rule', () => {
  for (const [label, startIso] of [
    ['spring forward (last Sunday of March)', '2026-03-26T00:00:00Z'],
    ['fall back (last Sunday of October)', '2026-10-22T00:00:00Z'],
  ] as const) {
    it(`across the DST change, ${label}`, () => {
      const window: SendWindow = { timeZone: 'Europe/Berlin', workingDays: [1, 2, 3, 4, 5, 7], workStart: '08:30', workEnd: '17:15' };
      const { boxes, sends, account, domainSends } = simulateWeek(startIso, { mailboxes: 3, window, accountDailyLimit: 70, jitterSeed: 7 });
      const winStart = parseHhMm(window.workStart);
      const winEnd = parseHhMm(window.workEnd);
      expect(account.length).toBeGreaterThan(200);
      for (let b = 0; b < boxes.length; b++) {
        const box = boxes[b]!;
        const perDay = new Map<string, number>();
        const list = sends[b]!;
        for (let i = 0; i < list.length; i++) {
          const at = list[i]!;
          const l = localParts(at, window.timeZone);
          // Inside the window in wall-clock time, on a working day (Saturday is off).
          expect(window.workingDays).toContain(l.isoDay);
          expect(l.minutes).toBeGreaterThanOrEqual(winStart);
          expect(l.minutes).toBeLessThan(winEnd);
          perDay.set(l.day, (perDay.get(l.day) ?? 0) + 1);
          if (i > 0) expect(at - list[i - 1]!).toBeGreaterThanOrEqual(box.minGapSeconds * 1000);
          const inHour = list.filter((t) => t > at - 60 * MIN && t <= at).length;
          expect(inHour).toBeLessThanOrEqual(box.hourlyLimit);
        }
        for (const [day, n] of perDay) expect(n).toBeLessThanOrEqual(limitToday(box, day));
        if (box.warmupEnabled) {
          // The ramp as set: 5 on the 25th, + 4 a day, up to the ceiling of 25; the days it ran full reach it.
          const days = [...perDay.keys()].sort();
          for (const day of days) expect(perDay.get(day)).toBeLessThanOrEqual(Math.min(25, 5 + 4 * ((Date.parse(day) - Date.parse('2026-03-25')) / 86_400_000)));
          expect(Math.max(...perDay.values())).toBeGreaterThan(5);
        }
        // The gap was jittered, not fixed.
        const gaps = list.slice(1).map((t, i) => t - list[i]!).filter((g) => g < 3 * 60 * MIN);
        expect(new Set(gaps).size).toBeGreaterThan(3);
      }
      const accountPerDay = new Map<string, number>();
      for (const at of account) {
        const day = localDayBounds(at, window.timeZone).day;
        accountPerDay.set(day, (accountPerDay.get(day) ?? 0) + 1);
      }
      for (const n of accountPerDay.values()) expect(n).toBeLessThanOrEqual(70);
      expect(Math.max(...accountPerDay.values())).toBe(70);
      for (const list of domainSends.values()) {
        for (let i = 1; i < list.length; i++) expect(list[i]! - list[i - 1]!).toBeGreaterThanOrEqual(60_000);
        for (const at of list) expect(list.filter((t) => t > at - 60 * MIN && t <= at).length).toBeLessThanOrEqual(12);
      }
    });
  }

  it('ramps as set: a mailbox with room for more sends exactly its ramp each local day, up to the ceiling', () => {
    const box = mailbox({ dailyLimit: 100, hourlyLimit: 30, minGapSeconds: 60, warmupEnabled: true, warmupStart: 3, warmupIncrease: 4, warmupCeiling: 20, warmupStartedOn: '2026-10-21' });
    const sends: number[] = [];
    const start = Date.parse('2026-10-21T00:00:00Z');
    for (let now = start; now < start + 8 * 24 * 60 * MIN; now += MIN) {
      if (canSendAt({ mailbox: box, mailboxKey: 9, window: BERLIN, history: { mailboxSends: sends, accountSends: { today: 0 } }, accountDailyLimit: 1000, jitter: seededJitter(1) }, now).ok) sends.push(now);
    }
    const perDay = new Map<string, number>();
    for (const at of sends) perDay.set(localParts(at, 'Europe/Berlin').day, (perDay.get(localParts(at, 'Europe/Berlin').day) ?? 0) + 1);
    expect([...perDay.entries()].slice(0, 7)).toEqual([
      ['2026-10-21', 3],
      ['2026-10-22', 7],
      ['2026-10-23', 11],
      ['2026-10-24', 15],
      ['2026-10-25', 19],
      ['2026-10-26', 20],
      ['2026-10-27', 20],
    ]);
  });

  it('the DST days really are 23 and 25 hours long in the window zone', () => {
    const spring = localDayBounds(Date.parse('2026-03-29T12:00:00Z'), 'Europe/Berlin');
    const fall = localDayBounds(Date.parse('2026-10-25T12:00:00Z'), 'Europe/Berlin');
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * 60 * MIN);
    expect(fall.end.getTime() - fall.start.getTime()).toBe(25 * 60 * MIN);
    // 09:00 local is 07:00 UTC in summer and 08:00 UTC in winter.
    const before = canSendAt({ mailbox: mailbox(), mailboxKey: 1, window: BERLIN, history: { mailboxSends: [], accountSends: [] }, accountDailyLimit: 9 }, Date.parse('2026-10-25T07:30:00Z'));
    expect(before).toMatchObject({ ok: false, message: 'outside working hours until 09:00 Europe/Berlin' });
    expect(!before.ok && before.until?.toISOString()).toBe('2026-10-25T08:00:00.000Z');
  });
});

describe('rotation', () => {
  it('spreads first messages within ±1 over the eligible mailboxes, skipping paused, failing and full ones', () => {
    const boxes: RotationMailbox[] = [1, 2, 3, 4].map((id) => ({ id, status: 'active', firstMessages: 0, available: true }));
    let seed = 3;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const counts = new Map<number, number>();
    for (let i = 0; i < 1000; i++) {
      // Box 4 goes on and off (paused, then at a limit); 1–3 stay eligible throughout.
      boxes[3]!.status = rand() < 0.3 ? 'paused' : 'active';
      boxes[3]!.available = rand() < 0.7;
      const choice = pickFirstMessageMailbox(boxes);
      expect(choice.ok).toBe(true);
      if (!choice.ok) continue;
      expect(choice.mailboxId === 4 ? boxes[3]!.status === 'active' && boxes[3]!.available : true).toBe(true);
      const box = boxes.find((b) => b.id === choice.mailboxId)!;
      box.firstMessages++;
      counts.set(box.id, (counts.get(box.id) ?? 0) + 1);
      const always = [1, 2, 3].map((id) => counts.get(id) ?? 0);
      expect(Math.max(...always) - Math.min(...always)).toBeLessThanOrEqual(1);
    }
    expect(counts.get(4)).toBeGreaterThan(100);
    const batch = assignFirstMessages(10, [1, 2, 3].map((id) => ({ id, status: 'active', firstMessages: 0, available: true })));
    expect(batch).toEqual([1, 2, 3, 1, 2, 3, 1, 2, 3, 1]);
    expect(pickFirstMessageMailbox([{ id: 1, status: 'failing', firstMessages: 0, available: true }])).toEqual({ ok: false, reason: 'every mailbox is paused or failing' });
  });

  it('a follow-up leaves from the mailbox of step 1, or waits for it', () => {
    const boxes: RotationMailbox[] = [
      { id: 1, status: 'active', firstMessages: 9, available: true },
      { id: 2, status: 'active', firstMessages: 0, available: true },
    ];
    expect(mailboxForStep(2, 1, boxes)).toEqual({ ok: true, mailboxId: 1 });
    expect(mailboxForStep(1, null, boxes)).toEqual({ ok: true, mailboxId: 2 });
    expect(mailboxForStep(3, 1, [{ ...boxes[0]!, status: 'paused' }, boxes[1]!])).toEqual({ ok: false, reason: 'the mailbox that sent step 1 is paused' });
    expect(mailboxForStep(2, 1, [{ ...boxes[0]!, available: false }, boxes[1]!])).toMatchObject({ ok: false });
    expect(mailboxForStep(2, 7, boxes)).toMatchObject({ ok: false });
  });
});
