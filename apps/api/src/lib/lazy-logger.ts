import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'fastify/types/logger';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Parent = FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };

/**
 * A request's logger that becomes the real child (with the request id bound) only when something is logged at
 * an enabled level. Fastify makes a child logger for every request; pino's child serialises its bindings at
 * once, which was a measurable share of a cheap authenticated request (`npm run bench`, user_info) although
 * most requests log nothing at the production level.
 */
class LazyChildLogger {
  private real: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: Parent & { isLevelEnabled: (level: string) => boolean },
    private readonly own: Bindings,
  ) {}

  private realChild(): FastifyBaseLogger {
    return (this.real ??= this.parent.child(this.own));
  }

  child(bindings: Bindings, opts?: ChildLoggerOptions): FastifyBaseLogger {
    return this.realChild().child(bindings, opts);
  }

  private log(level: Level, args: unknown[]): void {
    if (!this.parent.isLevelEnabled(level)) return;
    (this.realChild()[level] as (...a: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.real?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.realChild().level = level;
  }

  fatal(...args: unknown[]) {
    this.log('fatal', args);
  }
  error(...args: unknown[]) {
    this.log('error', args);
  }
  warn(...args: unknown[]) {
    this.log('warn', args);
  }
  info(...args: unknown[]) {
    this.log('info', args);
  }
  debug(...args: unknown[]) {
    this.log('debug', args);
  }
  trace(...args: unknown[]) {
    this.log('trace', args);
  }
  silent() {}

  isLevelEnabled(level: string): boolean {
    return (this.real as Parent | null)?.isLevelEnabled?.(level) ?? this.parent.isLevelEnabled(level);
  }

  bindings(): Record<string, unknown> {
    return (this.realChild() as FastifyBaseLogger & { bindings: () => Record<string, unknown> }).bindings();
  }
}

/** Fastify's childLoggerFactory: lazy where the logger can say which levels are on and no route asks its own level. */
export function lazyChildLoggerFactory(this: unknown, logger: FastifyBaseLogger, bindings: Bindings, opts: ChildLoggerOptions): FastifyBaseLogger {
  const parent = logger as Parent;
  if (typeof parent.isLevelEnabled !== 'function' || (opts && Object.keys(opts).length > 0)) return logger.child(bindings, opts);
  return new LazyChildLogger(parent as Parent & { isLevelEnabled: (level: string) => boolean }, bindings) as unknown as FastifyBaseLogger;
}
