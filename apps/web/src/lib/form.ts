import type { FieldValues, Resolver } from 'react-hook-form';

/** Empty optional inputs ('') mean "not given": drop them before the shared schema sees them. */
export function stripEmptyStrings<T extends Record<string, unknown>>(values: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (typeof v === 'string' && v.trim() === '') continue;
    out[k] = v;
  }
  return out as T;
}

export function withoutEmptyStrings<TValues extends FieldValues, TContext, TOutput>(
  resolver: Resolver<TValues, TContext, TOutput>,
): Resolver<TValues, TContext, TOutput> {
  return (values, context, options) => resolver(stripEmptyStrings(values), context, options);
}
