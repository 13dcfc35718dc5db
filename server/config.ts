import path from 'node:path';
import { z } from 'zod';
import { KeyConfigError, parseDataKeys, type DataKey } from './lib/field-cipher.ts';
import type { S3Options } from './lib/storage/s3.ts';
import { projectPaths } from './paths.ts';

const port = z.coerce
  .number({ message: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be between 1 and 65535')
  .max(65535, 'must be between 1 and 65535');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port.default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  PUBLIC_URL: z
    .url({ message: 'must be a full URL such as https://portal.example.com' })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .optional()
    .describe(
      'Comma-separated addresses/CIDRs of reverse proxies whose X-Forwarded-For is trusted',
    ),
  SITE_CONFIG_FILE: z.string().optional(),
  CATALOGUE_DIR: z.string().optional(),
  WEB_DIST_DIR: z.string().optional(),
  BETTER_AUTH_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters (e.g. `openssl rand -base64 32`)')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('UK Study Portal <no-reply@localhost>'),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(20),
  AUTH_RATE_LIMIT_IP_MAX: z.coerce.number().int().min(1).default(20),
  AUTH_RATE_LIMIT_IP_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  AUTH_RATE_LIMIT_ACCOUNT_MAX: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_ACCOUNT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  AUTH_SLOW_DOWN_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  AUTH_MAILS_PER_ADDRESS: z.coerce.number().int().min(1).default(5),
  AUTH_MAILS_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  SESSION_IDLE_DAYS: z.coerce
    .number({ message: 'must be a number' })
    .positive()
    .max(365)
    .default(30),
  SESSION_ABSOLUTE_DAYS: z.coerce
    .number({ message: 'must be a number' })
    .positive()
    .max(365)
    .default(90),
  DATA_ENCRYPTION_KEYS: z.string().optional(),
  MAX_UPLOAD_MB: z.coerce
    .number({ message: 'must be a number' })
    .positive()
    .max(100, 'must be at most 100')
    .default(10),
  MAX_APPLICATION_MB: z.coerce
    .number({ message: 'must be a number' })
    .positive()
    .max(500)
    .default(30),
  FORMS_RATE_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).default(20),
  FORMS_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(5),
  FORMS_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  MESSAGES_PER_APPLICATION: z.coerce.number().int().min(1).default(20),
  MESSAGES_PER_CLIENT: z.coerce.number().int().min(1).default(40),
  STAFF_MESSAGES_PER_ACCOUNT: z.coerce.number().int().min(1).default(200),
  MESSAGES_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  MESSAGE_NOTICE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  DOCUMENT_RETENTION_MONTHS: z.coerce.number().int().min(1).max(240).default(12),
  // D16: six years, the limitation period for a claim on a contract (Limitation Act 1980, s. 5)
  CASE_RETENTION_MONTHS: z.coerce.number().int().min(1).max(240).default(72),
  UPLOADS_DRIVER: z.enum(['local', 's3']).default('local'),
  /** An OpenAI-compatible chat completions endpoint (Ollama, vLLM, a hosted service), e.g. http://127.0.0.1:11434/v1 (D12). */
  GUIDANCE_LLM_URL: z
    .url({ message: 'must be a full URL such as http://127.0.0.1:11434/v1' })
    .optional(),
  GUIDANCE_LLM_KEY: z.string().min(1).optional(),
  GUIDANCE_LLM_MODEL: z.string().min(1).max(200).optional(),
  GUIDANCE_LLM_TIMEOUT_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .positive()
    .max(120, 'must be at most 120')
    .default(20),
  UPLOADS_DIR: z.string().optional(),
  UPLOADS_S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name (3-63 lower-case letters, digits, dots, dashes)',
    )
    .optional(),
  UPLOADS_S3_REGION: z.string().min(1).default('us-east-1'),
  UPLOADS_S3_ENDPOINT: z
    .url({ message: 'must be a full URL such as https://s3.example.com' })
    .optional(),
  UPLOADS_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  UPLOADS_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  UPLOADS_S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .optional(),
  UPLOADS_S3_PREFIX: z
    .string()
    .regex(
      /^((?!\.{1,2}\/)[A-Za-z0-9._-]+\/)*$/,
      'must be empty or folder names ending with /, e.g. documents/',
    )
    .default(''),
  TRACKING_TOKEN_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters (e.g. `openssl rand -base64 32`)')
    .optional(),
  TRACKING_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  TRACKING_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
  TRACKING_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().positive().max(300).default(15),
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(300),
  HTTP_IDLE_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(30),
  STREAMS_PER_CLIENT: z.coerce.number().int().min(1).default(50),
  STREAMS_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  STREAMS_PER_APPLICATION: z.coerce.number().int().min(1).default(10),
  JWT_LIFETIME_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .int()
    .min(2)
    .max(3600, 'must be at most 3600 (an hour)')
    .default(600),
  JWT_KEY_ROTATION_DAYS: z.coerce
    .number({ message: 'must be a number' })
    .positive()
    .max(365)
    .default(30),
  JWT_KEY_GRACE_DAYS: z.coerce
    .number({ message: 'must be a number' })
    .positive()
    .max(365)
    .default(7),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  MICROSOFT_TENANT_ID: z
    .string()
    .regex(/^[A-Za-z0-9.-]+$/, 'must be a tenant id, a domain, or common')
    .default('common'),
  OIDC_PROVIDERS: z
    .string()
    .optional()
    .describe(
      'JSON list of OpenID Connect providers: [{id, name, discoveryUrl, clientId, clientSecret}]',
    ),
});

/** Sign-in method ids that a configured OpenID Connect provider may not take. */
const reservedProviderIds = [
  'google',
  'microsoft',
  'credential',
  'email',
  'email-otp',
  'magic-link',
  'passkey',
];

const oidcProvider = z.object({
  id: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{1,31}$/, 'id must be 2-32 lower-case letters, digits or dashes')
    .refine((id) => !reservedProviderIds.includes(id), 'id is taken by a built-in sign-in method'),
  name: z.string().trim().min(1, 'name is required').max(60),
  discoveryUrl: z.url({
    message: 'discoveryUrl must be a full URL (…/.well-known/openid-configuration)',
  }),
  clientId: z.string().min(1, 'clientId is required'),
  clientSecret: z.string().min(1, 'clientSecret is required'),
});
const oidcProviders = z
  .array(oidcProvider)
  .refine(
    (list) => new Set(list.map((p) => p.id)).size === list.length,
    'every provider needs its own id',
  );
export type OidcProviderConfig = z.infer<typeof oidcProvider>;

export type Env = z.infer<typeof envSchema>;

/** Every setting the server reads from the environment (.env.example documents each). */
export const settingNames = Object.keys(envSchema.shape);

export interface GuidanceLlmConfig {
  /** The chat completions address (…/chat/completions). */
  url: string;
  key: string | null;
  model: string;
  timeoutMs: number;
}

export interface Config {
  /** The language model of /guide, or null: the page then says the ranking is rule-based (D12). */
  guidanceLlm: GuidanceLlmConfig | null;
  env: Env['NODE_ENV'];
  isProduction: boolean;
  host: string;
  port: number;
  publicUrl: string;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: string[] | false;
  dataDir: string;
  /**
   * `pglite` with a directory, or in memory when `dataDir` is null (tests, which may start it from
   * `snapshot`, a migrated database's files as PGlite's dumpDataDir writes them).
   */
  database:
    { kind: 'pglite'; dataDir: string | null; snapshot?: Blob } | { kind: 'postgres'; url: string };
  siteConfigFile: string;
  catalogueDir: string;
  webDistDir: string;
  auth: {
    /** null outside production: a random secret is kept under DATA_DIR (server/auth/secret.ts). */
    secret: string | null;
    rateLimit: {
      ip: { max: number; windowSeconds: number };
      /** Failed sign-ins per address in the window before attempts are spaced out (finding 5). */
      account: { max: number; windowSeconds: number };
      /** Once past `account.max` failures: one attempt per address per this many seconds. */
      slowDownSeconds: number;
      /** Reset and confirmation e-mails one address receives per window. */
      mails: { max: number; windowSeconds: number };
    };
    /** A session ends after `idleSeconds` without use, and `absoluteSeconds` after sign-in whatever happens. */
    session: { idleSeconds: number; absoluteSeconds: number };
  };
  /** Keys for passport numbers at rest, current first; empty: one derived from the auth secret. */
  dataKeys: DataKey[];
  /** Without an SMTP URL, mail goes to the dev outbox under DATA_DIR/outbox. */
  mail: { smtpUrl: string | null; from: string; maxAttempts: number };
  /** Application documents: streamed to the driver, never served statically. */
  uploads: {
    driver: 'local' | 's3';
    dir: string;
    maxFileBytes: number;
    maxApplicationBytes: number;
    s3: S3Options | null;
  };
  /** Documents of applications closed longer than this are deleted by a daily job. */
  /**
   * documentMonths: documents of closed applications are deleted this long after the close;
   * caseMonths: a case kept after its applicant asked for erasure (D16) is erased this long after it closes.
   */
  retention: { documentMonths: number; caseMonths: number };
  /** Anonymous forms (applications, referrals, partnerships) per client and per e-mail address. */
  forms: { perClient: number; perAddress: number; windowSeconds: number };
  /**
   * The conversation of an application (issue 22 finding 6): the applicant's messages per
   * application and per client address, staff messages per account (a bucket of their own), and
   * the team's e-mail about new messages at most once per case per `noticeWindowSeconds`.
   */
  messages: {
    perApplication: number;
    perClient: number;
    perStaffAccount: number;
    windowSeconds: number;
    noticeWindowSeconds: number;
  };
  tracking: {
    /** null: derived from the auth secret (server/modules/tracking/secret.ts). */
    secret: string | null;
    ttlSeconds: number;
    rateLimit: { max: number; windowSeconds: number };
  };
  /** Slow clients: headers, the whole request, and silence on a connection (finding 7). */
  http: { headersTimeoutMs: number; requestTimeoutMs: number; idleTimeoutMs: number };
  /** Live streams one instance keeps open per client address, per account and per application. */
  streams: { perClient: number; perAccount: number; perApplication: number };
  /** Sign-in with other providers, and tokens for API clients (docs/decisions/0020). */
  identity: {
    /** Tokens live `lifetimeSeconds`; a signing key signs for `rotationSeconds`, then stays published `graceSeconds`. */
    jwt: { lifetimeSeconds: number; rotationSeconds: number; graceSeconds: number };
    google: { clientId: string; clientSecret: string } | null;
    microsoft: { clientId: string; clientSecret: string; tenantId: string } | null;
    oidc: OidcProviderConfig[];
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function s3Options(env: Env): S3Options {
  const problems: string[] = [];
  if (!env.UPLOADS_S3_BUCKET)
    problems.push('UPLOADS_S3_BUCKET: is required when UPLOADS_DRIVER=s3');
  if (!env.UPLOADS_S3_ACCESS_KEY_ID !== !env.UPLOADS_S3_SECRET_ACCESS_KEY) {
    problems.push(
      'UPLOADS_S3_ACCESS_KEY_ID and UPLOADS_S3_SECRET_ACCESS_KEY: give both, or neither to use the AWS credential chain',
    );
  }
  if (problems.length) throw new ConfigError(problems);
  return {
    bucket: env.UPLOADS_S3_BUCKET!,
    region: env.UPLOADS_S3_REGION,
    endpoint: env.UPLOADS_S3_ENDPOINT ?? null,
    credentials:
      env.UPLOADS_S3_ACCESS_KEY_ID && env.UPLOADS_S3_SECRET_ACCESS_KEY
        ? {
            accessKeyId: env.UPLOADS_S3_ACCESS_KEY_ID,
            secretAccessKey: env.UPLOADS_S3_SECRET_ACCESS_KEY,
          }
        : null,
    forcePathStyle: env.UPLOADS_S3_FORCE_PATH_STYLE
      ? env.UPLOADS_S3_FORCE_PATH_STYLE === 'true'
      : Boolean(env.UPLOADS_S3_ENDPOINT),
    prefix: env.UPLOADS_S3_PREFIX,
  };
}

function sessionLifetimes(env: Env): { idleSeconds: number; absoluteSeconds: number } {
  if (env.SESSION_IDLE_DAYS > env.SESSION_ABSOLUTE_DAYS) {
    throw new ConfigError(['SESSION_IDLE_DAYS: must not be longer than SESSION_ABSOLUTE_DAYS']);
  }
  return {
    idleSeconds: Math.round(env.SESSION_IDLE_DAYS * 86_400),
    absoluteSeconds: Math.round(env.SESSION_ABSOLUTE_DAYS * 86_400),
  };
}

function pair(
  env: Env,
  name: 'GOOGLE' | 'MICROSOFT',
): { clientId: string; clientSecret: string } | null {
  const clientId = env[`${name}_CLIENT_ID`];
  const clientSecret = env[`${name}_CLIENT_SECRET`];
  if (!clientId !== !clientSecret)
    throw new ConfigError([`${name}_CLIENT_ID and ${name}_CLIENT_SECRET: give both, or neither`]);
  return clientId && clientSecret ? { clientId, clientSecret } : null;
}

function identity(env: Env): Config['identity'] {
  const google = pair(env, 'GOOGLE');
  const microsoft = pair(env, 'MICROSOFT');
  let oidc: OidcProviderConfig[] = [];
  if (env.OIDC_PROVIDERS) {
    let raw: unknown;
    try {
      raw = JSON.parse(env.OIDC_PROVIDERS);
    } catch {
      throw new ConfigError([
        'OIDC_PROVIDERS: must be JSON, e.g. [{"id":"uni","name":"University SSO","discoveryUrl":"https://…","clientId":"…","clientSecret":"…"}]',
      ]);
    }
    const parsed = oidcProviders.safeParse(raw);
    if (!parsed.success) {
      throw new ConfigError(
        parsed.error.issues.map(
          (issue) =>
            `OIDC_PROVIDERS${issue.path.map((p) => `[${String(p)}]`).join('')}: ${issue.message}`,
        ),
      );
    }
    oidc = parsed.data;
  }
  const jwt = {
    lifetimeSeconds: env.JWT_LIFETIME_SECONDS,
    rotationSeconds: Math.max(1, Math.round(env.JWT_KEY_ROTATION_DAYS * 86_400)),
    graceSeconds: Math.max(1, Math.round(env.JWT_KEY_GRACE_DAYS * 86_400)),
  };
  if (jwt.graceSeconds < jwt.lifetimeSeconds)
    throw new ConfigError(['JWT_KEY_GRACE_DAYS: must be longer than JWT_LIFETIME_SECONDS']);
  return {
    jwt,
    google,
    microsoft: microsoft ? { ...microsoft, tenantId: env.MICROSOFT_TENANT_ID } : null,
    oidc,
  };
}

/** Reads every setting once; a bad value throws with every problem listed. */
function guidanceLlm(env: Env): GuidanceLlmConfig | null {
  const given = [env.GUIDANCE_LLM_URL, env.GUIDANCE_LLM_KEY, env.GUIDANCE_LLM_MODEL].filter(
    Boolean,
  ).length;
  if (given === 0) return null;
  const problems: string[] = [];
  if (!env.GUIDANCE_LLM_URL)
    problems.push('GUIDANCE_LLM_URL: is required with GUIDANCE_LLM_KEY or GUIDANCE_LLM_MODEL');
  if (!env.GUIDANCE_LLM_MODEL)
    problems.push(
      'GUIDANCE_LLM_MODEL: is required with GUIDANCE_LLM_URL (the model name, e.g. llama3.1)',
    );
  if (problems.length) throw new ConfigError(problems);
  const base = env.GUIDANCE_LLM_URL!.replace(/\/+$/, '');
  return {
    url: base.endsWith('/chat/completions') ? base : `${base}/chat/completions`,
    key: env.GUIDANCE_LLM_KEY ?? null,
    model: env.GUIDANCE_LLM_MODEL!,
    timeoutMs: Math.round(env.GUIDANCE_LLM_TIMEOUT_SECONDS * 1000),
  };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const blankAsMissing = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(blankAsMissing);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production' && !env.BETTER_AUTH_SECRET) {
    throw new ConfigError([
      'BETTER_AUTH_SECRET: is required in production (e.g. `openssl rand -base64 32`)',
    ]);
  }
  let dataKeys: DataKey[] = [];
  try {
    if (env.DATA_ENCRYPTION_KEYS) dataKeys = parseDataKeys(env.DATA_ENCRYPTION_KEYS);
  } catch (error) {
    if (error instanceof KeyConfigError)
      throw new ConfigError([`DATA_ENCRYPTION_KEYS: ${error.message}`]);
    throw error;
  }
  const s3 = env.UPLOADS_DRIVER === 's3' ? s3Options(env) : null;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    guidanceLlm: guidanceLlm(env),
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    host: env.HOST,
    port: env.PORT,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY ? env.TRUST_PROXY.split(',').map((s) => s.trim()) : false,
    dataDir,
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
    siteConfigFile: path.resolve(env.SITE_CONFIG_FILE ?? projectPaths.siteConfig),
    catalogueDir: path.resolve(env.CATALOGUE_DIR ?? projectPaths.catalogue),
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? projectPaths.webDist),
    auth: {
      secret: env.BETTER_AUTH_SECRET ?? null,
      rateLimit: {
        ip: {
          max: env.AUTH_RATE_LIMIT_IP_MAX,
          windowSeconds: env.AUTH_RATE_LIMIT_IP_WINDOW_SECONDS,
        },
        account: {
          max: env.AUTH_RATE_LIMIT_ACCOUNT_MAX,
          windowSeconds: env.AUTH_RATE_LIMIT_ACCOUNT_WINDOW_SECONDS,
        },
        slowDownSeconds: env.AUTH_SLOW_DOWN_SECONDS,
        mails: { max: env.AUTH_MAILS_PER_ADDRESS, windowSeconds: env.AUTH_MAILS_WINDOW_SECONDS },
      },
      session: sessionLifetimes(env),
    },
    dataKeys,
    mail: {
      smtpUrl: env.SMTP_URL ?? null,
      from: env.MAIL_FROM,
      maxAttempts: env.MAIL_MAX_ATTEMPTS,
    },
    uploads: {
      driver: env.UPLOADS_DRIVER,
      dir: path.resolve(env.UPLOADS_DIR ?? path.join(dataDir, 'uploads')),
      maxFileBytes: Math.round(env.MAX_UPLOAD_MB * 1024 * 1024),
      maxApplicationBytes: Math.round(env.MAX_APPLICATION_MB * 1024 * 1024),
      s3,
    },
    retention: {
      documentMonths: env.DOCUMENT_RETENTION_MONTHS,
      caseMonths: env.CASE_RETENTION_MONTHS,
    },
    forms: {
      perClient: env.FORMS_RATE_LIMIT_PER_CLIENT,
      perAddress: env.FORMS_RATE_LIMIT_PER_ADDRESS,
      windowSeconds: env.FORMS_RATE_LIMIT_WINDOW_SECONDS,
    },
    messages: {
      perApplication: env.MESSAGES_PER_APPLICATION,
      perClient: env.MESSAGES_PER_CLIENT,
      perStaffAccount: env.STAFF_MESSAGES_PER_ACCOUNT,
      windowSeconds: env.MESSAGES_WINDOW_SECONDS,
      noticeWindowSeconds: env.MESSAGE_NOTICE_WINDOW_SECONDS,
    },
    tracking: {
      secret: env.TRACKING_TOKEN_SECRET ?? null,
      ttlSeconds: env.TRACKING_TOKEN_TTL_DAYS * 86_400,
      rateLimit: {
        max: env.TRACKING_RATE_LIMIT_MAX,
        windowSeconds: env.TRACKING_RATE_LIMIT_WINDOW_SECONDS,
      },
    },
    http: {
      headersTimeoutMs: Math.round(
        Math.min(env.HTTP_HEADERS_TIMEOUT_SECONDS, env.HTTP_REQUEST_TIMEOUT_SECONDS) * 1000,
      ),
      requestTimeoutMs: Math.round(env.HTTP_REQUEST_TIMEOUT_SECONDS * 1000),
      idleTimeoutMs: Math.round(env.HTTP_IDLE_TIMEOUT_SECONDS * 1000),
    },
    streams: {
      perClient: env.STREAMS_PER_CLIENT,
      perAccount: env.STREAMS_PER_ACCOUNT,
      perApplication: env.STREAMS_PER_APPLICATION,
    },
    identity: identity(env),
  };
}
