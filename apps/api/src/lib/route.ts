import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z, ZodType } from 'zod';
import type { Config } from '../config';
import type { AccountRow, UserRow } from '../db/schema';
import type { Db } from '../db/client';
import type { Mailer } from './mailer';
import type { SmsSender } from './sms';
import type { UploadedFile } from './multipart';
import type { RequestBrand } from './brand-request';
import type { OidcProvider } from './oidc';
import type { JobQueue } from './jobs/queue';
import type { FeatureFlag } from '@shared/brands';
import type { MailServices } from './mail';
import type { AccountRole } from '@shared/schemas/account-members';

/**
 * public: anyone; user: a signed-in user (the registry adds the auth check, never the handler);
 * optional: anyone, with the user attached when valid auth headers come along;
 * api_key: a caller with one of the account's API keys (X-API-Key or Authorization: Bearer; modules/webhooks),
 * acting as the key's creator in their account. The session headers do not open these routes, nor a key the others.
 */
export type Access = 'public' | 'optional' | 'user' | 'api_key';
/** Whose rows the route touches: none, the signed-in user's own, or their account's. */
export type Owner = 'none' | 'self' | 'account';
export type RateLimitKind = 'auth' | 'public' | 'outbound' | 'collect';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type AuthContext = {
  user: UserRow;
  account: AccountRow;
  client: string;
  accessToken: string;
  expiresAt: Date;
  /** Set when an API key authenticated the request (access 'api_key'): which one. */
  apiKey?: { id: number; name: string; prefix: string };
};

/** What every handler can use; built once per app. */
export type Deps = {
  db: Db;
  config: Config;
  mailer: Mailer;
  sms: SmsSender;
  oidc: OidcProvider | null;
  /** The durable job queue (lib/jobs): define jobs in apps/api/src/jobs.ts, enqueue with deps.jobs.send. */
  jobs: JobQueue<Deps>;
  /** SMTP, IMAP and DNS for the users' own mailboxes (lib/mail). */
  mail: MailServices;
  /** Now, for routes whose answer depends on the time of day and the limits (tests inject theirs; absent: the real clock). */
  clock?: () => Date;
};

export type RouteSchemas = {
  body?: ZodType;
  querystring?: ZodType;
  params?: ZodType;
  response?: Record<number, ZodType>;
};

type Parsed<T> = T extends ZodType ? z.output<T> : undefined;

export type RouteContext<S extends RouteSchemas, A extends Access> = {
  req: FastifyRequest;
  reply: FastifyReply;
  body: Parsed<S['body']>;
  query: Parsed<S['querystring']>;
  params: Parsed<S['params']>;
  auth: A extends 'user' | 'api_key' ? AuthContext : A extends 'optional' ? AuthContext | null : null;
  brand: RequestBrand;
  deps: Deps;
  /** The uploaded file of a multipart request (routes with `fileUpload`), else null. */
  file: UploadedFile | null;
};

/**
 * The least role in the account a signed-in route needs (member < admin < owner; docs/decisions.md
 * "Account roles"). Required on every 'user' route, so a new route cannot forget it: the type asks for it
 * and the all-routes test proves a member is refused (403) what needs admin and an admin passes.
 */
export type RoleRequirement<A extends Access> = A extends 'user' ? { role: AccountRole } : { role?: never };

export type RouteDefinition<S extends RouteSchemas, A extends Access> = RoleRequirement<A> & {
  method: HttpMethod;
  url: string;
  access: A;
  owner: Owner;
  summary: string;
  tags?: string[];
  schema: S;
  /**
   * 'auth': the strict per-IP-and-email limit for credential endpoints; 'public': per IP, counted on
   * request (malformed input counts too) for unauthenticated lookups; 'outbound': per account, for
   * signed-in routes that make this server call a user-supplied address (test sends, site lookups);
   * 'collect': the public page-view endpoint, per IP (config.tracking.ipMax) and per tracking code named in the
   * body (config.tracking.codeMax). Limits from config.rateLimit (and config.tracking), per rateLimit.windowMs.
   */
  rateLimit?: RateLimitKind;
  /**
   * The brand feature this route belongs to: on a brand whose flags switch it off, the route answers
   * 404 "This feature is not available" before auth or validation (the registry checks, never the handler).
   */
  feature?: FeatureFlag;
  /**
   * The handler works across accounts by nature (signing in finds a user by email; a webhook or a signed
   * link names its account itself): it runs in the tenancy guard's system scope, and this says why.
   * Without it, a signed-in route runs in its account's scope and a public one may not touch account rows.
   */
  systemScope?: string;
  /** Left out of the OpenAPI document (e.g. browser redirects). */
  hidden?: boolean;
  /** A larger request-body limit than the app's default (file uploads). */
  bodyLimit?: number;
  /**
   * The body may also come as multipart/form-data (a browser's file upload): one file part, read into
   * ctx.file up to maxBytes (a bigger one arrives cut there), and fields that the body
   * schema validates as it would a JSON body (lib/multipart.ts).
   */
  fileUpload?: { maxBytes: number };
  /**
   * The body reaches the handler as the raw request text (a string, any content type), unparsed and
   * unvalidated: for signed webhooks, whose signature covers the exact bytes sent.
   */
  rawBody?: boolean;
  handler: (ctx: RouteContext<S, A>) => unknown;
};

export type AppRoute = Omit<RouteDefinition<RouteSchemas, Access>, 'role'> & { role?: AccountRole };

/** Every route goes through here, so access and ownership are always declared. */
export function defineRoute<const A extends Access, S extends RouteSchemas>(route: RouteDefinition<S, A>): AppRoute {
  return route as unknown as AppRoute;
}
