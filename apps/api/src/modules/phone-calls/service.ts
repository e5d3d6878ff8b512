import type { FastifyBaseLogger } from 'fastify';
import type { TestCallResult } from '@shared/schemas/messaging';
import { forbidden, HttpError } from '../../lib/http-error';
import type { RequestBrand } from '../../lib/brand-request';
import type { AuthContext, Deps } from '../../lib/route';
import { recordActivity } from '../activities/service';
import { PhoneCallError, phoneProviderFor, testCallTwiml, type PhoneCallProvider } from './provider';

export const PHONE_CALLS_OFF = 'Phone calls are not available for this brand';

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
