import { z } from 'zod';
import { text, int32 } from './primitives';
import { missingOr } from './missing';

/**
 * Automatic behaviour of the AI sales agent (spec §7 "Auto communication": GET and PUT
 * auto_communication_settings): working hours in a time zone, daily limits per channel, auto-reply,
 * and review-before-send or autonomous. Defaults apply until the account saves its own.
 */

export const AUTO_COMMUNICATION_MODES = ['review', 'autonomous'] as const;
/** Upper bounds per channel and day: above these, mailboxes and LinkedIn accounts get flagged. */
export const DAILY_LIMIT_MAX = { email: 500, linkedin: 100, phone: 200 } as const;
/** Connection requests per LinkedIn account per rolling week: LinkedIn restricts accounts above about 100. */
export const WEEKLY_INVITATION_MAX = 100;
export const WEEKDAYS = [
  { value: 1, label: 'Mon' },
  { value: 2, label: 'Tue' },
  { value: 3, label: 'Wed' },
  { value: 4, label: 'Thu' },
  { value: 5, label: 'Fri' },
  { value: 6, label: 'Sat' },
  { value: 7, label: 'Sun' },
] as const;

export function isValidTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** 'HH:MM', 00:00–23:59. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
/**
 * The minute of the day a work end closes the window: its own, except 23:59, the last a time field
 * offers, which runs to midnight, so 00:00–23:59 is around the clock (docs/decisions.md).
 */
export const WORK_END_OF_DAY = '23:59';
export function workEndMinutes(end: string): number {
  if (end === WORK_END_OF_DAY) return 24 * 60;
  return Number(end.slice(0, 2)) * 60 + Number(end.slice(3, 5));
}

const time = (label: string) => text({ error: `${label} is required` }).regex(TIME_OF_DAY, { error: `${label} must be a time as HH:MM (00:00–23:59)` });
const limit = (label: string, max: number) =>
  int32(missingOr(`${label} is required`, `${label} must be a number`), `${label} must be a whole number`)
    .min(0, { error: `${label} must be 0 or more` })
    .max(max, { error: `${label} must be at most ${max}` });

export const WORK_END_MESSAGE = 'Work end must be after work start on the same day (for example 09:00 to 17:00); overnight hours are not supported';

export const autoCommunicationSettingsBodySchema = z
  .object({
    time_zone: text({ error: 'Time zone is required' }).trim().refine(isValidTimeZone, { error: 'Time zone must be an IANA time zone such as Europe/Berlin' }),
    working_days: z
      .array(int32().min(1, { error: 'Working days are ISO weekdays 1 (Monday) to 7 (Sunday)' }).max(7, { error: 'Working days are ISO weekdays 1 (Monday) to 7 (Sunday)' }), {
        error: 'Working days must be a list of weekdays',
      })
      .min(1, { error: 'Choose at least one working day' })
      .max(7)
      .refine((days) => new Set(days).size === days.length, { error: 'Working days must not repeat' })
      .transform((days) => [...days].sort((a, b) => a - b)),
    work_start: time('Work start'),
    work_end: time('Work end'),
    daily_limit_email: limit('Daily email limit', DAILY_LIMIT_MAX.email),
    daily_limit_linkedin: limit('Daily LinkedIn limit', DAILY_LIMIT_MAX.linkedin),
    daily_limit_phone: limit('Daily phone limit', DAILY_LIMIT_MAX.phone),
    /** Left out: the saved value stays (100 until changed). */
    weekly_invitation_limit: limit('Weekly LinkedIn invitation limit', WEEKLY_INVITATION_MAX).optional(),
    auto_reply: z.boolean({ error: 'Auto-reply must be on or off' }),
    mode: z.enum(AUTO_COMMUNICATION_MODES, { error: 'Mode must be review or autonomous' }),
  })
  // Working hours are one span within a day: no overnight windows (see docs/decisions.md). Checked
  // whenever both times are well-formed, so it shows together with any other field's error.
  .refine((s) => s.work_end > s.work_start, {
    path: ['work_end'],
    error: WORK_END_MESSAGE,
    when: (payload) => {
      const v = payload.value as { work_start?: unknown; work_end?: unknown } | null;
      return typeof v?.work_start === 'string' && TIME_OF_DAY.test(v.work_start) && typeof v.work_end === 'string' && TIME_OF_DAY.test(v.work_end);
    },
  });
export type AutoCommunicationSettingsBody = z.input<typeof autoCommunicationSettingsBodySchema>;

export const autoCommunicationSettingsSchema = z.object({
  time_zone: text(),
  working_days: z.array(int32()),
  work_start: text(),
  work_end: text(),
  daily_limit_email: int32(),
  daily_limit_linkedin: int32(),
  daily_limit_phone: int32(),
  weekly_invitation_limit: int32(),
  auto_reply: z.boolean(),
  mode: z.enum(AUTO_COMMUNICATION_MODES),
  /** null until the account saves its own settings (the defaults apply). */
  updated_at: text().nullable(),
});
export type AutoCommunicationSettings = z.infer<typeof autoCommunicationSettingsSchema>;

/** What applies until the account saves: Monday–Friday 09:00–17:00 UTC, 50/20/10 a day, no auto-reply, review. */
export const DEFAULT_AUTO_COMMUNICATION_SETTINGS: AutoCommunicationSettings = {
  time_zone: 'UTC',
  working_days: [1, 2, 3, 4, 5],
  work_start: '09:00',
  work_end: '17:00',
  daily_limit_email: 50,
  daily_limit_linkedin: 20,
  daily_limit_phone: 10,
  weekly_invitation_limit: WEEKLY_INVITATION_MAX,
  auto_reply: false,
  mode: 'review',
  updated_at: null,
};
