import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  applicationDocuments,
  applications,
  applicationStatusEvents,
} from '../../server/db/schema/index.ts';

/** Every file under the uploads directory (temporary ones included), relative to it. */
export async function listUploadedFiles(app: FastifyInstance): Promise<string[]> {
  const dir = app.config.uploads.dir;
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

export async function countApplicationRows(app: FastifyInstance) {
  const [a] = await app.db.select({ n: count() }).from(applications);
  const [d] = await app.db.select({ n: count() }).from(applicationDocuments);
  const [e] = await app.db.select({ n: count() }).from(applicationStatusEvents);
  return { applications: a!.n, documents: d!.n, events: e!.n };
}

/** The stored state before a test, to compare with after it (tests in a file share one app). */
export async function storedState(app: FastifyInstance) {
  return { rows: await countApplicationRows(app), files: (await listUploadedFiles(app)).sort() };
}
