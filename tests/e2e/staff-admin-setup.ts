import { spawnSync } from 'node:child_process';
import path from 'node:path';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The administrator `npm run admin:create` made before the server started (staff console specs). */
    staffAdminEmail: string;
  }
}

export const e2eAdminEmail = 'e2e-admin@example.test';

/**
 * Runs the real admin command against the e2e data before the server starts: the embedded
 * database admits one process, so the command cannot run while the server holds it. Its
 * set-password mail waits in the dev outbox for the staff spec.
 */
export function createE2eAdmin(env: Record<string, string>): string {
  const root = path.resolve(import.meta.dirname, '../..');
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/cli/admin-create.ts',
      '--email',
      e2eAdminEmail,
      '--name',
      'Eve Admin',
    ],
    { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' },
  );
  if (result.status !== 0)
    throw new Error(`admin:create failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return e2eAdminEmail;
}
