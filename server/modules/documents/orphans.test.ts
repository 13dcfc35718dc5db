import { readdir } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationDocuments } from '../../db/schema/applications.ts';
import {
  createApplicationFields,
  fixture,
  multipartBody,
  pdfOfSize,
} from '../../../tests/factories/application.ts';
import { usePortalProcesses } from '../../../tests/support/portal-processes.ts';

async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

describe('no orphan files after kill -9 during an upload (finding 9)', () => {
  let portal: Awaited<ReturnType<typeof usePortalProcesses>>;
  beforeAll(async () => {
    portal = await usePortalProcesses('portal-orphans-');
  });
  afterAll(async () => portal?.close());

  it(
    'removes what a killed upload left, and keeps every committed file',
    { timeout: 120_000 },
    async () => {
      const uploads = path.join(portal.dataDir, 'uploads');
      // the upload must still be running when the server dies, however loaded the machine is
      const server = await portal.start({ HTTP_REQUEST_TIMEOUT_SECONDS: '120' });

      // one complete application with a document: its file must survive
      const done = multipartBody(createApplicationFields(), [
        { key: 'transcripts', ...fixture('transcript.pdf') },
      ]);
      const ok = await fetch(`${server.url}/api/applications`, {
        method: 'POST',
        body: done.payload,
        headers: { 'content-type': done.contentType },
      });
      expect(ok.status).toBe(201);
      const committed = await filesUnder(uploads);
      expect(committed).toHaveLength(1);

      // a second one: the first file complete, the second half sent when the server dies
      const { payload, contentType } = multipartBody(createApplicationFields(), [
        { key: 'transcripts', ...fixture('transcript.pdf') },
        { key: 'cv', ...pdfOfSize(2_000_000) },
      ]);
      const { port } = new URL(server.url);
      const upload = request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/applications',
        headers: { 'content-type': contentType, 'content-length': payload.length },
      });
      upload.on('error', () => {});
      upload.write(payload.subarray(0, payload.length - 1_000_000));
      // the transcript written and moved into place, the CV half written under .incoming (the
      // transcript passes through .incoming first: wait for both, however slow the machine)
      const inFlight = async () => {
        const files = await filesUnder(uploads);
        return {
          files: files.length,
          incoming: files.filter((f) => f.startsWith('.incoming/')).length,
        };
      };
      await expect.poll(inFlight, { timeout: 20_000 }).toEqual({ files: 3, incoming: 1 });
      server.child.kill('SIGKILL');
      await server.exited;
      upload.destroy();

      // an upload left pending longer than a request may take is an orphan: short here, so the
      // restarted server removes it at once
      const again = await portal.start({ HTTP_REQUEST_TIMEOUT_SECONDS: '3' });
      await expect
        .poll(() => filesUnder(uploads), { timeout: 30_000, interval: 250 })
        .toEqual(committed);
      expect(await again.stop('SIGTERM')).toBe(0);

      const database = await portal.open();
      try {
        const keys = (
          await database.db
            .select({ key: applicationDocuments.storageKey })
            .from(applicationDocuments)
        ).map((r) => r.key);
        expect(keys).toEqual(committed);
      } finally {
        await database.close();
      }
    },
  );
});
