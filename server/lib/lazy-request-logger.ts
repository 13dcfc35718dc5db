import type { FastifyBaseLogger, FastifyLogFn, FastifyServerOptions, LogLevel } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

const levelValues: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Infinity,
};

/**
 * A request's logger that becomes pino's child (`logger.child({ reqId })`) only when the request
 * logs something. Most requests log nothing but their access line (written by OneLinePerRequest
 * through a logger of its own), and a child costs a redaction pass over its bindings: about 3% of
 * a cached read's CPU (`npm run bench:profile-read`). Log lines are the same as a child's.
 */
export class LazyRequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private options: ChildLoggerOptions,
  ) {}

  private real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.made ? this.made.level : (this.options.level ?? this.parent.level);
  }

  set level(level: string) {
    if (this.made) this.made.level = level;
    else this.options = { ...this.options, level };
  }

  private logAt(level: Exclude<LogLevel, 'silent'>): FastifyLogFn {
    return ((...args: Parameters<FastifyLogFn>) => {
      if ((levelValues[this.level] ?? Infinity) > levelValues[level]!) return;
      this.real()[level](...(args as [string]));
    }) as FastifyLogFn;
  }

  trace = this.logAt('trace');
  debug = this.logAt('debug');
  info = this.logAt('info');
  warn = this.logAt('warn');
  error = this.logAt('error');
  fatal = this.logAt('fatal');
  silent: FastifyLogFn = () => {};

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }
}

export const lazyRequestLoggers: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => new LazyRequestLogger(logger, bindings, options);
