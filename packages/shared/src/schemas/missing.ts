/**
 * A field left empty reaches a schema as undefined (not sent), null, '' or NaN (an empty number input
 * in a form): that is a missing value, and its message says so ("… is required") instead of zod's
 * "expected string, received undefined".
 */
export const isMissing = (input: unknown): boolean =>
  input === undefined || input === null || input === '' || (typeof input === 'number' && Number.isNaN(input));

/** A zod type-error option: `missing` for an empty field, `otherwise` for a value of the wrong type. */
export const missingOr = (missing: string, otherwise: string) => ({
  error: (issue: { input?: unknown }) => (isMissing(issue.input) ? missing : otherwise),
});
