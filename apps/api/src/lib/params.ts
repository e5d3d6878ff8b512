import { z } from 'zod';
import { dbIdParam } from '@shared/schemas/primitives';
import { unprocessable } from './http-error';

/** `/:id` of a row: a positive 32-bit integer (the identity columns), so junk never reaches SQL. */
export const idParamsSchema = z.strictObject({ id: dbIdParam('id') });

/**
 * A `filters` query value (already a JSON object) checked against the schema of the list it belongs to:
 * a 422 naming what is wrong, as a route's own validation would (used where one `filters` parameter
 * serves two schemas, GET campaign_emails' views).
 */
export function parseFilters<S extends z.ZodType>(schema: S, raw: Record<string, unknown> | undefined): z.output<S> {
  const parsed = schema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const messages = parsed.error.issues.map((top) => {
    // One value or a list (a union): the reason is the deepest one, the list's item ("Kind must be one of …").
    const inner = top.code === 'invalid_union' ? top.errors.flat().sort((x, y) => y.path.length - x.path.length)[0] : undefined;
    const issue = inner ? { ...inner, path: [...top.path, ...inner.path] } : top;
    if (issue.code === 'unrecognized_keys') return `Unknown field${issue.keys.length > 1 ? 's' : ''} in filters: ${issue.keys.join(', ')}`;
    const path = issue.path.join('.');
    const last = String(issue.path.at(-1) ?? '').replace(/_/g, ' ');
    return !path || issue.message.toLowerCase().includes(last.toLowerCase()) ? issue.message : `filters.${path}: ${issue.message}`;
  });
  throw unprocessable(...new Set(messages));
}
