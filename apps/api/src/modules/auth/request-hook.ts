import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { holderIdForRequest } from '../../lib/brand-request';
import { forbidden, SIGN_IN_REQUIRED, unauthorized } from '../../lib/http-error';
import { hasRole, roleRequiredMessage, type AccountRole } from '@shared/schemas/account-members';
import type { Access, AuthContext } from '../../lib/route';
import { authenticate, authenticateCached, authHeaders } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user and their account (the tenant); null on public routes. */
    auth: AuthContext | null;
  }
}

const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
};

/**
 * The request's session: from the cache synchronously when a recent request validated the same headers
 * (most requests: no promise, no query), else from the database.
 */
function resolveAuth(db: Db, config: Config, req: FastifyRequest, reply: FastifyReply, done: (found: AuthContext | null) => void, fail: (err: Error) => void): void {
  const headers = { accessToken: header(req, 'access-token'), client: header(req, 'client'), uid: header(req, 'uid') };
  // Only an account of the brand this request is for: a token shown on another brand's host is refused.
  const holderId = holderIdForRequest(req, config);
  const finish = (found: AuthContext | null) => {
    // devise_token_auth clients keep whatever headers the last answer carried: echo the current ones.
    if (found) reply.headers(echoedHeaders(found));
    done(found);
  };
  const cached = authenticateCached(db, headers, holderId);
  if (cached !== undefined) return finish(cached);
  authenticate(db, headers, holderId, config.authCacheTtlMs).then(finish, fail);
}

/** The echoed headers of a session, built once per validated (cached) session rather than per request. */
const echoed = new WeakMap<AuthContext, Record<string, string>>();
function echoedHeaders(ctx: AuthContext): Record<string, string> {
  let headers = echoed.get(ctx);
  if (!headers) echoed.set(ctx, (headers = authHeaders(ctx.user.uid, ctx)));
  return headers;
}

/**
 * The registry adds this to every route by its declared access; handlers never check auth themselves.
 * It runs on request, before the body is even parsed: a stranger learns nothing about a route's input.
 * Callback style: a session found in the cache answers within the hook's call.
 * The route's declared role is checked here too, the one place (403 before validation: a member learns
 * nothing about an admin route's input, an admin's mistakes get the route's own 422).
 */
export function authHook(access: Access, db: Db, config: Config, role?: AccountRole): onRequestHookHandler | undefined {
  if (access === 'public') return undefined;
  if (access === 'optional') {
    return (req, reply, done) =>
      resolveAuth(
        db,
        config,
        req,
        reply,
        (found) => {
          req.auth = found;
          done();
        },
        done,
      );
  }
  return (req, reply, done) =>
    resolveAuth(
      db,
      config,
      req,
      reply,
      (found) => {
        if (!found) return done(unauthorized(SIGN_IN_REQUIRED));
        if (role && !hasRole(found.user.role, role)) return done(forbidden(roleRequiredMessage(role)));
        req.auth = found;
        done();
      },
      done,
    );
}
