import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app.ts';
import {
  createCatalogueEntries,
  loadGeneratedCatalogue,
} from '../../../tests/factories/catalogue.ts';
import type { ProgramSearchResult } from '../../../shared/schemas/catalogue.ts';

const ctx = useTestApp();

async function search(query: string) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/programs/search?${query}` });
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return res.json() as ProgramSearchResult;
}
const ids = (r: ProgramSearchResult) => r.programs.map((p) => p.id);

describe('GET /api/programs/search', () => {
  it('finds programs by words of their name, university, city and subject, every word counting', async () => {
    const { programs } = await createCatalogueEntries(
      ctx.app,
      {
        name: 'Aberporth Institute of Technology',
        location: 'Aberystwyth',
        region: 'Wales',
        ranking: 140,
      },
      [{ name: 'MSc Marine Robotics', categories: ['Engineering'] }],
    );
    const [robotics] = programs;
    for (const q of [
      'aberystwyth',
      'ABERPORTH',
      'marine',
      'robot',
      'aberporth engineering',
      'Marine Rob',
    ]) {
      expect(ids(await search(`q=${encodeURIComponent(q)}`)), q).toEqual([robotics!.id]);
    }
    expect((await search('q=marine%20accounting')).total).toBe(0);

    const cyber = await search('q=cyber');
    expect(cyber.programs.every((p) => /cyber/i.test(`${p.name} ${p.categories.join(' ')}`))).toBe(
      true,
    );
    expect(ids(await search(`q=${encodeURIComponent("king's cyber")}`))).toEqual([
      'msc-cyber-security-kings-college-london',
    ]);
    expect(
      (await search('q=london')).programs.every(
        (p) => p.city === 'London' || p.universityName.includes('London'),
      ),
    ).toBe(true);
    // no word at all: nothing matches, as with the universities' search
    expect((await search('q=%25%25')).total).toBe(0);
  });

  it('filters by level, intake, category, region, fee range and IELTS at most', async () => {
    const { university, programs } = await createCatalogueEntries(
      ctx.app,
      { region: 'Northern Ireland', location: 'Belfast' },
      [
        {
          name: 'BSc January Start',
          level: 'Bachelors',
          intakes: [{ month: 'January', deadline: '2027-10-31' }],
          tuitionGbp: 18_000,
          ieltsOverall: 5.5,
          ieltsMinComponent: 5.5,
          academicLevel: 'BBB',
        },
        {
          name: 'MSc Tourism Futures',
          categories: ['Tourism', 'Business'],
          tuitionGbp: 22_000,
          ieltsOverall: 7.5,
          ieltsMinComponent: 7.0,
        },
      ],
    );
    const [january, tourism] = programs;
    expect(ids(await search(`region=Northern%20Ireland`)).sort()).toEqual(
      [january!.id, tourism!.id].sort(),
    );
    expect(ids(await search('intake=January'))).toEqual([january!.id]);
    expect(ids(await search('region=Northern%20Ireland&level=Masters'))).toEqual([tourism!.id]);
    const tourismCategory = await search('category=Tourism&pageSize=50');
    expect(ids(tourismCategory)).toContain(tourism!.id);
    expect(tourismCategory.programs.every((p) => p.categories.includes('Tourism'))).toBe(true);
    const fees = await search('feeMin=35000&feeMax=37000&pageSize=50');
    expect(fees.programs.length).toBeGreaterThan(0);
    expect(fees.programs.every((p) => p.tuitionGbp >= 35_000 && p.tuitionGbp <= 37_000)).toBe(true);
    const ielts = await search('ielts=6&pageSize=50');
    expect(ids(ielts)).toContain(january!.id);
    expect(ielts.programs.every((p) => p.ieltsOverall <= 6)).toBe(true);
    expect(ids(await search(`ielts=7&region=Northern%20Ireland`))).toEqual([january!.id]);
    expect(university.region).toBe('Northern Ireland');
  });

  it('sorts by ranking, fee or name and pages through every match once', async () => {
    const byRanking = await search('pageSize=50');
    const ranks = byRanking.programs.map((p) => p.universityRanking);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    const byFee = (await search('sort=fee&pageSize=50')).programs.map((p) => p.tuitionGbp);
    expect(byFee).toEqual([...byFee].sort((a, b) => a - b));
    const byName = (await search('sort=name&pageSize=50')).programs.map((p) => p.name);
    expect(byName).toEqual([...byName].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const total = byRanking.total;
    expect(total).toBeGreaterThan(10);
    const pages = [await search('pageSize=10&page=1'), await search('pageSize=10&page=2')];
    const seen = pages.flatMap(ids);
    expect(new Set(seen).size).toBe(Math.min(20, total));
    expect(pages.every((p) => p.total === total && p.pageSize === 10)).toBe(true);
    const beyond = await search('page=999');
    expect(beyond).toMatchObject({ programs: [], total, page: 999 });
  });

  it("lists the picked universities' programs first and says how many there are", async () => {
    const picked = ['imperial-college-london', 'university-of-edinburgh', 'university-of-oxford'];
    const result = await search(
      `${picked.map((id) => `picked=${id}`).join('&')}&sort=fee&pageSize=50`,
    );
    expect(result.pickedTotal).toBe(3);
    expect(result.programs.slice(0, 3).every((p) => picked.includes(p.universityId))).toBe(true);
    expect(result.programs.slice(3).some((p) => picked.includes(p.universityId))).toBe(false);
    const nothing = await search(
      'picked=university-of-oxford&picked=university-of-st-andrews&picked=university-of-cambridge',
    );
    expect(nothing.pickedTotal).toBe(0);
    expect(nothing.total).toBeGreaterThan(0);
  });

  it('gives each program its cost of study for the first year, each figure dated and sourced', async () => {
    const [london] = (await search('q=msc%20management%20economics')).programs;
    const [outside] = (await search('q=hospitality')).programs;
    expect(london!.costOfStudy.lines.map((l) => l.label)).toEqual([
      'Tuition',
      'Living costs',
      'Student visa fee',
      'Immigration Health Surcharge',
    ]);
    const line = (p: typeof london, label: string) =>
      p!.costOfStudy.lines.find((l) => l.label === label)!;
    // 11 November 2025's figures apply from then on, with their third-party source kept
    expect(line(london, 'Living costs')).toMatchObject({
      amountGbp: 9 * 1529,
      effectiveFrom: '2025-11-11',
    });
    // the page words each line in the reader's language from its fact
    expect(london!.costOfStudy.lines.map((l) => l.fact)).toEqual([
      { kind: 'tuition', feeYear: london!.feeYear },
      { kind: 'living', months: 9, monthlyGbp: 1529, inLondon: true },
      { kind: 'visa' },
      { kind: 'healthSurcharge', months: 16, perYearGbp: 776 },
    ]);
    expect(line(london, 'Living costs').source).toContain('not yet confirmed on gov.uk');
    expect(line(outside, 'Living costs').amountGbp).toBe(9 * 1171);
    expect(line(london, 'Student visa fee')).toMatchObject({
      amountGbp: 524,
      effectiveFrom: '2025-04-09',
    });
    // a 12-month course: a 16-month visa, one year and a half-year of surcharge
    expect(line(london, 'Immigration Health Surcharge').amountGbp).toBe(776 + 388);
    // a 48-month course: 52 months, four years and a half-year
    expect(line(outside, 'Immigration Health Surcharge').amountGbp).toBe(4 * 776 + 388);
    expect(london!.costOfStudy.totalGbp).toBe(39_500 + 9 * 1529 + 524 + 1164);
  });

  it('answers 400 naming the field for hostile or wrong parameters', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['page=99999999999', 'page'],
      ['page=abc', 'page'],
      ['pageSize=13', 'pageSize'],
      ['sort=price', 'sort'],
      ['sort=fee&sort=name', 'sort'],
      ['feeMin=-1', 'feeMin'],
      ['feeMax=1e9', 'feeMax'],
      ['ielts=6.3', 'ielts'],
      ['ielts=10', 'ielts'],
      ['region=Mars', 'region'],
      [`q=${'x'.repeat(101)}`, 'q'],
      ['picked=a&picked=b&picked=c&picked=d', 'picked'],
      ['picked=NOT%20AN%20ID', 'picked.0'],
      ['category=%3Cb%3E', 'category'],
      ['unknown=1', 'unknown'],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/programs/search?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().error.fields), query).toEqual([field]);
    }
    for (const query of ['q=%00', 'intake=%00', 'picked=%00', 'category=a%00b']) {
      const nul = await ctx.app.inject({ method: 'GET', url: `/api/programs/search?${query}` });
      expect(nul.statusCode, query).toBe(400);
      expect(nul.json().error.code, query).toBe('INVALID_CHARACTER');
    }
  });

  it(
    'holds 20,000 programs at 150 universities and still pages and counts them right',
    { timeout: 120_000 },
    async () => {
      const before = (await search('')).total;
      await loadGeneratedCatalogue(ctx.app.db, 150, 20_000);
      await ctx.app.catalogue.reload();
      const all = await search('pageSize=50&page=400');
      expect(all.total).toBe(before + 20_000);
      expect(all.programs).toHaveLength(50);
      const heavy = await search(
        'q=computer&level=Masters&category=IT&feeMin=20000&feeMax=40000&ielts=7&sort=fee&page=3&picked=generated-university-1',
      );
      expect(heavy.total).toBeGreaterThan(100);
      expect(
        heavy.programs.every(
          (p) => p.level === 'Masters' && p.tuitionGbp >= 20_000 && p.ieltsOverall <= 7,
        ),
      ).toBe(true);

      // every page of a word search with picked universities: each match once, picked first, each group by fee
      const query =
        'q=management&sort=fee&pageSize=50&picked=generated-university-6&picked=generated-university-9';
      const first = await search(query);
      expect(first.pickedTotal).toBeGreaterThan(50);
      const walked = [first];
      for (let page = 2; page <= Math.ceil(first.total / 50); page++)
        walked.push(await search(`${query}&page=${page}`));
      const every = walked.flatMap((r) => r.programs);
      expect(new Set(every.map((p) => p.id)).size).toBe(first.total);
      const picked = every.slice(0, first.pickedTotal);
      const rest = every.slice(first.pickedTotal);
      expect(
        picked.every((p) =>
          ['generated-university-6', 'generated-university-9'].includes(p.universityId),
        ),
      ).toBe(true);
      expect(
        rest.some((p) =>
          ['generated-university-6', 'generated-university-9'].includes(p.universityId),
        ),
      ).toBe(false);
      for (const group of [picked, rest]) {
        const fees = group.map((p) => p.tuitionGbp);
        expect(fees).toEqual([...fees].sort((a, b) => a - b));
      }
      expect(
        every.every((p) =>
          /management/i.test(`${p.name} ${p.universityName} ${p.city} ${p.categories.join(' ')}`),
        ),
      ).toBe(true);
      // the plain list does not shape 20,000 programs for one request: it asks for a narrower one
      const whole = await ctx.app.inject({ method: 'GET', url: '/api/programs' });
      expect(whole.statusCode).toBe(400);
      expect(whole.json().error).toMatchObject({
        code: 'TOO_MANY_PROGRAMS',
        message: expect.stringContaining('/api/programs/search'),
      });
      const oneUniversity = await ctx.app.inject({
        method: 'GET',
        url: '/api/programs?universityId=generated-university-1',
      });
      expect(oneUniversity.statusCode).toBe(200);
      expect(oneUniversity.json()).toHaveLength(Math.ceil(20_000 / 150));
      const universities = (
        await ctx.app.inject({ method: 'GET', url: '/api/universities' })
      ).json() as { id: string; programCount: number }[];
      expect(universities.find((u) => u.id === 'generated-university-1')!.programCount).toBe(
        Math.ceil(20_000 / 150),
      );
    },
  );
});
