import { TenancyViolation } from '../db/tenancy';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error';

type Issue = { instancePath: string; message?: string; params?: Record<string, unknown> };

const humanize = (field: string) => field.replace(/_/g, ' ');

/** "email: …" unless the message already names the field ("Email is not a valid address"). */
function issueMessage(context: string, issue: Issue): string {
  const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const message = issue.message ?? 'is invalid';
  const keys = issue.params?.keys;
  if (Array.isArray(keys) && keys.length > 0) {
    return `Unknown field${keys.length > 1 ? 's' : ''} in ${context}: ${keys.join(', ')}`;
  }
  if (!field) return context === 'body' ? 'The request body must be a JSON object.' : `${context}: ${message}`;
  const last = humanize(field.split('.').pop() ?? field);
  return message.toLowerCase().includes(last.toLowerCase()) ? message : `${field}: ${message}`;
}

/** Fastify's own client errors (body parsing, content type, size) keep their status with a clear text. */
const CLIENT_ERROR_TEXT: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: "The request body is empty but content-type is 'application/json'.",
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content-type: send application/json.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its content-length.',
};

/**
 * The SQLSTATE of a PostgreSQL error, looking through wrappers (drizzle puts the driver's error in
 * `cause`); node-postgres and PGlite both carry it as `code`.
 */
export function sqlStateOf(error: unknown): string | null {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * Class 22 is "data exception": a value PostgreSQL cannot take (22P05 untranslatable character,
 * 22021 bad byte sequence, 22003 numeric value out of range, 22007 bad datetime…). The schemas refuse
 * such input first (packages/shared/src/schemas/primitives.ts); this is the backstop, so one that
 * slips through is the client's 422, never a 500 that shows SQL.
 */
const DATA_EXCEPTION_TEXT = 'A value in the request cannot be stored (it is out of range or contains characters that are not allowed).';

/**
 * One place turns every error into { errors: [...] }: a client's mistake keeps its 4xx status and a
 * message naming the field; anything else is a 500 with a generic text (details go to the log only).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ ...error.details, errors: error.messages });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext ?? 'body';
      const messages = [...new Set(error.validation.map((i) => issueMessage(context, i as Issue)))];
      return reply.code(422).send({ errors: messages });
    }
    const sqlState = sqlStateOf(error);
    if (sqlState?.startsWith('22')) {
      req.log.warn({ err: error, sqlState }, 'input refused by the database');
      return reply.code(422).send({ errors: [DATA_EXCEPTION_TEXT] });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const text = (error.code && CLIENT_ERROR_TEXT[error.code]) || error.message;
      return reply.code(status).send({ errors: [text] });
    }
    // A statement the tenancy guard refused (db/tenancy.ts) is a defect in the handler, never the client's.
    const refused = error instanceof TenancyViolation || (error as { cause?: unknown }).cause instanceof TenancyViolation;
    req.log.error({ err: error }, refused ? 'tenancy guard refused a statement' : 'request failed');
    return reply.code(500).send({ errors: ['Internal server error'] });
  });
}
