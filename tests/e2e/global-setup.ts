import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createTestDatabase } from '../support/test-database.ts';
import { createE2eAdmin } from './staff-admin-setup.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, log: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited during start:\n${log()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not become healthy within 60 s:\n${log()}`);
}

/** Builds the app if needed and starts the real server once for every e2e spec. */
export default async function setup(project: TestProject) {
  const webDist = path.resolve(root, process.env.WEB_DIST_DIR ?? 'dist/web');
  if (!existsSync(path.join(webDist, 'index.html'))) {
    const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', webDist], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-'));
  const { database, drop } = await createTestDatabase();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const staffAdminEmail = createE2eAdmin({
    NODE_ENV: 'test',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.kind === 'postgres' ? database.url : '',
  });
  let output = '';
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      DATABASE_URL: database.kind === 'postgres' ? database.url : '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  await waitForHealth(baseUrl, server, () => output);
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  project.provide('staffAdminEmail', staffAdminEmail);

  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    if (process.env.E2E_SHOW_SERVER_LOG) console.warn(output);
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
