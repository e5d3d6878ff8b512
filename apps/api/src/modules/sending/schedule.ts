import { createHmac, randomBytes } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import type { AutoCommunicationSettingsRow, UserEmailRow } from '../../db/schema';
import { WORK_END_OF_DAY } from '@shared/schemas/auto-communication';
import { limitToday } from '../mailboxes/warmup';

/**
 * When may a mailbox send? Pure functions (no I/O, the clock and the jitter passed in) that the outbox
 * asks before every send and the capacity panels ask to explain an idle mailbox.
 *
 * Every limit is checked at once and the smallest wins: the mailbox's daily limit after the warm-up
 * ramp, its hourly limit (any 60 minutes, rolling), its minimum gap plus jitter, the schedule's working
 * days and hours in its IANA time zone (wall-clock time, so correct across daylight-saving changes),
 * a per-recipient-domain throttle and the account's daily email limit. "Today" is the schedule's local
 * day, for the mailbox's and the account's daily limits alike.
 */

const HOUR_MS = 3_600_000;

/** The mailbox fields the schedule reads (a user_emails row fits). */
export type MailboxLimits = Pick<
  UserEmailRow,
  'dailyLimit' | 'hourlyLimit' | 'minGapSeconds' | 'warmupEnabled' | 'warmupStart' | 'warmupIncrease' | 'warmupCeiling' | 'warmupStartedOn'
> & { status?: UserEmailRow['status']; statusReason?: string | null; autoResumedAt?: Date | null };

/** The sending window of auto_communication_settings. */
export type SendWindow = {
  /** IANA name, e.g. Europe/Berlin. */
  timeZone: string;
  /** ISO weekdays 1 (Monday) … 7 (Sunday). */
  workingDays: readonly number[];
  /** 'HH:MM', local to timeZone; end is exclusive, and 23:59 means until midnight. */
  workStart: string;
  workEnd: string;
};

/** The window of an account's auto_communication_settings row. */
export const windowOf = (s: Pick<AutoCommunicationSettingsRow, 'timeZone' | 'workingDays' | 'workStart' | 'workEnd'>): SendWindow => ({
  timeZone: s.timeZone,
  workingDays: s.workingDays,
  workStart: s.workStart,
  workEnd: s.workEnd,
});

/**
 * At most `perHour` emails an hour (rolling) and `minGapSeconds` apart to one recipient domain from the
 * whole account; the big mailbox providers take `largeProviderPerHour` (their users are many people).
 */
export type DomainThrottle = { perHour: number; minGapSeconds: number; largeProviderPerHour: number; largeProviders: ReadonlySet<string> };

export const LARGE_PROVIDERS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'gmx.de',
  'gmx.net',
  'web.de',
  'proton.me',
  'protonmail.com',
  'yandex.ru',
  'mail.ru',
]);

export const DEFAULT_DOMAIN_THROTTLE: DomainThrottle = { perHour: 6, minGapSeconds: 120, largeProviderPerHour: 60, largeProviders: LARGE_PROVIDERS };

/** The gap after a send is minGapSeconds × (1 + JITTER_SHARE × u), u in [0, 1) from the jitter source. */
export const JITTER_SHARE = 0.5;

/**
 * The jitter of the gap after one send: a number in [0, 1) for that send's time. It must answer the same
 * for the same send (the outbox asks many times while it waits), so it is a function of the send,
 * not a fresh draw per question.
 */
export type Jitter = (lastSentAtMs: number, mailboxKey: string) => number;

/** Unpredictable from outside, stable per send within this process: an HMAC of the send under a random key. */
export function keyedJitter(key: Buffer = randomBytes(32)): Jitter {
  return (at, mailboxKey) => createHmac('sha256', key).update(`${mailboxKey}:${at}`).digest().readUInt32BE(0) / 2 ** 32;
}

const defaultJitter = keyedJitter();

export type SendHistory = {
  /** This mailbox's sends (at least those of the local day and the last hour). */
  mailboxSends: readonly (Date | number)[];
  /** The account's email sends (at least those of the local day); a count of today's sends works too. */
  accountSends: readonly (Date | number)[] | { today: number };
  /** The account's sends to the recipient's domain in the last hour (omit with no recipient). */
  domainSends?: readonly (Date | number)[];
};

export type ScheduleInput = {
  mailbox: MailboxLimits;
  /** Identifies the mailbox for its jitter (its id is enough). */
  mailboxKey: string | number;
  window: SendWindow;
  history: SendHistory;
  /** auto_communication_settings.daily_limit_email. */
  accountDailyLimit: number;
  /** What the user reads when the account's limit holds (the plan's, when the plan binds); a default otherwise. */
  accountLimitMessage?: string;
  /** The recipient's address or domain; omit to ask about the mailbox alone (capacity panels). */
  recipient?: string;
  throttle?: DomainThrottle;
  jitter?: Jitter;
};

export type HoldRule = 'mailbox_status' | 'outside_window' | 'daily_limit' | 'hourly_limit' | 'gap' | 'domain_throttle' | 'account_daily_limit';

export type Hold = { rule: HoldRule; until: Date | null; message: string };

export type SendDecision =
  | { ok: true }
  | {
      ok: false;
      /** The earliest time every limit allows a send (null: not until someone acts, e.g. a paused mailbox). */
      until: Date | null;
      /** The rule that holds it back now (the one that reaches furthest), in words for the user. */
      rule: HoldRule;
      message: string;
      /** Every rule that holds it back now. */
      holds: Hold[];
    };

const toMs = (t: Date | number) => (typeof t === 'number' ? t : t.getTime());

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const pad = (n: number) => String(n).padStart(2, '0');

export const parseHhMm = (s: string): number => {
  const m = /^(\d{1,2}):(\d{2})$/.exec(s.trim());
  if (!m) throw new Error(`Not a time of day (HH:MM): ${s}`);
  return Number(m[1]) * 60 + Number(m[2]);
};

type Local = { y: number; mo: number; d: number; isoDay: number; minutes: number; day: string };

export function localParts(ms: number, timeZone: string): Local {
  const t = new TZDate(ms, timeZone);
  const dow = t.getDay();
  return {
    y: t.getFullYear(),
    mo: t.getMonth(),
    d: t.getDate(),
    isoDay: dow === 0 ? 7 : dow,
    minutes: t.getHours() * 60 + t.getMinutes(),
    day: `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}`,
  };
}

/** The instant of a local wall-clock time (a time skipped by a DST change moves forward, as clocks do). */
const localInstant = (l: Pick<Local, 'y' | 'mo' | 'd'>, dayOffset: number, minutes: number, timeZone: string) =>
  new TZDate(l.y, l.mo, l.d + dayOffset, Math.floor(minutes / 60), minutes % 60, timeZone).getTime();

/** The start and end (exclusive) of the local day that contains `now`, as instants. */
export function localDayBounds(now: Date | number, timeZone: string): { start: Date; end: Date; day: string } {
  const l = localParts(toMs(now), timeZone);
  return { start: new Date(localInstant(l, 0, 0, timeZone)), end: new Date(localInstant(l, 1, 0, timeZone)), day: l.day };
}

/** HH:MM in the zone, with the weekday when it is not the local day of `now`. */
export function formatLocal(at: number, now: number, timeZone: string): string {
  const a = localParts(at, timeZone);
  const hm = `${pad(Math.floor(a.minutes / 60))}:${pad(a.minutes % 60)}`;
  return a.day === localParts(now, timeZone).day ? hm : `${WEEKDAYS[a.isoDay % 7]} ${hm}`;
}

/** Inside the window at `now`: null; else the next window start; NaN when the window never opens (no day, or end not after start). */
export function nextWindowStart(now: number, w: SendWindow): number | null {
  const start = parseHhMm(w.workStart);
  // 23:59 is the last time a field offers: it runs to midnight (around the clock from 00:00).
  const end = w.workEnd.trim() === WORK_END_OF_DAY ? 24 * 60 : parseHhMm(w.workEnd);
  if (end <= start || w.workingDays.length === 0) return Number.NaN;
  const l = localParts(now, w.timeZone);
  if (w.workingDays.includes(l.isoDay) && l.minutes >= start && l.minutes < end) return null;
  for (let offset = 0; offset <= 8; offset++) {
    const at = localInstant(l, offset, start, w.timeZone);
    if (at <= now) continue;
    if (w.workingDays.includes(localParts(at, w.timeZone).isoDay)) return at;
  }
  return Number.NaN;
}

const domainOf = (recipient: string) => recipient.slice(recipient.lastIndexOf('@') + 1).trim().toLowerCase();

/** The mailbox's sending limit for the local day of `now`, after the warm-up ramp. */
export function mailboxLimitOn(mailbox: MailboxLimits, now: Date | number, timeZone: string): number {
  return limitToday(mailbox, localParts(toMs(now), timeZone).day);
}

/** Every rule that holds a send back at `at` (history unchanged): empty when it may send. */
function holdsAt(input: ScheduleInput, at: number, jitter: Jitter): Hold[] {
  const { mailbox, window: w, history } = input;
  const tz = w.timeZone;
  const holds: Hold[] = [];
  if (mailbox.status && mailbox.status !== 'active') {
    holds.push({ rule: 'mailbox_status', until: null, message: mailbox.statusReason ? `mailbox ${mailbox.status}: ${mailbox.statusReason}` : `mailbox ${mailbox.status}` });
  }
  const windowStart = nextWindowStart(at, w);
  if (windowStart !== null) {
    holds.push(
      Number.isNaN(windowStart)
        ? { rule: 'outside_window', until: null, message: 'no working hours set: nothing is sent' }
        : { rule: 'outside_window', until: new Date(windowStart), message: `outside working hours until ${formatLocal(windowStart, at, tz)} ${tz}` },
    );
  }
  const day = localDayBounds(at, tz);
  const dayStart = day.start.getTime();
  const nextDay = day.end.getTime();
  const sends = history.mailboxSends.map(toMs).filter((t) => t <= at);
  const limit = limitToday(mailbox, day.day);
  const sentToday = sends.filter((t) => t >= dayStart).length;
  if (sentToday >= limit) holds.push({ rule: 'daily_limit', until: new Date(nextDay), message: 'daily limit reached' });

  const lastHour = sends.filter((t) => t > at - HOUR_MS).sort((a, b) => a - b);
  if (mailbox.hourlyLimit <= 0) holds.push({ rule: 'hourly_limit', until: null, message: 'hourly limit is 0: nothing is sent' });
  else if (lastHour.length >= mailbox.hourlyLimit) {
    holds.push({ rule: 'hourly_limit', until: new Date(lastHour[lastHour.length - mailbox.hourlyLimit]! + HOUR_MS), message: 'hourly limit reached' });
  }

  if (mailbox.minGapSeconds > 0 && sends.length) {
    const last = sends.reduce((a, b) => (b > a ? b : a), -Infinity);
    const gapMs = Math.ceil(mailbox.minGapSeconds * 1000 * (1 + JITTER_SHARE * jitter(last, String(input.mailboxKey))));
    if (at < last + gapMs) holds.push({ rule: 'gap', until: new Date(last + gapMs), message: `gap: next send at ${formatLocal(last + gapMs, at, tz)}` });
  }

  if (input.recipient && history.domainSends) {
    const throttle = input.throttle ?? DEFAULT_DOMAIN_THROTTLE;
    const domain = domainOf(input.recipient);
    const perHour = throttle.largeProviders.has(domain) ? throttle.largeProviderPerHour : throttle.perHour;
    const recent = history.domainSends.map(toMs).filter((t) => t <= at && t > at - HOUR_MS).sort((a, b) => a - b);
    let until = 0;
    if (recent.length >= perHour) until = recent[recent.length - perHour]! + HOUR_MS;
    if (recent.length && throttle.minGapSeconds > 0) until = Math.max(until, recent[recent.length - 1]! + throttle.minGapSeconds * 1000);
    if (until > at) holds.push({ rule: 'domain_throttle', until: new Date(until), message: `${domain} throttled: next send at ${formatLocal(until, at, tz)}` });
  }

  const accountToday = Array.isArray(history.accountSends)
    ? (history.accountSends as readonly (Date | number)[]).map(toMs).filter((t) => t >= dayStart && t <= at).length
    : (history.accountSends as { today: number }).today;
  if (accountToday >= input.accountDailyLimit) {
    holds.push({ rule: 'account_daily_limit', until: new Date(nextDay), message: input.accountLimitMessage ?? "account's daily email limit reached" });
  }
  return holds;
}

/** Later of two "until"s, null (never by itself) winning. */
const later = (holds: Hold[]): number | null => {
  let max = -Infinity;
  for (const h of holds) {
    if (h.until === null) return null;
    max = Math.max(max, h.until.getTime());
  }
  return max;
};

/**
 * May this mailbox send now (to this recipient)? If not: the earliest time every limit allows, and the
 * rule that holds it back in the words the user sees ("outside working hours until 09:00 Europe/Berlin",
 * "hourly limit reached", "gap: next send at 10:42", "daily limit reached").
 */
export function canSendAt(input: ScheduleInput, now: Date | number): SendDecision {
  const jitter = input.jitter ?? defaultJitter;
  const at = toMs(now);
  const holds = holdsAt(input, at, jitter);
  if (!holds.length) return { ok: true };
  // The rule shown: the one reaching furthest (a "never" first), so the message explains the wait.
  const furthest = (list: Hold[]) => list.reduce((a, b) => (a.until === null ? a : b.until === null ? b : b.until.getTime() > a.until.getTime() ? b : a));
  let main = furthest(holds);
  // The earliest time all rules agree: step to the latest "until" and ask again (a gap can end after
  // working hours, a new day can bring a new window); each step moves forward, so it ends fast.
  let t = later(holds);
  for (let i = 0; t !== null && i < 32; i++) {
    const next = holdsAt(input, t, jitter);
    if (!next.length) break;
    // A rule that names a time ("gap: next send at 17:30") would be wrong when another rule then
    // pushes further: the rule that sets the final time speaks instead. A daily limit keeps its words.
    if (main.rule === 'gap' || main.rule === 'domain_throttle' || main.rule === 'hourly_limit') main = furthest(next);
    t = later(next);
  }
  return { ok: false, until: t === null ? null : new Date(t), rule: main.rule, message: main.message, holds };
}

export type MailboxCapacity = {
  /** Today's limit after the warm-up ramp. */
  limit: number;
  sent: number;
  scheduled: number;
  left: number;
  /** For a mailbox that cannot send now: why, and until when. */
  held: { rule: HoldRule; message: string; until: string | null } | null;
};

/** Today's capacity of one mailbox: limit after ramp, sent, scheduled (queued for today), left, and what holds it back. */
export function mailboxCapacity(input: ScheduleInput & { scheduledToday: number }, now: Date | number): MailboxCapacity {
  const at = toMs(now);
  const { start, day } = localDayBounds(at, input.window.timeZone);
  const limit = limitToday(input.mailbox, day);
  const sent = input.history.mailboxSends.map(toMs).filter((t) => t >= start.getTime() && t <= at).length;
  const decision = canSendAt(input, at);
  return {
    limit,
    sent,
    scheduled: input.scheduledToday,
    left: Math.max(0, limit - sent - input.scheduledToday),
    held: decision.ok ? null : { rule: decision.rule, message: decision.message, until: decision.until?.toISOString() ?? null },
  };
}

/** The total of several mailboxes, capped by what the account's daily limit leaves. */
export function totalCapacity(mailboxes: readonly Pick<MailboxCapacity, 'limit' | 'sent' | 'scheduled' | 'left'>[], account: { dailyLimit: number; sentToday: number; scheduledToday?: number }) {
  const sum = (k: 'limit' | 'sent' | 'scheduled' | 'left') => mailboxes.reduce((n, m) => n + m[k], 0);
  const accountLeft = Math.max(0, account.dailyLimit - account.sentToday - (account.scheduledToday ?? 0));
  return { limit: Math.min(sum('limit'), account.dailyLimit), sent: sum('sent'), scheduled: sum('scheduled'), left: Math.min(sum('left'), accountLeft) };
}
