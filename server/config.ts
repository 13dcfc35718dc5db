import path from 'node:path';
import { z } from 'zod';

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
  PUBLIC_URL: z.url({ message: 'must be a full URL such as https://portal.example.com' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .optional()
    .describe('Comma-separated addresses/CIDRs of reverse proxies whose X-Forwarded-For is trusted'),
  SITE_CONFIG_FILE: z.string().optional(),
  CATALOGUE_DIR: z.string().optional(),
  WEB_DIST_DIR: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  host: string;
  port: number;
  publicUrl: string;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: string[] | false;
  dataDir: string;
  /** `pglite` with a directory, or in memory when `dataDir` is null (tests). */
  database: { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string };
  siteConfigFile: string;
  catalogueDir: string;
  webDistDir: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const projectRoot = path.resolve(import.meta.dirname, '..');

/** Reads every setting once; a bad value throws with every problem listed. */
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
  const dataDir = path.resolve(env.DATA_DIR);
  return {
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
    siteConfigFile: path.resolve(env.SITE_CONFIG_FILE ?? path.join(projectRoot, 'config/site.json')),
    catalogueDir: path.resolve(env.CATALOGUE_DIR ?? path.join(projectRoot, 'server/db/catalogue')),
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(projectRoot, 'dist/web')),
  };
}
