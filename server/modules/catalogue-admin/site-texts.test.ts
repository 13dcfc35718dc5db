import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { locales } from '../../../shared/locales.ts';
import type { StaffSiteTexts } from '../../../shared/schemas/site-texts.ts';
import { readCatalogueFiles } from '../../db/catalogue-files.ts';
import { auditLog } from '../../db/schema/index.ts';
import { seedCatalogue } from '../../db/seed-catalogue.ts';
import { createUser, uniqueEmail } from '../../../tests/factories/user.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';

const t = useTestApp();
let editor = '';
let admin = '';

beforeAll(async () => {
  editor = (await createUser(t.app, { role: 'catalogue_editor', email: uniqueEmail('editor') }))
    .cookie;
  admin = (await createUser(t.app, { role: 'admin', email: uniqueEmail('admin') })).cookie;
});

const inAll = (text: string) =>
  Object.fromEntries(locales.map((l) => [l, `${text} (${l})`])) as Record<string, string>;

function call(method: 'GET' | 'POST', url: string, cookie: string | null, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { origin: t.app.config.publicUrl, ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as string }),
  });
}

const siteTexts = async (cookie = editor) =>
  (await call('GET', '/api/staff/catalogue/site-texts', cookie)).json<StaffSiteTexts>();

describe('the site texts in the console (issue 26 §3)', () => {
  it('starts from config/site.json and the catalogue files, each text in six languages', async () => {
    const texts = await siteTexts();
    expect(texts.latestUpdates.map((u) => u.key)).toEqual(
      t.app.site.latestUpdates.map((u) => u.key),
    );
    expect(texts.latestUpdates[0]).toMatchObject({
      title: t.app.site.latestUpdates[0]!.title,
      summary: t.app.site.latestUpdates[0]!.summary,
      version: 1,
    });
    expect(texts.consultants.length).toBeGreaterThan(0);
    for (const c of texts.consultants) {
      expect(Object.keys(c.role).sort()).toEqual([...locales].sort());
      expect(Object.keys(c.nationality).sort()).toEqual([...locales].sort());
    }
  });

  it('an edited Latest Update is what the home page gets, in each language, and is audited', async () => {
    const [visa] = (await siteTexts()).latestUpdates;
    const title = inAll('Graduate route: what changes in 2027');
    const saved = await call('POST', '/api/staff/catalogue/latest-updates/visa', editor, {
      version: visa!.version,
      title,
      summary: visa!.summary,
      url: 'https://www.gov.uk/graduate-visa',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.headers['cache-control']).toBe('no-store');
    expect(saved.json()).toMatchObject({ key: 'visa', title, version: visa!.version + 1 });

    const site = (await call('GET', '/api/site', null)).json();
    expect(site.latestUpdates[0]).toEqual({
      key: 'visa',
      title,
      summary: visa!.summary,
      url: 'https://www.gov.uk/graduate-visa',
    });
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'catalogue.latest_update_updated'), eq(auditLog.subjectId, 'visa')),
      );
    expect(entry?.details).toMatchObject({ after: { title } });
  });

  it('a consultant’s role and nationality edited in the console reach /free and survive a restart’s seeding', async () => {
    const [first] = (await siteTexts()).consultants;
    const role = inAll('Senior admissions adviser');
    const saved = await call('POST', `/api/staff/catalogue/consultants/${first!.id}`, admin, {
      version: first!.version,
      role,
      nationality: first!.nationality,
    });
    expect(saved.statusCode).toBe(200);
    const people = (await call('GET', '/api/consultants', null)).json();
    expect(people.find((p: { id: string }) => p.id === first!.id).role).toEqual(role);

    // the files seed consultants on every start: an edited one keeps the console's texts
    await seedCatalogue(t.app.db, await readCatalogueFiles(t.app.config.catalogueDir));
    const after = (await siteTexts()).consultants.find((c) => c.id === first!.id);
    expect(after?.role).toEqual(role);
  });

  it('a save based on an older version is 409 with the text as it is now, and overwrites nothing', async () => {
    const [, accommodation] = (await siteTexts()).latestUpdates;
    const body = (title: string, version: number) => ({
      version,
      title: inAll(title),
      summary: accommodation!.summary,
      url: accommodation!.url,
    });
    const first = await call(
      'POST',
      '/api/staff/catalogue/latest-updates/accommodation',
      editor,
      body('Halls open for January starters', accommodation!.version),
    );
    expect(first.statusCode).toBe(200);
    const late = await call(
      'POST',
      '/api/staff/catalogue/latest-updates/accommodation',
      admin,
      body('Private halls: what to check', accommodation!.version),
    );
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatchObject({
      code: 'CATALOGUE_CHANGED_MEANWHILE',
      current: { title: inAll('Halls open for January starters') },
    });
    const now = (await siteTexts()).latestUpdates[1];
    expect(now?.title).toEqual(inAll('Halls open for January starters'));
  });

  it('refuses a missing language, a long or bidi-reordered text, a plain-http link, an unknown key or id and hostile bodies with 4xx, changing nothing', async () => {
    const before = await siteTexts();
    const [visa] = before.latestUpdates;
    const [person] = before.consultants;
    const { ar: _ar, ...noArabic } = inAll('Title');
    const good = {
      version: visa!.version,
      title: visa!.title,
      summary: visa!.summary,
      url: visa!.url,
    };
    const refused: [string, unknown, number][] = [
      ['/api/staff/catalogue/latest-updates/visa', { ...good, title: noArabic }, 400],
      ['/api/staff/catalogue/latest-updates/visa', { ...good, title: inAll('x'.repeat(121)) }, 400],
      [
        '/api/staff/catalogue/latest-updates/visa',
        { ...good, title: { ...visa!.title, ar: 'abc\u202Edef' } },
        400,
      ],
      ['/api/staff/catalogue/latest-updates/visa', { ...good, url: 'http://example.com' }, 400],
      [
        '/api/staff/catalogue/latest-updates/visa',
        { ...good, title: { ...visa!.title, en: 'a\u0000b' } },
        400,
      ],
      ['/api/staff/catalogue/latest-updates/visa', { ...good, version: 'one' }, 400],
      ['/api/staff/catalogue/latest-updates/visa', { ...good, extra: true }, 400],
      ['/api/staff/catalogue/latest-updates/visa', [good], 400],
      ['/api/staff/catalogue/latest-updates/visa', 'not json', 400],
      ['/api/staff/catalogue/latest-updates/weather', good, 400],
      [
        `/api/staff/catalogue/consultants/${person!.id}`,
        { version: person!.version, role: 'Adviser', nationality: person!.nationality },
        400,
      ],
      [
        '/api/staff/catalogue/consultants/nobody-here',
        { version: 1, role: person!.role, nationality: person!.nationality },
        404,
      ],
      [
        `/api/staff/catalogue/consultants/${person!.id}`,
        { version: person!.version, role: { en: { en: { en: {} } } }, nationality: 7 },
        400,
      ],
    ];
    for (const [url, payload, status] of refused) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: {
          origin: t.app.config.publicUrl,
          cookie: editor,
          'content-type': 'application/json',
        },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
      expect(res.statusCode, `${url} ${JSON.stringify(payload).slice(0, 80)}`).toBe(status);
    }
    expect(await siteTexts()).toEqual(before);
  });

  it('is for admins and catalogue editors only', async () => {
    const consultant = (await createUser(t.app, { role: 'consultant', email: uniqueEmail('c') }))
      .cookie;
    const applicant = (await createUser(t.app)).cookie;
    expect((await call('GET', '/api/staff/catalogue/site-texts', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/staff/catalogue/site-texts', applicant)).statusCode).toBe(403);
    expect((await call('GET', '/api/staff/catalogue/site-texts', consultant)).statusCode).toBe(403);
    const [visa] = (await siteTexts()).latestUpdates;
    const attempt = await call('POST', '/api/staff/catalogue/latest-updates/visa', consultant, {
      ...visa,
      title: inAll('Not mine to change'),
    });
    expect(attempt.statusCode).toBe(403);
    expect((await siteTexts()).latestUpdates[0]?.title).toEqual(visa!.title);
  });
});
