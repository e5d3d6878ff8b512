import { and, count, eq, gt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { activities } from '../../db/schema';
import type { TestCallResult } from '@shared/schemas/messaging';
import { forbidden, HttpError } from '../../lib/http-error';
import type { RequestBrand } from '../../lib/brand-request';
import type { AuthContext, Deps } from '../../lib/route';
import { recordActivity } from '../activities/service';
import { PhoneCallError, phoneProviderFor, testCallTwiml, type PhoneCallProvider } from './provider';

export const PHONE_CALLS_OFF = 'Phone calls are not available for this brand';
/** Test calls ring real phones: a few per account per hour, counted in the activity log (every instance sees it). */
export const TEST_CALLS_PER_HOUR = 5;
export const TOO_MANY_CALLS = 'Too many test calls. Please wait an hour and try again.';

/** POST test_call: the agent calls the user's own phone (refused when the brand has phone calls off). */
export async function testCall(
  deps: Deps,
  auth: AuthContext,
  brand: RequestBrand,
  phone: string,
  log: FastifyBaseLogger,
  provider: PhoneCallProvider = phoneProviderFor(deps.config, log),
): Promise<TestCallResult> {
  if (!brand.brand.feature_flags.phone_calls) throw forbidden(PHONE_CALLS_OFF);
  const [recent] = await deps.db
    .select({ n: count() })
    .from(activities)
    .where(and(eq(activities.accountId, auth.account.id), eq(activities.verb, 'test_call'), gt(activities.occurredAt, new Date(Date.now() - 3_600_000))));
  if ((recent?.n ?? 0) >= TEST_CALLS_PER_HOUR) throw new HttpError(429, [TOO_MANY_CALLS]);
  let placed;
  try {
    placed = await provider.call({ to: phone, twiml: testCallTwiml(brand.brand.company_name, auth.user.name) });
  } catch (err) {
    if (err instanceof PhoneCallError) throw new HttpError(err.status, [err.message]);
    throw err;
  }
  await recordActivity(deps.db, {
    accountId: auth.account.id,
    actorType: 'agent',
    verb: 'test_call',
    channel: 'phone',
    payload: { to: phone, provider: provider.name, simulated: placed.simulated, call_id: placed.id, requested_by: auth.user.id },
  });
  return {
    status: placed.status,
    simulated: placed.simulated,
    call_id: placed.id,
    message: placed.simulated
      ? `Simulated a test call to ${phone}: no phone provider is configured, so the call was written to the log.`
      : `Calling ${phone} now.`,
  };
}
