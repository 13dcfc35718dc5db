import { and, eq } from 'drizzle-orm';
import { crc32 } from 'node:zlib';
import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { createUser, uniqueEmail } from '../../../tests/factories/user.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import type { ProgramInput } from '../../../shared/schemas/catalogue-admin.ts';
import { templateExample } from './csv-import.ts';

const t = useTestApp();
const cookies: Record<'applicant' | 'consultant' | 'catalogue_editor' | 'admin', string> = {
  applicant: '',
  consultant: '',
  catalogue_editor: '',
  admin: '',
};

beforeAll(async () => {
  for (const role of Object.keys(cookies) as (keyof typeof cookies)[]) {
    cookies[role] = (
      await createUser(t.app, { role, email: uniqueEmail(role), name: `Test ${role}` })
    ).cookie;
  }
});

function call(
  method: 'GET' | 'POST',
  url: string,
  cookie: string | null,
  body?: unknown,
  contentType?: string,
) {
  return t.app.inject({
    method,
    url,
    headers: {
      origin: t.app.config.publicUrl,
      ...(cookie ? { cookie } : {}),
      ...(contentType ? { 'content-type': contentType } : {}),
    },
    ...(body === undefined ? {} : { payload: body as string }),
  });
}

const universityBody = (id: string) => ({
  id,
  name: `University of ${id}`,
  location: 'York',
  region: 'Yorkshire and the Humber',
  website: 'https://www.york.example.ac.uk/',
  ranking: '42',
});

const programBody = (
  id: string,
  universityId: string,
  overrides: Partial<ProgramInput> = {},
): ProgramInput => ({
  ...templateExample,
  id,
  universityId,
  name: `MSc Console ${id}`,
  ...overrides,
});

function png(width: number, height: number, extra = Buffer.alloc(0)): Buffer {
  const image = new PNG({ width, height });
  image.data.fill(200);
  const bytes = PNG.sync.write(image);
  // a text chunk with markup would survive a copy; re-encoding keeps only the pixels
  const iend = bytes.length - 12;
  const text = Buffer.from('Comment\0<script>alert(1)</script>');
  const chunk = Buffer.alloc(12 + text.length);
  chunk.writeUInt32BE(text.length, 0);
  chunk.write('tEXt', 4);
  text.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + text.length)), 8 + text.length);
  return Buffer.concat([bytes.subarray(0, iend), chunk, bytes.subarray(iend), extra]);
}

describe('catalogue console: who may write', () => {
  const writes = [
    ['POST', '/api/staff/catalogue/universities', universityBody('perm-university')],
    ['POST', '/api/staff/catalogue/universities/university-of-leeds', { version: 1, ranking: 80 }],
    ['POST', '/api/staff/catalogue/programs', programBody('perm-program', 'university-of-leeds')],
    ['POST', '/api/staff/catalogue/programs/perm-program/active', { active: false }],
    [
      'POST',
      '/api/staff/catalogue/cost-figures',
      { kind: 'visa-fee', amountGbp: 600, effectiveFrom: '2030-01-01', source: 'test' },
    ],
    ['POST', '/api/staff/catalogue/import', 'id\n'],
    ['GET', '/api/staff/catalogue/programs', undefined],
    ['GET', '/api/staff/catalogue/programs.csv', undefined],
  ] as const;

  it('answers 401 signed out and 403 to applicants and consultants, on every catalogue route', async () => {
    for (const [method, url, body] of writes) {
      const type = typeof body === 'string' ? 'text/csv' : undefined;
      const payload =
        typeof body === 'string' ? body : body === undefined ? undefined : JSON.stringify(body);
      const json = typeof body === 'object' ? 'application/json' : type;
      expect((await call(method, url, null, payload, json)).statusCode, `${url} signed out`).toBe(
        401,
      );
      for (const role of ['applicant', 'consultant'] as const) {
        const res = await call(method, url, cookies[role], payload, json);
        expect(res.statusCode, `${url} as ${role}`).toBe(403);
      }
    }
  });

  it('lets a catalogue editor edit the catalogue but not the team', async () => {
    const created = await call(
      'POST',
      '/api/staff/catalogue/universities',
      cookies.catalogue_editor,
      universityBody('editor-university'),
    );
    expect(created.statusCode).toBe(201);
    expect((await call('GET', '/api/staff/team', cookies.catalogue_editor)).statusCode).toBe(403);
    expect(
      (await call('GET', '/api/staff/applications', cookies.catalogue_editor)).statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/staff/audit', cookies.catalogue_editor)).statusCode).toBe(403);
  });
});

describe('catalogue console: universities and programs', () => {
  it('adds a university and a program that the public catalogue serves at once, audited with who and what', async () => {
    expect(
      (
        await call(
          'POST',
          '/api/staff/catalogue/universities',
          cookies.admin,
          universityBody('york-console'),
        )
      ).statusCode,
    ).toBe(201);
    const res = await call(
      'POST',
      '/api/staff/catalogue/programs',
      cookies.admin,
      programBody('msc-console-york', 'york-console'),
    );
    expect(res.statusCode, res.body).toBe(201);

    const pub = await t.app.inject({ url: '/api/programs/msc-console-york' });
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toMatchObject({
      name: 'MSc Console msc-console-york',
      universityName: 'University of york-console',
      tuition: '£31,000 per year',
    });

    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'catalogue.program_created'),
          eq(auditLog.subjectId, 'msc-console-york'),
        ),
      );
    expect(entry?.actorId).toBeTruthy();
    expect((entry?.details as { after: { tuitionGbp: number } }).after.tuitionGbp).toBe(31_000);
  });

  it('keeps a university’s names in the other languages, which every search then matches; refuses bad ones by field (issue 26 §4)', async () => {
    const created = await call(
      'POST',
      '/api/staff/catalogue/universities',
      cookies.catalogue_editor,
      {
        ...universityBody('names-console'),
        name: 'Northgate University',
        names: { ar: 'جامعة نورثغيت', 'zh-CN': '' },
      },
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ names: { ar: 'جامعة نورثغيت' } });
    expect(created.json().names).not.toHaveProperty('zh-CN');
    const program = await call(
      'POST',
      '/api/staff/catalogue/programs',
      cookies.catalogue_editor,
      programBody('msc-names-console', 'names-console'),
    );
    expect(program.statusCode, program.body).toBe(201);

    const renamed = await call(
      'POST',
      '/api/staff/catalogue/universities/names-console',
      cookies.catalogue_editor,
      {
        version: 1,
        names: { ar: 'جامعة نورثغيت', 'zh-CN': '诺斯盖特大学', fr: 'Université de Northgate' },
      },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    const listed = await call('GET', '/api/staff/catalogue/universities', cookies.catalogue_editor);
    expect(
      (listed.json() as { universities: { id: string; names: object }[] }).universities.find(
        (u) => u.id === 'names-console',
      )?.names,
    ).toEqual({ ar: 'جامعة نورثغيت', 'zh-CN': '诺斯盖特大学', fr: 'Université de Northgate' });

    const universitiesFound = async (q: string) =>
      (
        (await t.app.inject({ url: `/api/universities?q=${encodeURIComponent(q)}` })).json() as {
          id: string;
        }[]
      ).map((u) => u.id);
    const programsFound = async (q: string) =>
      (
        (await t.app.inject({ url: `/api/programs/search?q=${encodeURIComponent(q)}` })).json() as {
          programs: { id: string }[];
        }
      ).programs.map((p) => p.id);
    for (const q of ['诺斯盖特', 'نورثغيت', 'UNIVERSITE DE NORTHGATE', 'université de northgate']) {
      expect(await universitiesFound(q), q).toContain('names-console');
      expect(await programsFound(q), q).toContain('msc-names-console');
    }

    for (const names of [
      { ar: 'x'.repeat(201) },
      { ar: 'جامعة\u202Eنورثغيت' },
      { de: 'Universität Northgate' },
      { ar: 42 },
    ]) {
      const bad = await call(
        'POST',
        '/api/staff/catalogue/universities/names-console',
        cookies.catalogue_editor,
        { version: 2, names },
      );
      expect(bad.statusCode, JSON.stringify(names)).toBe(400);
    }
    const long = await call(
      'POST',
      '/api/staff/catalogue/universities/names-console',
      cookies.catalogue_editor,
      { version: 2, names: { ar: 'x'.repeat(201) } },
    );
    expect(long.json().error.fields).toEqual({
      'names.ar': 'The Arabic name is at most 200 characters',
    });
  });

  it('edits a program (before and after in the audit log) and deactivates it off the public site', async () => {
    await call(
      'POST',
      '/api/staff/catalogue/programs',
      cookies.admin,
      programBody('msc-edit-me', 'university-of-leeds'),
    );
    const edited = await call(
      'POST',
      '/api/staff/catalogue/programs/msc-edit-me',
      cookies.catalogue_editor,
      { version: 1, ...programBody('msc-edit-me', 'university-of-leeds', { tuitionGbp: '33500' }) },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await t.app.inject({ url: '/api/programs/msc-edit-me' })).json().tuition).toBe(
      '£33,500 per year',
    );
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'catalogue.program_updated'),
          eq(auditLog.subjectId, 'msc-edit-me'),
        ),
      );
    expect(entry?.details).toEqual({
      before: { tuitionGbp: 31_000 },
      after: { tuitionGbp: 33_500 },
    });

    const off = await call(
      'POST',
      '/api/staff/catalogue/programs/msc-edit-me/active',
      cookies.admin,
      { active: false },
    );
    expect(off.json().active).toBe(false);
    expect((await t.app.inject({ url: '/api/programs/msc-edit-me' })).statusCode).toBe(404);
  });

  it('two editors on one entry: a save based on an older version gets 409 with the entry as it is now, and overwrites nothing (issue 25 §2)', async () => {
    await call(
      'POST',
      '/api/staff/catalogue/programs',
      cookies.admin,
      programBody('msc-two-editors', 'university-of-leeds'),
    );
    const seen = (
      await call('GET', '/api/staff/catalogue/programs/msc-two-editors', cookies.admin)
    ).json();
    expect(seen.version).toBe(1);
    const first = await call(
      'POST',
      '/api/staff/catalogue/programs/msc-two-editors',
      cookies.catalogue_editor,
      {
        version: 1,
        ...programBody('msc-two-editors', 'university-of-leeds', { tuitionGbp: '34000' }),
      },
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().version).toBe(2);
    const late = await call(
      'POST',
      '/api/staff/catalogue/programs/msc-two-editors',
      cookies.admin,
      {
        version: 1,
        ...programBody('msc-two-editors', 'university-of-leeds', { durationMonths: '18' }),
      },
    );
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatchObject({
      code: 'CATALOGUE_CHANGED_MEANWHILE',
      current: { id: 'msc-two-editors', version: 2, tuitionGbp: 34_000, durationMonths: 12 },
    });
    const stored = (
      await call('GET', '/api/staff/catalogue/programs/msc-two-editors', cookies.admin)
    ).json();
    expect(stored).toMatchObject({ version: 2, tuitionGbp: 34_000, durationMonths: 12 });
    // switching it off is one field, on the program as it is now: no version asked
    const off = await call(
      'POST',
      '/api/staff/catalogue/programs/msc-two-editors/active',
      cookies.admin,
      { active: false },
    );
    expect(off.json()).toMatchObject({ active: false, version: 3, tuitionGbp: 34_000 });

    const university = (await call('GET', '/api/staff/catalogue/universities', cookies.admin))
      .json()
      .universities.find((u: { id: string }) => u.id === 'university-of-leeds');
    const ranked = await call(
      'POST',
      '/api/staff/catalogue/universities/university-of-leeds',
      cookies.admin,
      { version: university.version, ranking: 81 },
    );
    expect(ranked.json().version).toBe(university.version + 1);
    const staleUniversity = await call(
      'POST',
      '/api/staff/catalogue/universities/university-of-leeds',
      cookies.catalogue_editor,
      { version: university.version, location: 'Bradford' },
    );
    expect(staleUniversity.statusCode).toBe(409);
    expect(staleUniversity.json().error.current).toMatchObject({ ranking: 81, location: 'Leeds' });

    const figure = (await call('GET', '/api/staff/catalogue/cost-figures', cookies.admin)).json()
      .figures[0];
    const { id, version, kind, amountGbp, effectiveFrom, source, sourceUrl } = figure;
    const values = { kind, amountGbp, effectiveFrom, source, sourceUrl };
    expect(
      (
        await call('POST', `/api/staff/catalogue/cost-figures/${id}`, cookies.admin, {
          version,
          ...values,
          amountGbp: amountGbp + 1,
        })
      ).statusCode,
    ).toBe(200);
    const staleFigure = await call(
      'POST',
      `/api/staff/catalogue/cost-figures/${id}`,
      cookies.admin,
      {
        version,
        ...values,
        source: 'an older page',
      },
    );
    expect(staleFigure.statusCode).toBe(409);
    expect(staleFigure.json().error.current).toMatchObject({ amountGbp: amountGbp + 1, source });
    for (const bad of [undefined, 0, 'one', null, 1.5])
      expect(
        (
          await call('POST', `/api/staff/catalogue/cost-figures/${id}`, cookies.admin, {
            version: bad,
            ...values,
          })
        ).statusCode,
      ).toBe(400);
  });

  it('sets the ATAS flag from the form (audited) and from the CSV; the export writes it; anything but yes/no is refused', async () => {
    const made = await call(
      'POST',
      '/api/staff/catalogue/programs',
      cookies.admin,
      programBody('msc-atas-form', 'university-of-leeds'),
    );
    expect(made.json().atasRequired).toBe(false);
    const on = await call(
      'POST',
      '/api/staff/catalogue/programs/msc-atas-form',
      cookies.catalogue_editor,
      {
        version: 1,
        ...programBody('msc-atas-form', 'university-of-leeds', { atasRequired: true }),
      },
    );
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().atasRequired).toBe(true);
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'catalogue.program_updated'),
          eq(auditLog.subjectId, 'msc-atas-form'),
        ),
      );
    expect(entry?.details).toEqual({
      before: { atasRequired: false },
      after: { atasRequired: true },
    });
    const wrong = await call('POST', '/api/staff/catalogue/programs/msc-atas-form', cookies.admin, {
      version: 2,
      ...programBody('msc-atas-form', 'university-of-leeds'),
      atasRequired: 'maybe',
    });
    expect(wrong.statusCode).toBe(400);
    expect(JSON.stringify(wrong.json())).toContain('ATAS needed is yes or no');

    const header = (
      await call('GET', '/api/staff/catalogue/programs-template.csv', cookies.admin)
    ).body.split('\r\n')[0]!;
    expect(header).toContain('last_checked,atas_required,active');
    const exported = (await call('GET', '/api/staff/catalogue/programs.csv', cookies.admin)).body;
    expect(exported.split('\r\n').find((l) => l.startsWith('msc-atas-form,'))).toMatch(/,yes,yes$/);

    const csv = (id: string, atas: string) =>
      `${header}\n${id},university-of-leeds,MSc ${id},Masters,,A 2:1 degree.,25000,2026/27,6.5,6,,2:1,,September,12,Full-time,IT,,,${atas},yes`;
    const applied = (
      await call(
        'POST',
        '/api/staff/catalogue/import?apply=1',
        cookies.admin,
        csv('msc-atas-csv', 'yes'),
        'text/csv',
      )
    ).json();
    expect(applied).toMatchObject({ applied: true, creates: 1, errors: [] });
    expect(
      (await call('GET', '/api/staff/catalogue/programs/msc-atas-csv', cookies.admin)).json()
        .atasRequired,
    ).toBe(true);
    const cleared = (
      await call(
        'POST',
        '/api/staff/catalogue/import?apply=1',
        cookies.admin,
        csv('msc-atas-csv', ''),
        'text/csv',
      )
    ).json();
    expect(cleared.changes).toEqual([
      expect.objectContaining({ id: 'msc-atas-csv', fields: ['atas_required'] }),
    ]);
    expect(
      (await call('GET', '/api/staff/catalogue/programs/msc-atas-csv', cookies.admin)).json()
        .atasRequired,
    ).toBe(false);
    const bad = (
      await call(
        'POST',
        '/api/staff/catalogue/import',
        cookies.admin,
        csv('msc-atas-csv', 'perhaps'),
        'text/csv',
      )
    ).json();
    expect(bad.errors).toEqual([
      { line: 2, id: 'msc-atas-csv', errors: ['atas_required: ATAS needed is yes or no'] },
    ]);
  });

  it('refuses invalid programs field by field, in the form schema words', async () => {
    const res = await call(
      'POST',
      '/api/staff/catalogue/programs',
      cookies.admin,
      programBody('Bad Id', 'no-such-university', {
        tuitionGbp: 'lots',
        ieltsOverall: '6.3',
        intakes: 'Septembre',
        url: 'http://insecure.example',
      }),
    );
    expect(res.statusCode).toBe(400);
    const { fields } = res.json().error as { fields: Record<string, string> };
    expect(fields.id).toMatch(/lower-case/);
    expect(fields.tuitionGbp).toBe('Enter the tuition fee as a whole number');
    expect(fields.ieltsOverall).toMatch(/half band/);
    expect(fields.url).toBe('The course page must be an https:// address');
    expect(fields['intakes.0.month'] ?? fields.intakes).toMatch(/month/);

    const unknownUniversity = await call(
      'POST',
      '/api/staff/catalogue/programs',
      cookies.admin,
      programBody('msc-orphan', 'no-such-university'),
    );
    expect(unknownUniversity.statusCode).toBe(400);
    expect(unknownUniversity.json().error.fields.universityId).toBe(
      'No university with the id no-such-university',
    );
  });

  it('adds a cost figure with its date and source, and programs show it from that date', async () => {
    const res = await call('POST', '/api/staff/catalogue/cost-figures', cookies.catalogue_editor, {
      kind: 'visa-fee',
      amountGbp: '560',
      effectiveFrom: '2026-01-01',
      source: 'gov.uk, Visa fees (test)',
      sourceUrl: 'https://www.gov.uk/government/publications/visa-regulations-revised-table',
    });
    expect(res.statusCode, res.body).toBe(201);
    const program = (
      await t.app.inject({ url: '/api/programs/msc-cyber-security-kings-college-london' })
    ).json();
    const visa = program.costOfStudy.lines.find(
      (l: { label: string }) => l.label === 'Student visa fee',
    );
    expect(visa).toMatchObject({
      amountGbp: 560,
      effectiveFrom: '2026-01-01',
      source: 'gov.uk, Visa fees (test)',
    });
  });
});

describe('catalogue console: logos', () => {
  it('re-encodes a PNG: the served logo has the pixels and nothing else', async () => {
    const upload = png(40, 20, Buffer.from('<html><script>alert(1)</script>'));
    const res = await call(
      'POST',
      '/api/staff/catalogue/universities/university-of-leeds/logo',
      cookies.admin,
      upload,
      'image/png',
    );
    expect(res.statusCode, res.body).toBe(200);
    const { logoUrl } = res.json() as { logoUrl: string };
    expect(logoUrl).toMatch(/^\/api\/catalogue\/logos\/[0-9a-f-]{36}$/);
    const served = await t.app.inject({ url: logoUrl });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.rawPayload.includes(Buffer.from('script'))).toBe(false);
    const decoded = PNG.sync.read(served.rawPayload);
    expect([decoded.width, decoded.height]).toEqual([40, 20]);
    const pub = (await t.app.inject({ url: '/api/universities/university-of-leeds' })).json();
    expect(pub.logoUrl).toBe(logoUrl);
  });

  it('turns a JPEG into a PNG', async () => {
    const raw = { width: 16, height: 16, data: Buffer.alloc(16 * 16 * 4, 128) };
    const res = await call(
      'POST',
      '/api/staff/catalogue/universities/university-of-leeds/logo',
      cookies.admin,
      jpeg.encode(raw, 80).data,
      'image/jpeg',
    );
    expect(res.statusCode, res.body).toBe(200);
    const served = await t.app.inject({ url: res.json().logoUrl });
    expect(PNG.sync.read(served.rawPayload).width).toBe(16);
  });

  it('refuses SVG, anything that is not PNG or JPEG, broken images and oversized ones with a clear 4xx', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const url = '/api/staff/catalogue/universities/university-of-leeds/logo';
    const asSvg = await call('POST', url, cookies.admin, svg, 'image/svg+xml');
    expect(asSvg.statusCode).toBe(415);
    expect(asSvg.json().error.message).toMatch(/PNG or JPEG/);
    expect((await call('POST', url, cookies.admin, Buffer.from(svg), 'image/png')).statusCode).toBe(
      415,
    );
    const broken = Buffer.concat([png(10, 10).subarray(0, 40)]);
    expect((await call('POST', url, cookies.admin, broken, 'image/png')).statusCode).toBe(400);
    const big = await call('POST', url, cookies.admin, png(1300, 10), 'image/png');
    expect(big.statusCode).toBe(400);
    expect(big.json().error.message).toMatch(/at most 1200/);
  });
});

describe('catalogue console: CSV', () => {
  const csvHeader =
    'id,university_id,name,level,description,requirements,tuition_gbp,fee_year,ielts_overall,ielts_min_component,english_equivalents,academic_level,academic_requirement,intakes,duration_months,study_mode,categories,url,last_checked,atas_required,active';
  const row = (
    id: string,
    tuition = '25000',
    extra: Partial<Record<'level' | 'categories' | 'university' | 'atas', string>> = {},
  ) =>
    `${id},${extra.university ?? 'university-of-leeds'},MSc ${id},${extra.level ?? 'Masters'},"Desc, with comma",A 2:1 degree.,${tuition},2026/27,6.5,6,,2:1,,September:2026-06-30; January,12,Full-time,${extra.categories ?? 'IT; Business'},,,${extra.atas ?? ''},yes`;

  it('serves a template whose example row imports cleanly (dry run)', async () => {
    const template = await call(
      'GET',
      '/api/staff/catalogue/programs-template.csv',
      cookies.catalogue_editor,
    );
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-disposition']).toContain('programs-template.csv');
    const dry = await call(
      'POST',
      '/api/staff/catalogue/import',
      cookies.catalogue_editor,
      template.body,
      'text/csv',
    );
    expect(dry.json()).toMatchObject({ applied: false, rows: 1, creates: 1, errors: [] });
  });

  it("dry run lists each row's errors and what will change; apply writes once; the same file again changes nothing", async () => {
    await call(
      'POST',
      '/api/staff/catalogue/programs',
      cookies.admin,
      programBody('csv-existing', 'university-of-leeds', {
        tuitionGbp: 20000,
        categories: ['IT', 'Business'],
        intakes: 'September:2026-06-30; January',
        description: 'Desc, with comma',
        requirements: 'A 2:1 degree.',
        englishEquivalents: '',
        academicRequirement: '',
        url: '',
        lastChecked: '',
        feeYear: '2026/27',
        ieltsMinComponent: 6,
      }),
    );
    const bad = [
      csvHeader,
      row('csv-new-1'),
      row('csv-existing', '21000'),
      row('csv-bad', 'free', { level: 'PhD', categories: 'Astrology', university: 'nowhere' }),
      row('csv-new-1'),
    ].join('\n');
    const dry = (
      await call('POST', '/api/staff/catalogue/import', cookies.admin, bad, 'text/csv')
    ).json();
    expect(dry).toMatchObject({ applied: false, rows: 4, creates: 1, updates: 1 });
    expect(dry.changes).toEqual([
      {
        line: 2,
        id: 'csv-new-1',
        action: 'create',
        fields: expect.arrayContaining(['name', 'tuition_gbp']),
      },
      { line: 3, id: 'csv-existing', action: 'update', fields: ['name', 'tuition_gbp'] },
    ]);
    expect(dry.errors).toEqual([
      {
        line: 4,
        id: 'csv-bad',
        errors: expect.arrayContaining([
          'tuition_gbp: Enter the tuition fee as a whole number',
          expect.stringMatching(/^level: /),
        ]),
      },
      { line: 5, id: 'csv-new-1', errors: ['id: csv-new-1 is also on line 2; each program once'] },
    ]);

    const refused = (
      await call('POST', '/api/staff/catalogue/import?apply=1', cookies.admin, bad, 'text/csv')
    ).json();
    expect(refused.applied).toBe(false);
    expect((await t.app.inject({ url: '/api/programs/csv-new-1' })).statusCode).toBe(404);

    const good = [csvHeader, row('csv-new-1'), row('csv-existing', '21000')].join('\r\n');
    const applied = (
      await call('POST', '/api/staff/catalogue/import?apply=1', cookies.admin, good, 'text/csv')
    ).json();
    expect(applied).toMatchObject({ applied: true, creates: 1, updates: 1, errors: [] });
    expect((await t.app.inject({ url: '/api/programs/csv-new-1' })).json().intake).toBe(
      'September, January',
    );
    expect((await t.app.inject({ url: '/api/programs/csv-existing' })).json().tuition).toBe(
      '£21,000 per year',
    );
    const audited = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, 'csv-existing'));
    expect(audited.map((a) => a.details)).toContainEqual({
      before: { name: 'MSc Console csv-existing', tuitionGbp: 20000 },
      after: { name: 'MSc csv-existing', tuitionGbp: 21000 },
      via: 'csv import',
    });

    const again = (
      await call('POST', '/api/staff/catalogue/import?apply=1', cookies.admin, good, 'text/csv')
    ).json();
    expect(again).toMatchObject({ applied: true, creates: 0, updates: 0, unchanged: 2 });
  });

  it('refuses a file with the wrong columns or broken quotes with a clear 400', async () => {
    const wrong = await call(
      'POST',
      '/api/staff/catalogue/import',
      cookies.admin,
      'id,name\nx,y',
      'text/csv',
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toMatch(/^Missing columns: university_id/);
    const quotes = await call(
      'POST',
      '/api/staff/catalogue/import',
      cookies.admin,
      `${csvHeader}\n"unclosed,`,
      'text/csv',
    );
    expect(quotes.statusCode).toBe(400);
    expect(quotes.json().error.message).toMatch(/not valid CSV/);
  });

  it('exports every program, formulas defused, and the export imports back unchanged', async () => {
    await call(
      'POST',
      '/api/staff/catalogue/programs',
      cookies.admin,
      programBody('csv-formula', 'university-of-leeds', {
        description: '=HYPERLINK("http://evil")',
      }),
    );
    const exported = await call(
      'GET',
      '/api/staff/catalogue/programs.csv',
      cookies.catalogue_editor,
    );
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['cache-control']).toBe('no-store');
    expect(exported.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    const back = (
      await call('POST', '/api/staff/catalogue/import', cookies.admin, exported.body, 'text/csv')
    ).json();
    expect(back.errors).toEqual([]);
    expect(back.creates + back.updates).toBe(0);
    expect(back.unchanged).toBe(back.rows);
  });
});

describe('catalogue console: subject categories', () => {
  const list = async (cookie = cookies.catalogue_editor) =>
    (await call('GET', '/api/staff/catalogue/categories', cookie)).json<{
      categories: { name: string; active: boolean; programCount: number }[];
    }>().categories;
  const publicList = async () =>
    (await t.app.inject({ url: '/api/catalogue/categories' })).json<{ categories: string[] }>()
      .categories;
  const audited = (action: string, subjectId: string) =>
    t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, subjectId)));

  it("starts from the spec's five; only admins and catalogue editors manage them", async () => {
    expect((await publicList()).slice(0, 5)).toEqual(
      expect.arrayContaining(['Engineering', 'Business', 'IT', 'Cybersecurity', 'Tourism']),
    );
    expect(
      (await call('GET', '/api/staff/catalogue/categories', cookies.consultant)).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/api/staff/catalogue/categories', cookies.consultant, { name: 'Law' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/api/staff/catalogue/categories', null, { name: 'Law' })).statusCode,
    ).toBe(401);
    expect(
      (
        await call('POST', '/api/staff/catalogue/categories/IT', cookies.applicant, {
          active: false,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('adds, renames (programs follow) and deactivates a category, each audited and public at once', async () => {
    const added = await call('POST', '/api/staff/catalogue/categories', cookies.catalogue_editor, {
      name: '  Marine   Biology ',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.headers['cache-control']).toBe('no-store');
    expect(await publicList()).toContain('Marine Biology');
    expect(await audited('catalogue.category_added', 'Marine Biology')).toHaveLength(1);
    const again = await call('POST', '/api/staff/catalogue/categories', cookies.admin, {
      name: 'marine biology',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toContain(
      'There is already a category called Marine Biology',
    );
    expect(
      (await call('POST', '/api/staff/catalogue/categories', cookies.admin, { name: '<b>' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/api/staff/catalogue/categories', cookies.admin, { name: '' }))
        .statusCode,
    ).toBe(400);

    const made = await call(
      'POST',
      '/api/staff/catalogue/programs',
      cookies.admin,
      programBody('msc-marine-leeds', 'university-of-leeds', {
        categories: ['Marine Biology', 'IT'],
      }),
    );
    expect(made.statusCode, made.body).toBe(201);
    expect((await list()).find((c) => c.name === 'Marine Biology')).toEqual({
      name: 'Marine Biology',
      active: true,
      programCount: 1,
    });

    const renamed = await call(
      'POST',
      '/api/staff/catalogue/categories/Marine%20Biology',
      cookies.catalogue_editor,
      { name: 'Marine Science' },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(
      (await call('GET', '/api/staff/catalogue/programs/msc-marine-leeds', cookies.admin)).json()
        .categories,
    ).toEqual(['Marine Science', 'IT']);
    expect((await t.app.inject({ url: '/api/programs/msc-marine-leeds' })).json().category).toBe(
      'Marine Science',
    );
    const filtered = (
      await t.app.inject({ url: '/api/programs/search?category=Marine%20Science' })
    ).json<{ programs: { id: string }[] }>();
    expect(filtered.programs.map((p) => p.id)).toEqual(['msc-marine-leeds']);
    expect(await publicList()).toContain('Marine Science');
    expect(await publicList()).not.toContain('Marine Biology');
    const [rename] = await audited('catalogue.category_renamed', 'Marine Science');
    expect(rename?.details).toEqual({
      before: { name: 'Marine Biology' },
      after: { name: 'Marine Science' },
      programs: 1,
    });
    const clash = await call(
      'POST',
      '/api/staff/catalogue/categories/Marine%20Science',
      cookies.admin,
      { name: 'it' },
    );
    expect(clash.statusCode).toBe(400);
    // a hostile new name is refused with a 400 naming the field, and nothing changes
    for (const name of ['', '   ', 'x'.repeat(10_000), ['Law'], 42, null]) {
      const bad = await call(
        'POST',
        '/api/staff/catalogue/categories/Marine%20Science',
        cookies.admin,
        { name },
      );
      expect(bad.statusCode, JSON.stringify(name)).toBe(400);
      expect(bad.json().error.fields.name, JSON.stringify(name)).toBeTruthy();
    }
    const nul = await call(
      'POST',
      '/api/staff/catalogue/categories/Marine%20Science',
      cookies.admin,
      { name: 'Marine\u0000Biology' },
    );
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.message).toMatch(/character/);
    expect((await list()).filter((c) => /marine/i.test(c.name)).map((c) => c.name)).toEqual([
      'Marine Science',
    ]);
    expect(
      (
        await call('POST', '/api/staff/catalogue/categories/Nothing%20Here', cookies.admin, {
          active: false,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/api/staff/catalogue/categories/Marine%20Science', cookies.admin, {}))
        .statusCode,
    ).toBe(400);

    const off = await call(
      'POST',
      '/api/staff/catalogue/categories/Marine%20Science',
      cookies.admin,
      { active: false },
    );
    expect(off.statusCode, off.body).toBe(200);
    expect(await publicList()).not.toContain('Marine Science');
    expect((await list()).find((c) => c.name === 'Marine Science')).toEqual({
      name: 'Marine Science',
      active: false,
      programCount: 1,
    });
    expect(await audited('catalogue.category_deactivated', 'Marine Science')).toHaveLength(1);
    // a program cannot be given an inactive category; the one that has it keeps it
    const refused = await call(
      'POST',
      '/api/staff/catalogue/programs',
      cookies.admin,
      programBody('msc-marine-two', 'university-of-leeds', { categories: ['Marine Science'] }),
    );
    expect(refused.statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/programs/msc-marine-leeds' })).json().category).toBe(
      'Marine Science',
    );

    expect(
      (
        await call('POST', '/api/staff/catalogue/categories/Marine%20Science', cookies.admin, {
          active: true,
        })
      ).statusCode,
    ).toBe(200);
    expect(await publicList()).toContain('Marine Science');
    await call('POST', '/api/staff/catalogue/programs/msc-marine-leeds/active', cookies.admin, {
      active: false,
    });
  });
});
