import { count, like } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditLog, programs, universities } from '../../db/schema/index.ts';
import { generateCatalogue } from '../../../tests/factories/catalogue.ts';
import { createUser, uniqueEmail } from '../../../tests/factories/user.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import type { ProgramValues } from '../../../shared/schemas/catalogue-admin.ts';
import { programsCsv } from './csv-import.ts';

const t = useTestApp();

/** Issue 11 item 2: 20,000 programs in one import, dry run then apply, on either database. */
it('imports a generated 20,000-program CSV in one go: dry run, then apply, then the same file changes nothing', async () => {
  const { cookie } = await createUser(t.app, {
    role: 'catalogue_editor',
    email: uniqueEmail('editor'),
  });
  const generated = generateCatalogue(150, 20_000);
  await t.app.db.insert(universities).values(generated.universities);
  const csv = programsCsv(generated.programs.map((p) => ({ ...p, active: true }) as ProgramValues));
  expect(csv.length).toBeGreaterThan(1_000_000);

  const send = (apply: boolean) =>
    t.app.inject({
      method: 'POST',
      url: `/api/staff/catalogue/import${apply ? '?apply=1' : ''}`,
      headers: { origin: t.app.config.publicUrl, cookie, 'content-type': 'text/csv' },
      payload: csv,
    });

  const baseline = (await t.app.inject({ url: '/api/programs/search' })).json().total as number;
  let started = performance.now();
  const dry = await send(false);
  const dryMs = performance.now() - started;
  expect(dry.statusCode, dry.body.slice(0, 500)).toBe(200);
  expect(dry.json()).toMatchObject({
    applied: false,
    rows: 20_000,
    creates: 20_000,
    updates: 0,
    errors: [],
  });
  const [before] = await t.app.db
    .select({ n: count() })
    .from(programs)
    .where(like(programs.id, 'generated-program-%'));
  expect(before?.n).toBe(0);

  started = performance.now();
  const applied = await send(true);
  const applyMs = performance.now() - started;
  expect(applied.statusCode, applied.body.slice(0, 500)).toBe(200);
  expect(applied.json()).toMatchObject({ applied: true, creates: 20_000, errors: [] });

  const search = await t.app.inject({ url: '/api/programs/search?q=northgate' });
  expect(search.json().total).toBe(4_000);
  expect((await t.app.inject({ url: '/api/programs/search' })).json().total).toBe(
    baseline + 20_000,
  );
  const [audited] = await t.app.db
    .select({ n: count() })
    .from(auditLog)
    .where(like(auditLog.subjectId, 'generated-program-%'));
  expect(audited?.n).toBe(20_000);

  started = performance.now();
  const again = await send(true);
  const againMs = performance.now() - started;
  expect(again.json()).toMatchObject({ applied: true, creates: 0, updates: 0, unchanged: 20_000 });

  // the figures for the report: printed, not asserted (the machine is shared)
  process.stdout.write(
    `20,000-program import on ${t.config.database.kind}: dry run ${Math.round(dryMs)} ms, apply ${Math.round(applyMs)} ms, same file again ${Math.round(againMs)} ms\n`,
  );
}, 240_000);
