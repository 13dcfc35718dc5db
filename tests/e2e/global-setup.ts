import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, spawnServer, waitUntilHealthy } from '../support/server-process.ts';
import { createTestDatabase } from '../support/test-database.ts';
import { startOidcProvider } from '../support/oidc-provider.ts';
import { createE2eAdmin } from './staff-admin-setup.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** The local OpenID Connect provider the portal offers as "University SSO" (a stand-in for a third party). */
    oidcIssuer: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

function run(script: string) {
  const result = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run ${script} failed`);
}

/**
 * Builds what is missing (the web app only when it has no build yet; the server every time, since
 * it takes a fraction of a second and must match the sources), then starts the compiled server,
 * as `npm start` does, once for every e2e spec.
 */
export default async function setup(project: TestProject) {
  const webDist = path.resolve(root, process.env.WEB_DIST_DIR ?? 'dist/web');
  if (!existsSync(path.join(webDist, 'index.html'))) {
    if (process.env.WEB_DIST_DIR) throw new Error(`No web app build in WEB_DIST_DIR (${webDist})`);
    run('build:web');
  }
  run('build:server');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-'));
  // The project's own setting (vitest.config.ts: PostgreSQL when one answers), not the shell's.
  const { database, drop } = await createTestDatabase(
    project.config.env?.TEST_DATABASE_URL || undefined,
  );
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const staffAdminEmail = createE2eAdmin({
    NODE_ENV: 'test',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.kind === 'postgres' ? database.url : '',
  });
  const idp = await startOidcProvider({
    redirectUris: [`${baseUrl}/api/auth/callback/uni`],
    autoEnrol: true,
  });
  const server = await spawnServer(
    {
      OIDC_PROVIDERS: JSON.stringify([
        {
          id: 'uni',
          name: 'University SSO',
          discoveryUrl: idp.discoveryUrl,
          clientId: idp.clientId,
          clientSecret: idp.clientSecret,
        },
      ]),
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      DATABASE_URL: database.kind === 'postgres' ? database.url : '',
    },
    { compiled: true },
  );
  if (!(await waitUntilHealthy(server)))
    throw new Error(`The server exited during start:\n${server.output()}`);
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  project.provide('oidcIssuer', idp.issuer);
  project.provide('staffAdminEmail', staffAdminEmail);

  return async () => {
    await server.stop('SIGTERM');
    await idp.close();
    if (process.env.E2E_SHOW_SERVER_LOG) console.warn(server.output());
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
