import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackResult } from '../../../shared/schemas/application.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createTestDatabase } from '../../../tests/support/test-database.ts';
import { createApplication, fixture } from '../../../tests/factories/application.ts';
import { openTrackStream } from '../../../tests/factories/application-stream.ts';

let app: FastifyInstance;
let logs = '';
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-privacy-'));
  const { database, drop } = await createTestDatabase();
  const config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'info' }),
    database,
  };
  app = await buildApp(config, { logStream: { write: (line: string) => void (logs += line) } });
  cleanup = async () => {
    await app.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  };
});
afterAll(async () => cleanup?.());

describe('no e-mail, passport number or token in a log line (D4)', () => {
  it('logs requests to submit, track, stream and download by path only', async () => {
    const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    const { id, email, fields } = await createApplication(
      app,
      {},
      { files: [{ key: 'cv', ...fixture('transcript.pdf') }] },
    );
    const tracked = (
      await app.inject({ method: 'POST', url: '/api/track', payload: { applicationId: id, email } })
    ).json() as TrackResult;
    await app.inject({
      method: 'POST',
      url: '/api/track',
      payload: { applicationId: id, email: 'wrong@example.test' },
    });
    await app.inject({
      method: 'POST',
      url: '/api/track/token',
      payload: { token: tracked.token },
    });
    await app.inject({
      method: 'GET',
      url: `/api/applications/${id}/documents/cv`,
      headers: { authorization: `Bearer ${tracked.token}` },
    });
    const live = await openTrackStream(baseUrl, tracked.streamToken);
    await live.next();
    live.close();

    expect(logs).toContain('/api/track/stream');
    expect(logs).toContain(`/api/applications/${id}/documents/cv`);
    for (const secret of [
      email,
      'wrong@example.test',
      fields.passportNumber as string,
      tracked.token,
      tracked.streamToken,
    ]) {
      expect(logs, secret).not.toContain(secret);
    }
  });
});
