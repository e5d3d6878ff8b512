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

/**
 * A resolver whose zod schema (and the zod resolver) load on the first validation, not with the page:
 * pages shown before the first paint (sign-in) carry no zod. Validation runs on submit and after it,
 * exactly as with zodResolver, which is async anyway; the modules load once.
 */
export function lazyResolver<TValues extends FieldValues, TContext, TOutput>(
  load: () => Promise<Resolver<TValues, TContext, TOutput>>,
): Resolver<TValues, TContext, TOutput> {
  let loading: Promise<Resolver<TValues, TContext, TOutput>> | null = null;
  return async (values, context, options) => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return (await loading)(values, context, options);
  };
}
