import { open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

export class DatabaseInUseError extends Error {
  constructor(
    dataDir: string,
    /** The process holding the database (the admin command names it). */
    readonly pid: number,
  ) {
    super(
      `The embedded database at ${dataDir} is already open in another process (pid ${pid}). ` +
        'Only one process may use it at a time: stop the other server first, ' +
        'or point this one at another DATA_DIR, or use DATABASE_URL for PostgreSQL.',
    );
    this.name = 'DatabaseInUseError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite corrupts a data directory opened by two processes, so the first one writes its pid
 * into a lock file beside it; a lock left by a process that died is taken over.
 */
export async function acquireDirectoryLock(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = path.join(dataDir, '..', `${path.basename(dataDir)}.lock`);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(lockPath, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return async () => {
        await rm(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number((await readFile(lockPath, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DatabaseInUseError(dataDir, pid);
      }
      await rm(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock on ${dataDir}`);
}
