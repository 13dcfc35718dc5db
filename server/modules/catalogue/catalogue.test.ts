import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { universities } from '../../db/schema/index.ts';
import { readCatalogueFiles } from '../../db/catalogue-files.ts';
import { seedCatalogue } from '../../db/seed-catalogue.ts';
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
    expect(body.map((u) => u.ranking)).toEqual([...body.map((u) => u.ranking)].sort((a, b) => a - b));
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
    const unknown = await get<{ error: { fields: Record<string, string> } }>('/api/universities?sort=name');
    expect(unknown.res.statusCode).toBe(400);
    expect(unknown.body.error.fields).toHaveProperty('sort');
  });

  it('answers with a cacheable response and 304 when unchanged', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/api/universities' });
    expect(first.headers['cache-control']).toContain('max-age');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const second = await ctx.app.inject({ method: 'GET', url: '/api/universities', headers: { 'if-none-match': etag } });
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
  it('lists the 10 programs with the spec fields', async () => {
    const { body } = await get<Program[]>('/api/programs');
    expect(body).toHaveLength(10);
    for (const p of body) {
      expect(['Bachelors', 'Masters']).toContain(p.level);
      expect(p.intake).toBe('September');
      expect(['Engineering', 'Business', 'IT', 'Cybersecurity', 'Tourism']).toContain(p.category);
      const pounds = Number(/^£(\d{2}),(\d{3}) per year$/.exec(p.tuition)!.slice(1).join(''));
      expect(pounds).toBeGreaterThanOrEqual(34_000);
      expect(pounds).toBeLessThanOrEqual(45_000);
      expect(p.url).toMatch(/^https:\/\//);
      expect(p.universityName).not.toBe('');
    }
  });

  it('filters by level, category, name and repeated universityId', async () => {
    const all = (await get<Program[]>('/api/programs')).body;
    const masters = (await get<Program[]>('/api/programs?level=Masters')).body;
    expect(masters.length).toBe(all.filter((p) => p.level === 'Masters').length);
    expect(masters.every((p) => p.level === 'Masters')).toBe(true);

    const it = (await get<Program[]>('/api/programs?category=IT&intake=September')).body;
    expect(it.length).toBeGreaterThan(0);
    expect(it.every((p) => p.category === 'IT')).toBe(true);

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
      ['category=Medicine', 'category'],
      ['intake=January', 'intake'],
      ['universityId=NOT%20VALID', 'universityId.0'],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/programs?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().error.fields), query).toEqual([field]);
    }
  });
});

describe('GET /api/consultants and /api/site', () => {
  it('lists 4 consultants with photos served by the portal', async () => {
    const { body } = await get<{ name: string; role: string; nationality: string; imageUrl: string }[]>('/api/consultants');
    expect(body).toHaveLength(4);
    for (const c of body) {
      expect(c.name && c.role && c.nationality).toBeTruthy();
      expect((await ctx.app.inject({ method: 'GET', url: c.imageUrl })).statusCode).toBe(200);
    }
  });

  it('serves the site configuration with a UK WhatsApp number and three updates', async () => {
    const { body } = await get<{ whatsappNumber: string; latestUpdates: unknown[] }>('/api/site');
    expect(body.whatsappNumber).toMatch(/^\+44/);
    expect(body.latestUpdates).toHaveLength(3);
  });
});

describe('catalogue loading', () => {
  it('is idempotent: loading the files again adds no rows', async () => {
    const files = await readCatalogueFiles(ctx.config.catalogueDir);
    const before = await ctx.app.db.select({ n: count() }).from(universities);
    await seedCatalogue(ctx.app.db, files);
    await seedCatalogue(ctx.app.db, files);
    const after = await ctx.app.db.select({ n: count() }).from(universities);
    expect(after[0]!.n).toBe(before[0]!.n);
    expect(after[0]!.n).toBe(files.universities.length);
  });

  it('hides a university the files no longer list, and shows it again when it returns', async () => {
    const files = await readCatalogueFiles(ctx.config.catalogueDir);
    const removed = files.universities.find((u) => !files.programs.some((p) => p.universityId === u.id))!;
    await seedCatalogue(ctx.app.db, { ...files, universities: files.universities.filter((u) => u !== removed) });
    const [row] = await ctx.app.db.select().from(universities).where(eq(universities.id, removed.id));
    expect(row!.active).toBe(false);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/universities/${removed.id}` })).statusCode).toBe(404);
    await seedCatalogue(ctx.app.db, files);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/universities/${removed.id}` })).statusCode).toBe(200);
  });
});
