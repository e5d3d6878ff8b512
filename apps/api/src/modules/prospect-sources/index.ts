import type { Db } from '../../db/client';
import { HttpError, unprocessable } from '../../lib/http-error';
import { ApolloProspectSource, apolloConfigFrom } from './apollo';
import { BuiltInProspectSource } from './builtin';
import { ProspectSourceError, type ProspectSource } from './types';

export { BuiltInProspectSource } from './builtin';
export { ApolloProspectSource, apolloConfigFrom } from './apollo';
export { ProspectSourceError, type ProspectSource, type SearchPage } from './types';

export const VENDOR_NOT_CONFIGURED = 'No people-data vendor is configured (set APOLLO_API_KEY)';

/** The built-in source, or (use_default_vendor) the configured vendor. */
export function prospectSourceFor(db: Db, useVendor: boolean, env: Record<string, string | undefined> = process.env): ProspectSource {
  if (!useVendor) return new BuiltInProspectSource(db);
  const apollo = apolloConfigFrom(env);
  if (!apollo) throw unprocessable(VENDOR_NOT_CONFIGURED);
  return new ApolloProspectSource(apollo);
}

/** A vendor failure becomes 502 with its message. */
export async function fromVendor<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ProspectSourceError) throw new HttpError(502, [err.message]);
    throw err;
  }
}
