import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions, type onRequestAsyncHookHandler, type preHandlerAsyncHookHandler } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/client';
import { requestBrand, type RequestBrand } from './lib/brand-request';
import { contentSecurityPolicy } from './lib/csp';
import { HttpError } from './lib/http-error';
import { acceptFileUploads, uploadedFileOf, type UploadedFile } from './lib/multipart';
import { logMailer, smtpMailer, type Mailer } from './lib/mailer';
import type { AppRoute, Deps, RouteContext, RouteSchemas, Access, RateLimitKind } from './lib/route';
import { responseSerializerCompiler } from './lib/serializer';
import { logSms, type SmsSender } from './lib/sms';
import { mailServices, type MailServices } from './lib/mail';
import { oidcProvider, type OidcProvider } from './lib/oidc';
import { startDispatcher } from './modules/notifications/dispatch';
import { jobDefinitions } from './jobs';
import { JobQueue } from './lib/jobs/queue';
import { authHook } from './modules/auth/request-hook';
import { apiKeyHook } from './modules/webhooks/api-keys';
import { lazyChildLoggerFactory } from './lib/lazy-logger';
import { registerCors } from './plugins/cors';
import { registerErrorHandler } from './plugins/error-handler';
import { asSystem, inAccount, inPublicScope } from './db/tenancy';
import { kickRunningAccounts } from './modules/campaigns/send-job';
import { kickMailboxSyncs } from './modules/inbox/imap-sync';
import { registerStatic } from './plugins/static';
import { CableServer } from './modules/live/cable';
import type { CableClock } from './modules/live/clock';
import { LiveFeed } from './modules/live/feed';
import { schedulePrune } from './modules/live/prune';
import { requestLogFields } from './lib/request-log';
import { routes } from './routes';
import { reactions } from './reactions';
import { bindEvents } from './lib/events';
import { flushPageViews } from './modules/tracking/collect';

export type AppOptions = {
  config: Config;
  db: Db;
  /** Overrides for tests; by default from config (SMTP or the log, the log for SMS, Google when configured). */
  mailer?: Mailer;
  sms?: SmsSender;
  oidc?: OidcProvider | null;
  /** Mailbox connections and DNS (tests trust their generated certificate or use a loopback DNS server). */
  mail?: Partial<MailServices>;
  logger?: FastifyServerOptions['logger'];
  /** Served besides routes.ts (tests prove what the registry does to any route). */
  extraRoutes?: AppRoute[];
  /** Where the log goes (tests read it); by default stdout. */
  logStream?: { write(line: string): void };
  /** The cable's clock (tests move time) and how soon a lost LISTEN connection is tried again. */
  cable?: { clock?: CableClock; listenRetryMs?: number };
  /** The time routes act at where a limit depends on it (LinkedIn and call tasks); tests move it. Default: the real clock. */
  clock?: () => Date;
  /**
   * Writes through the engine before the queue starts and the ticks are kicked (main.ts: the demo account,
   * modules/demo), so what it leaves running is picked up as at any start.
   */
  seed?: (deps: Deps) => Promise<unknown>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue (tests drain it). */
    jobs: JobQueue<Deps>;
    /** The live connection at /cable (modules/live). */
    cable: CableServer;
    /** This process's view of the accounts' live event streams. */
    liveFeed: LiveFeed;
  }
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

const API_HEADERS = { 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' } as const;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel, serializers: { req: requestLogFields }, ...(options.logStream ? { stream: options.logStream } : {}) },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 200 },
    childLoggerFactory: lazyChildLoggerFactory,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.decorateRequest('auth', null);
  // The API speaks JSON only: text bodies get a clear 415 instead of a confusing validation error.
  app.removeContentTypeParser('text/plain');
  registerErrorHandler(app);
  // First, so every answer to the extension (a 401 or a 429 too) carries its CORS headers.
  await registerCors(app, config.extensionOrigins);

  await app.register(rateLimit, {
    global: false,
    // After validation, so the key can use the (normalised) email of the body.
    hook: 'preHandler',
    errorResponseBuilder: (_req, ctx) =>
      new HttpError(429, [`Too many attempts. Please wait ${ctx.after} and try again.`]),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Outreach platform API', version: '1.0.0', description: 'Auth is devise_token_auth compatible: send access-token, client, expiry and uid headers.' },
      components: { securitySchemes: { ...AUTH_SECURITY_SCHEMES, ...API_KEY_SECURITY_SCHEMES } },
    },
    transform: jsonSchemaTransform,
  });

  const jobs = new JobQueue<Deps>(options.db, jobDefinitions, { pollIntervalMs: config.jobs.pollIntervalMs, log: app.log });
  app.decorate('jobs', jobs);
  const deps: Deps = {
    jobs,
    db: options.db,
    config,
    mailer: options.mailer ?? (config.smtp ? smtpMailer(config.smtp) : logMailer(app.log)),
    sms: options.sms ?? logSms(app.log),
    oidc: options.oidc !== undefined ? options.oidc : config.google ? oidcProvider(config.google) : null,
    mail: { ...mailServices(config), ...options.mail },
    clock: options.clock ?? (() => new Date()),
  };
  for (const route of [...routes, ...(options.extraRoutes ?? [])]) registerRoute(app, route, deps);
  if (config.guardedFetch.allowHosts.length > 0) {
    app.log.warn({ allowHosts: config.guardedFetch.allowHosts }, 'GUARDED_FETCH_ALLOW_HOSTS is set: user-supplied addresses may reach these loopback hosts. This is for tests; never set it in production.');
  }
  // Who reacts to what (src/reactions.ts) is bound to this app's database until it closes: every event written
  // through it runs its reactions (lib/events.ts).
  const unbindEvents = bindEvents(deps, reactions);
  // The notification rules' dispatcher (the reaction `notify` and the delivery job use it).
  const notifications = startDispatcher({ db: deps.db, mailer: deps.mailer, allowHosts: config.guardedFetch.allowHosts, log: app.log, jobs });
  app.addHook('onClose', async () => {
    // Page views accepted but not yet written (modules/tracking/collect.ts) are written before the database closes.
    await flushPageViews(deps);
    await notifications.stop();
    unbindEvents();
  });
  if (options.seed) await options.seed(deps);
  // The queue works while the app runs: interrupted runs are recovered now, and it stops (its runs
  // stop between steps) when the app closes.
  await jobs.start(deps);
  app.addHook('onClose', () => jobs.stop());
  // The live connection: this process hears every commit of live events (LISTEN) and serves /cable.
  const liveFeed = new LiveFeed(deps.db, { log: app.log, listenRetryMs: options.cable?.listenRetryMs, clock: options.cable?.clock });
  await liveFeed.start();
  const cable = new CableServer(deps, liveFeed, app.log.child({ module: 'cable' }), { clock: options.cable?.clock, replayMax: config.live.replayMax });
  cable.attach(app.server);
  app.decorate('cable', cable);
  app.decorate('liveFeed', liveFeed);
  // Clients are told to reconnect before the server stops listening; the feed stops with the app.
  app.addHook('preClose', () => cable.close());
  app.addHook('onClose', () => liveFeed.stop());
  await schedulePrune(deps, new Date());
  // Every account with a running campaign gets a sending tick (each tick then schedules the next).
  await asSystem('start the sending ticks of running campaigns', () => kickRunningAccounts(deps));
  // Every mailbox that has sent gets its IMAP sync (each run then schedules the next poll).
  await asSystem('start the IMAP sync of the mailboxes that have sent', () => kickMailboxSyncs(deps));

  // Helmet's headers guard HTML documents, so it wraps only the web app and assets (its own scope);
  // JSON answers carry nosniff and no-store and skip helmet's per-request hooks.
  await app.register(async (web) => {
    await web.register(helmet, {
      // The CSP depends on the request's brand (its head scripts): set per request below.
      contentSecurityPolicy: false,
      // Brand logos are also shown by the extension popup, another origin.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
    });
    // Every HTML page carries the brand's CSP (lib/csp.ts), built per request's brand; JSON and assets need none.
    const policies = new Map<number, string>();
    web.addHook('onSend', async (req, reply, payload) => {
      if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
      const { holderId, brand } = requestBrand(req, config);
      let policy = policies.get(holderId);
      if (!policy) policies.set(holderId, (policy = contentSecurityPolicy(brand)));
      reply.header('content-security-policy', policy);
      return payload;
    });
    await registerStatic(web, config.webDist, config.extensionDist);
  });
  return app;
}

export const FEATURE_NOT_AVAILABLE = 'This feature is not available';

/** A route of a feature the request's brand switches off answers 404, as if it did not exist. */
function featureHook(route: AppRoute, config: Config): onRequestAsyncHookHandler | undefined {
  const { feature } = route;
  if (!feature) return undefined;
  return async (req) => {
    if (!requestBrand(req, config).brand.feature_flags[feature]) throw new HttpError(404, [FEATURE_NOT_AVAILABLE]);
  };
}

/** The four devise_token_auth headers, each an apiKey scheme named after its header. */
export const AUTH_SECURITY_SCHEMES = {
  'access-token': { type: 'apiKey', in: 'header', name: 'access-token', description: 'The session token from the last answer.' },
  client: { type: 'apiKey', in: 'header', name: 'client', description: 'The client (device) id of the session.' },
  expiry: { type: 'apiKey', in: 'header', name: 'expiry', description: 'When the token expires (seconds since the epoch).' },
  uid: { type: 'apiKey', in: 'header', name: 'uid', description: 'The signed-in user’s uid (their email).' },
} as const;

/** An account's API key (Zapier and scripts; modules/webhooks): either header. */
export const API_KEY_SECURITY_SCHEMES = {
  'X-API-Key': { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'An API key of the account (integrations page), shown once when created.' },
  bearer: { type: 'http', scheme: 'bearer', description: 'The same API key as a Bearer token.' },
} as const;

const ALL_AUTH_HEADERS = Object.fromEntries(Object.keys(AUTH_SECURITY_SCHEMES).map((k) => [k, []])) as Record<keyof typeof AUTH_SECURITY_SCHEMES, never[]>;

/** An operation's OpenAPI security, from the route's declared access: none, all four headers, or either. */
function securityOf(access: Access): Array<Record<string, never[]>> {
  if (access === 'public') return [];
  if (access === 'user') return [ALL_AUTH_HEADERS];
  if (access === 'api_key') return [{ 'X-API-Key': [] }, { bearer: [] }];
  return [{}, ALL_AUTH_HEADERS];
}

function rateLimitOptions(kind: RateLimitKind, config: Config): RateLimitOptions {
  if (kind === 'public') {
    return { max: config.rateLimit.publicMax, timeWindow: config.rateLimit.windowMs, hook: 'onRequest', keyGenerator: (req) => `public|${req.ip}` };
  }
  if (kind === 'collect') {
    // No x-ratelimit-* headers on every page view's answer (nobody reads them there); a 429 still says when to retry.
    // The plugin merges these per route (its types list them on the plugin's options only).
    const quiet = {
      max: config.tracking.ipMax,
      timeWindow: config.rateLimit.windowMs,
      hook: 'onRequest',
      keyGenerator: (req: FastifyRequest) => `collect|${req.ip}`,
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
      addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': true },
    };
    return quiet as RateLimitOptions;
  }
  if (kind === 'outbound') {
    // After auth (preHandler): counted per account, so one account cannot make us a request cannon.
    return { max: config.rateLimit.outboundMax, timeWindow: config.rateLimit.windowMs, keyGenerator: (req) => `outbound|${req.auth?.account.id ?? req.ip}` };
  }
  return {
    max: config.rateLimit.authMax,
    timeWindow: config.rateLimit.windowMs,
    keyGenerator: (req) => `${req.ip}|${(req.body as { email?: unknown } | undefined)?.email ?? ''}`,
  };
}

/**
 * Per IP on each credential route, whatever the email: the per-IP-and-email limit alone let one
 * address spray 40 different emails. On request, so malformed attempts count too. Kept apart from the
 * route's own limiter (@fastify/rate-limit runs one limiter per request), answered 429 with Retry-After.
 */
function authIpCeiling(app: FastifyInstance, url: string, config: Config): onRequestAsyncHookHandler {
  const check = app.createRateLimit({ max: config.rateLimit.authIpMax, timeWindow: config.rateLimit.windowMs, keyGenerator: (req) => `authip|${url}|${req.ip}` });
  return async (req, reply) => {
    const limit = await check(req);
    if (limit.isAllowed || !limit.isExceeded) return;
    reply.header('retry-after', String(limit.ttlInSeconds));
    throw new HttpError(429, [`Too many attempts from your network. Please wait ${limit.ttlInSeconds} s and try again.`]);
  };
}

/**
 * The page-view endpoint's second limit, per tracking code (one site's traffic, or someone replaying its code, cannot
 * flood the account), before the handler: the code is read from the raw body without parsing it twice. A fixed window
 * per code in this process, as @fastify/rate-limit's local store counts: that limiter's per-request cost (its store,
 * its headers) was a sixth of this endpoint's time (`npm run bench`, visitors), and a page view wants neither.
 */
function collectCodeCeiling(config: Config, now: () => number = Date.now): preHandlerAsyncHookHandler {
  const windows = new Map<string, { start: number; count: number }>();
  const codeOf = (req: FastifyRequest) => /"code"\s*:\s*"([^"\\]{1,64})"/.exec(typeof req.body === 'string' ? req.body : '')?.[1] ?? '';
  return async (req, reply) => {
    const code = codeOf(req);
    if (!code) return;
    const t = now();
    let w = windows.get(code);
    if (!w || t - w.start >= config.rateLimit.windowMs) {
      if (windows.size > 100_000) windows.clear();
      windows.set(code, (w = { start: t, count: 0 }));
    }
    if (++w.count <= config.tracking.codeMax) return;
    const wait = Math.max(1, Math.ceil((w.start + config.rateLimit.windowMs - t) / 1000));
    reply.header('retry-after', String(wait));
    throw new HttpError(429, [`Too many page views for this tracking code. Please wait ${wait} s.`]);
  };
}

/**
 * What a handler gets (RouteContext). A class, not an object literal: a literal with a getter gives every
 * request its own hidden class, which V8 keeps in old space, with the request it closes over, until a full
 * collection; that promoted every request's objects and made a cheap authenticated GET spend a sixth of its
 * time in the young generation's collections (`npm run bench`, user_info; docs/decisions.md).
 */
class HandlerContext implements RouteContext<RouteSchemas, Access> {
  readonly body: never;
  readonly query: never;
  readonly params: never;
  readonly auth: never;
  readonly file: UploadedFile | null;

  constructor(
    readonly req: FastifyRequest,
    readonly reply: FastifyReply,
    readonly deps: Deps,
  ) {
    this.body = req.body as never;
    this.query = req.query as never;
    this.params = req.params as never;
    this.auth = req.auth as never;
    this.file = uploadedFileOf(req);
  }

  /** The request's brand, worked out when a handler asks. */
  get brand(): RequestBrand {
    return requestBrand(this.req, this.deps.config);
  }
}

function registerRoute(app: FastifyInstance, route: AppRoute, deps: Deps): void {
  if (route.fileUpload) {
    // Its own scope: multipart parsing only where a file is expected.
    const { maxBytes } = route.fileUpload;
    void app.register(async (scope) => {
      await acceptFileUploads(scope, maxBytes);
      defineOn(scope, route, deps);
    });
    return;
  }
  if (route.rawBody) {
    // Its own scope: every content type is read as text, so a signature can be checked on the exact bytes.
    void app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
      defineOn(scope, route, deps);
    });
    return;
  }
  defineOn(app, route, deps);
}

function defineOn(app: FastifyInstance, route: AppRoute, deps: Deps): void {
  const { config } = deps;
  app.route({
    method: route.method,
    url: route.url,
    schema: { ...route.schema, summary: route.summary, tags: route.tags, hide: route.hidden, security: securityOf(route.access) },
    config: route.rateLimit ? { rateLimit: rateLimitOptions(route.rateLimit, config) } : undefined,
    ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
    onRequest: [
      featureHook(route, config),
      ...(route.rateLimit === 'auth' ? [authIpCeiling(app, route.url, config)] : []),
      route.access === 'api_key' ? apiKeyHook(deps.db, config) : authHook(route.access, deps.db, config, route.role),
    ].filter((h) => h !== undefined),
    ...(route.rateLimit === 'collect' ? { preHandler: [collectCodeCeiling(config)] } : {}),
    handler: (req, reply) => {
      reply.headers(API_HEADERS);
      const ctx = new HandlerContext(req, reply, deps);
      // Tenancy (db/tenancy.ts): the handler's statements are checked against its scope.
      const auth = req.auth;
      if (route.systemScope) return asSystem(route.systemScope, () => route.handler(ctx));
      if (auth) return inAccount(auth.account.id, auth.user.id, () => route.handler(ctx));
      return inPublicScope(() => route.handler(ctx));
    },
  });
}
