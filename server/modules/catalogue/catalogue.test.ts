import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { programs, universities } from '../../db/schema/index.ts';
import { readCatalogueFiles } from '../../db/catalogue-files.ts';
import { seedCatalogue } from '../../db/seed-catalogue.ts';
import { notifyCatalogueChanged } from './catalogue-store.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import type { Program, University } from '../../../shared/schemas/catalogue.ts';

const ctx = useTestApp();

async function get<T>(url: string) {
  const res = await ctx.app.inject({ method: 'GET', url });
  return { res, body: res.json() as T };
}

describe('GET /api/universities', () => {
  it('lists about 27 universities by ranking, each with a location and a logo the portal serves', async () => {
    const { res, body } = await get<University[]>('/api/universities');
    expect(res.statusCode).toBe(200);
    expect(body.length).toBeGreaterThanOrEqual(25);
    expect(body.length).toBeLessThanOrEqual(30);
    expect(body.map((u) => u.ranking)).toEqual(
      [...body.map((u) => u.ranking)].sort((a, b) => a - b),
    );
    for (const u of body) {
      expect(u.ranking).toBeGreaterThanOrEqual(1);
      expect(u.ranking).toBeLessThanOrEqual(126);
      expect(u.location).not.toBe('');
      const logo = await ctx.app.inject({ method: 'GET', url: u.logoUrl });
      expect(logo.statusCode).toBe(200);
      expect(logo.headers['content-type']).toContain('image/svg+xml');
    }
  });

  it('filters by name or location, ignoring case', async () => {
    const byCity = (await get<University[]>('/api/universities?q=gLaSgOw')).body;
    expect(byCity.length).toBeGreaterThan(0);
    expect(byCity.every((u) => /glasgow/i.test(u.name) || /glasgow/i.test(u.location))).toBe(true);
    const byName = (await get<University[]>('/api/universities?q=imperial')).body;
    expect(byName.map((u) => u.name)).toEqual(['Imperial College London']);
  });

  it('finds a city written in the site’s other languages, accents and case ignored (issue 26 §4)', async () => {
    const names = async (q: string) =>
      (await get<University[]>(`/api/universities?q=${encodeURIComponent(q)}`)).body.map(
        (u) => u.name,
      );
    for (const q of ['曼彻斯特', 'مانشستر', 'مانچسٹر', 'मैनचेस्टर', 'MANCHESTER'])
      expect(await names(q), q).toContain('University of Manchester');
    expect(await names('曼彻斯特')).not.toContain('University of Oxford');
    for (const q of ['Édimbourg', 'edimbourg', 'إدنبرة', 'ادنبرة'])
      expect(await names(q), q).toContain('University of Edinburgh');
    expect(await names('伦敦')).toContain('Imperial College London');
    expect(await names('Glasgów')).toContain('University of Glasgow');
  });

  it('finds a university by its own name in each of the site’s languages, accents and case ignored (issue 26 §4)', async () => {
    const names = async (q: string) =>
      (await get<University[]>(`/api/universities?q=${encodeURIComponent(q)}`)).body.map(
        (u) => u.name,
      );
    for (const q of [
      '曼彻斯特大学',
      'جامعة مانشستر',
      'مانچسٹر یونیورسٹی',
      'मैनचेस्टर विश्वविद्यालय',
      'université de manchester',
      'UNIVERSITE DE MANCHESTER',
    ])
      expect(await names(q), q).toEqual(['University of Manchester']);
    expect(await names('帝国理工')).toEqual(['Imperial College London']);
    expect(await names('كلية لندن الجامعية')).toEqual(['University College London (UCL)']);
    const programs = async (q: string) =>
      (
        await get<{ programs: { universityName: string }[] }>(
          `/api/programs/search?q=${encodeURIComponent(q)}`,
        )
      ).body.programs.map((p) => p.universityName);
    for (const q of ['曼彻斯特大学', 'جامعة مانشستر', 'Université de Manchester', 'مانشستر'])
      expect(await programs(q), q).toEqual(['University of Manchester']);
  });

  it('treats % and _ as plain characters', async () => {
    expect((await get<University[]>('/api/universities?q=%25')).body).toEqual([]);
    expect((await get<University[]>('/api/universities?q=_')).body).toEqual([]);
  });

  it('refuses an over-long search and unknown parameters, naming the field', async () => {
    const long = await get<{ error: { code: string; fields: Record<string, string> } }>(
      `/api/universities?q=${'a'.repeat(101)}`,
    );
    expect(long.res.statusCode).toBe(400);
    expect(long.body.error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(long.body.error.fields)).toEqual(['q']);
    const unknown = await get<{ error: { fields: Record<string, string> } }>(
      '/api/universities?sort=name',
    );
    expect(unknown.res.statusCode).toBe(400);
    expect(unknown.body.error.fields).toHaveProperty('sort');
  });

  it('answers with a cacheable response and 304 when unchanged', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/api/universities' });
    expect(first.headers['cache-control']).toContain('max-age');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const second = await ctx.app.inject({
      method: 'GET',
      url: '/api/universities',
      headers: { 'if-none-match': etag },
    });
    expect(second.statusCode).toBe(304);
  });
});

describe('GET /api/universities/:id', () => {
  it('returns one university, and a JSON 404 for an unknown id', async () => {
    const list = (await get<University[]>('/api/universities')).body;
    const one = await get<University>(`/api/universities/${list[0]!.id}`);
    expect(one.body).toEqual(list[0]);
    const missing = await get<{ error: { code: string } }>('/api/universities/no-such-university');
    expect(missing.res.statusCode).toBe(404);
    expect(missing.body.error.code).toBe('UNIVERSITY_NOT_FOUND');
    const bad = await get<{ error: { code: string } }>('/api/universities/Not%20An%20Id');
    expect(bad.res.statusCode).toBe(400);
  });
});

describe('GET /api/programs', () => {
  it('lists the 10 programs with the spec displays, each read from a structured fact', async () => {
    const { body } = await get<Program[]>('/api/programs');
    expect(body).toHaveLength(10);
    for (const p of body) {
      expect(['Bachelors', 'Masters']).toContain(p.level);
      expect(p.intake).toBe('September');
      expect(p.intakes).toEqual([{ month: 'September', deadline: null }]);
      expect(['Engineering', 'Business', 'IT', 'Cybersecurity', 'Tourism']).toContain(p.category);
      expect(p.categories[0]).toBe(p.category);
      const pounds = Number(/^£(\d{2}),(\d{3}) per year$/.exec(p.tuition)!.slice(1).join(''));
      expect(pounds).toBe(p.tuitionGbp);
      expect(pounds).toBeGreaterThanOrEqual(34_000);
      expect(pounds).toBeLessThanOrEqual(45_000);
      expect(p.feeYear).toMatch(/^\d{4}\/\d{2}$/);
      expect(p.requirements).toContain(`IELTS ${p.ieltsOverall.toFixed(1)} overall`);
      expect(p.ieltsMinComponent).toBeLessThanOrEqual(p.ieltsOverall);
      expect(p.duration).toBe(
        `${p.durationMonths / 12} year${p.durationMonths === 12 ? '' : 's'} full-time`,
      );
      expect(p.academicLevel).not.toBe('');
      expect(p.url).toMatch(/^https:\/\//);
      expect(p.universityName).not.toBe('');
      expect(p.region).not.toBe('');
    }
    const masters = body.filter((p) => p.level === 'Masters');
    expect(masters.every((p) => ['First', '2:1', '2:2'].includes(p.academicLevel))).toBe(true);
  });

  it('links a course page only where one is known, and the university website otherwise', async () => {
    const { body } = await get<Program[]>('/api/programs');
    const universities = (await get<University[]>('/api/universities')).body;
    for (const p of body) {
      const website = universities.find((u) => u.id === p.universityId)!.website;
      if (p.urlIsCoursePage) expect(p.url).not.toBe(website);
      else expect(p.url).toBe(website);
    }
    expect(
      body
        .filter((p) => p.urlIsCoursePage)
        .map((p) => p.id)
        .sort(),
    ).toEqual([
      'ba-hospitality-and-tourism-management-strathclyde',
      'bsc-management-science-ucl',
      'msc-cyber-security-kings-college-london',
    ]);
  });

  it('filters by level, intake, category, name and repeated universityId', async () => {
    const all = (await get<Program[]>('/api/programs')).body;
    const masters = (await get<Program[]>('/api/programs?level=Masters')).body;
    expect(masters.length).toBe(all.filter((p) => p.level === 'Masters').length);
    expect(masters.every((p) => p.level === 'Masters')).toBe(true);

    const it = (await get<Program[]>('/api/programs?category=IT&intake=September')).body;
    expect(it.map((p) => p.id).sort()).toEqual(
      all
        .filter((p) => p.categories.includes('IT'))
        .map((p) => p.id)
        .sort(),
    );
    expect((await get<Program[]>('/api/programs?intake=January')).body).toEqual([]);
    expect((await get<Program[]>('/api/programs?category=Medicine')).body).toEqual([]);

    const byName = (await get<Program[]>('/api/programs?q=CYBER')).body;
    expect(byName.every((p) => /cyber/i.test(p.name))).toBe(true);

    const [a, b] = [...new Set(all.map((p) => p.universityId))];
    const two = (await get<Program[]>(`/api/programs?universityId=${a}&universityId=${b}`)).body;
    expect(new Set(two.map((p) => p.universityId))).toEqual(new Set([a, b]));
    expect(two.length).toBe(all.filter((p) => p.universityId === a || p.universityId === b).length);
  });

  it('answers 400 naming the field for a bad level, category or intake', async () => {
    for (const [query, field] of [
      ['level=PhD', 'level'],
      ['category=%3Cscript%3E', 'category'],
      ['intake=Smarch', 'intake'],
      ['universityId=NOT%20VALID', 'universityId.0'],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/programs?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().error.fields), query).toEqual([field]);
    }
  });

  it('gives one program by id, and a JSON 404 for an unknown one', async () => {
    const one = await get<Program>('/api/programs/msc-cyber-security-kings-college-london');
    expect(one.body.name).toBe('MSc Cyber Security');
    expect(one.body.universityName).toBe("King's College London");
    const missing = await get<{ error: { code: string } }>('/api/programs/no-such-program');
    expect(missing.res.statusCode).toBe(404);
    expect(missing.body.error.code).toBe('PROGRAM_NOT_FOUND');
  });
});

describe('universities carry their region, website and number of programs', () => {
  it('counts the active programs of each university', async () => {
    const universities = (await get<University[]>('/api/universities')).body;
    const programs = (await get<Program[]>('/api/programs')).body;
    for (const u of universities) {
      expect(u.programCount, u.id).toBe(programs.filter((p) => p.universityId === u.id).length);
      expect(u.website).toMatch(/^https:\/\/www\.[a-z-]+\.ac\.uk\/$/);
      expect(u.region).not.toBe('');
    }
    expect(universities.find((u) => u.id === 'imperial-college-london')!.programCount).toBe(2);
    expect(universities.find((u) => u.id === 'university-of-oxford')!.programCount).toBe(0);
  });
});

describe('GET /api/consultants and /api/site', () => {
  it('lists 4 consultants with photos served by the portal', async () => {
    const { body } =
      await get<{ name: string; role: string; nationality: string; imageUrl: string }[]>(
        '/api/consultants',
      );
    expect(body).toHaveLength(4);
    for (const c of body) {
      expect(c.name && c.role && c.nationality).toBeTruthy();
      expect((await ctx.app.inject({ method: 'GET', url: c.imageUrl })).statusCode).toBe(200);
    }
    // Each with their own WhatsApp number and video room, from the data.
    const contacts = body as unknown as {
      whatsappNumber: string | null;
      meetingRoom: string | null;
    }[];
    expect(new Set(contacts.map((c) => c.whatsappNumber)).size).toBe(4);
    expect(contacts.every((c) => /^\+44\d{10}$/.test(c.whatsappNumber ?? ''))).toBe(true);
    expect(new Set(contacts.map((c) => c.meetingRoom)).size).toBe(4);
  });

  it('serves the site configuration with a UK WhatsApp number and three updates', async () => {
    const { body } = await get<{ whatsappNumber: string; latestUpdates: unknown[] }>('/api/site');
    expect(body.whatsappNumber).toMatch(/^\+44/);
    expect(body.latestUpdates).toHaveLength(3);
    // The team's notice address is configuration for the server only.
    expect(body).not.toHaveProperty('teamNoticesTo');
  });
});

describe('catalogue loading (D11: the files seed the first start only)', () => {
  it('adds no rows and changes nothing when the files are loaded again', async () => {
    const files = await readCatalogueFiles(ctx.config.catalogueDir);
    const before = await ctx.app.db.select({ n: count() }).from(universities);
    expect(await seedCatalogue(ctx.app.db, files)).toEqual({ seeded: false });
    const after = await ctx.app.db.select({ n: count() }).from(universities);
    expect(after[0]!.n).toBe(before[0]!.n);
    expect(after[0]!.n).toBe(files.universities.length);
  });

  it('keeps what the team changed in the database when the server starts again with other files', async () => {
    const files = await readCatalogueFiles(ctx.config.catalogueDir);
    const id = 'msc-management-lse';
    await ctx.app.db.update(programs).set({ tuitionGbp: 41_000 }).where(eq(programs.id, id));
    await seedCatalogue(ctx.app.db, {
      ...files,
      universities: files.universities.slice(1),
      programs: files.programs.map((p) => (p.id === id ? { ...p, tuitionGbp: 12_345 } : p)),
    });
    await ctx.app.catalogue.reload();
    const one = await get<Program>(`/api/programs/${id}`);
    expect(one.body.tuition).toBe('£41,000 per year');
    expect(
      (await get<University>(`/api/universities/${files.universities[0]!.id}`)).res.statusCode,
    ).toBe(200);
    await ctx.app.db.update(programs).set({ tuitionGbp: 39_500 }).where(eq(programs.id, id));
    await ctx.app.catalogue.reload();
  });

  it('shows a change to the catalogue as soon as a writer announces it on the change channel', async () => {
    const id = 'bsc-computer-science-durham';
    await ctx.app.db.transaction(async (tx) => {
      await tx.update(programs).set({ tuitionGbp: 37_250 }).where(eq(programs.id, id));
      await notifyCatalogueChanged(tx as unknown as typeof ctx.app.db);
    });
    await expect
      .poll(async () => (await get<Program>(`/api/programs/${id}`)).body.tuition)
      .toBe('£37,250 per year');
    await ctx.app.db.update(programs).set({ tuitionGbp: 36_500 }).where(eq(programs.id, id));
    await ctx.app.catalogue.reload();
  });
});
