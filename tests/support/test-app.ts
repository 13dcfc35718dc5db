import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { projectPaths } from '../../server/paths.ts';
import { pgliteSnapshot } from './pglite-snapshot.ts';
import { rememberedPasswordHashing } from './remembered-password-hashing.ts';
import { unthrottledForms } from './server-process.ts';
import { createTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/** A whole app on a database of its own and a temporary DATA_DIR. */
export async function createTestApp(
  env: Record<string, string> = {},
  overrides: Partial<Config> = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-test-'));
  const { database, drop } = await createTestDatabase();
  const loaded = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...unthrottledForms,
    ...env,
  });
  // In memory, with the default catalogue: start from the run's migrated snapshot.
  const snapshotFile = inject('pgliteSnapshotFile');
  const fromSnapshot =
    database.kind === 'pglite' &&
    database.dataDir === null &&
    snapshotFile &&
    loaded.catalogueDir === projectPaths.catalogue;
  const config: Config = {
    ...loaded,
    database: fromSnapshot
      ? { ...database, snapshot: await pgliteSnapshot(snapshotFile) }
      : database,
    ...overrides,
  };
  const app = await buildApp(config, { passwordHashing: rememberedPasswordHashing });
  return {
    app,
    config,
    dataDir,
    async close() {
      await app.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** One app per test file: the first call builds it, the file's end closes it. */
export function useTestApp(env: Record<string, string> = {}, overrides: Partial<Config> = {}) {
  const holder = {} as TestApp;
  beforeAll(async () => {
    Object.assign(holder, await createTestApp(env, overrides));
  });
  afterAll(async () => {
    await holder.close?.();
  });
  return holder;
}
