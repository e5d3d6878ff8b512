import { z } from 'zod';

/**
 * The building blocks every request schema uses for text and numbers, so a client's mistake is a
 * clear 422 here and never reaches PostgreSQL as a 500:
 * - PostgreSQL text cannot hold NUL (U+0000), and a lone UTF-16 surrogate cannot be encoded as UTF-8;
 * - integer columns (and the identity ids) are 32-bit: 2^31−1 is the largest value they hold.
 * Lint (eslint.config.js) forbids bare z.string(), z.coerce.* and z.number().int() in the schemas and
 * the API's routes, so new fields use these too.
 */

export const INT32_MAX = 2_147_483_647;
export const INT32_MIN = -2_147_483_648;

/** NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when PostgreSQL can store the string as text: no NUL, no unpaired surrogate. */
export const isSafeText = (s: string): boolean => !UNSAFE_TEXT.test(s);

export const UNSAFE_TEXT_MESSAGE = 'contains a character that is not allowed (a NUL character or an unpaired surrogate)';

type StringParams = Parameters<typeof z.string>[0];
type NumberParams = Parameters<typeof z.number>[0];

/** A string that PostgreSQL can store (no NUL, no unpaired surrogate); chain .min/.max/.trim/.regex as on z.string(). */
export const text = (params?: StringParams) => z.string(params).refine(isSafeText, { error: UNSAFE_TEXT_MESSAGE, abort: true });

const INT_RANGE = { min: { error: `must be at least ${INT32_MIN}` }, max: { error: `must be at most ${INT32_MAX}` } };

/** A whole number that fits an integer column (32-bit); `intMessage` for a fraction. */
export const int32 = (params?: NumberParams, intMessage = 'must be a whole number'): z.ZodNumber =>
  z.number(params).int({ error: intMessage }).min(INT32_MIN, INT_RANGE.min).max(INT32_MAX, INT_RANGE.max);

const idMessages = (name?: string) => {
  const subject = name ? `${name} ` : '';
  return {
    type: { error: `${subject}must be a number` },
    int: { error: `${subject}must be a whole number` },
    min: { error: `${subject}must be positive` },
    max: { error: `${subject}is too large (at most ${INT32_MAX})` },
  };
};

/** A row id: a whole number from 1 to 2^31−1 (the identity columns). `name` starts its messages. */
export const dbId = (name?: string) => {
  const m = idMessages(name);
  return z.number(m.type).int(m.int).min(1, m.min).max(INT32_MAX, m.max);
};

/** A whole number read from a query string or path (text coerced to a number), 32-bit. */
export const queryInt = (params?: NumberParams): z.ZodCoercedNumber =>
  z.coerce
    .number(params ?? { error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(INT32_MIN, INT_RANGE.min)
    .max(INT32_MAX, INT_RANGE.max);

/** A row id read from a query string or path. `name` starts its messages. */
export const dbIdParam = (name?: string) => {
  const m = idMessages(name);
  return z.coerce.number(m.type).int(m.int).min(1, m.min).max(INT32_MAX, m.max);
};

/** What people type between a phone number's digits (spaces, brackets, dots, dashes), taken out before the E.164 check. */
export const normalizePhone = (phone: string): string => phone.replace(/[\s().-]/g, '');

/** E.164: a plus, then 7 to 15 digits, the first (the country code's) not 0. */
export const E164_PHONE = /^\+[1-9]\d{6,14}$/;

/** A phone number in international format (E.164), given with or without spaces, brackets, dots and dashes; parsed to the bare form. */
export const e164PhoneSchema = text({ error: 'Phone is required' })
  .trim()
  .transform(normalizePhone)
  .refine((s) => E164_PHONE.test(s), { error: 'Phone must be in international format, like +14155550123' });
