import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { createCatalogueEntries } from '../../../tests/factories/catalogue.ts';
import type { GuidanceAnswer, GuidanceProfileInput } from '../../../shared/schemas/guidance.ts';
import { factText, whyText } from './engine.ts';

const ctx = useTestApp();

async function ask(profile: Partial<GuidanceProfileInput>) {
  const body: GuidanceProfileInput = {
    level: 'Masters',
    subjects: '',
    budgetGbp: null,
    ielts: '7',
    qualification: '2:1',
    regions: [],
    intake: null,
    ...profile,
  };
  const res = await ctx.app.inject({ method: 'POST', url: '/api/guidance', payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as GuidanceAnswer;
}

const kcl = 'msc-cyber-security-kings-college-london';
const uclSecurity = 'msc-information-security-ucl';
const manchester = 'msc-advanced-computer-science-manchester';
const lse = 'msc-management-lse';
const imperialAnalytics = 'msc-business-analytics-imperial';
const imperialEee = 'beng-electrical-and-electronic-engineering-imperial';
const edinburgh = 'beng-mechanical-engineering-edinburgh';
const uclManagement = 'bsc-management-science-ucl';
const strathclyde = 'ba-hospitality-and-tourism-management-strathclyde';
const durham = 'bsc-computer-science-durham';
const masters = [kcl, uclSecurity, manchester, lse, imperialAnalytics];
const bachelors = [imperialEee, edinburgh, uclManagement, strathclyde, durham];

interface Case {
  name: string;
  profile: Partial<GuidanceProfileInput>;
  in?: string[];
  out?: string[];
  /** program id -> a warning it must carry */
  warned?: [string, string][];
  /** program id -> a reason it must carry */
  reasons?: [string, string][];
  /** programs that must carry no warning */
  clean?: string[];
}

const cases: Case[] = [
  {
    name: 'cyber security in Arabic (issue 26 §3)',
    profile: { subjects: 'الأمن السيبراني' },
    in: [kcl, uclSecurity],
    out: [lse, manchester],
  },
  {
    name: 'cyber security in Chinese, written without spaces',
    profile: { subjects: '我想学网络安全' },
    in: [kcl, uclSecurity],
    out: [lse, manchester],
  },
  {
    name: 'business in French, accents ignored',
    profile: { subjects: 'Gestion des AFFAIRES' },
    in: [lse, imperialAnalytics],
    out: [kcl, uclSecurity],
  },
  {
    name: 'cyber security in Urdu and Hindi',
    profile: { subjects: 'سائبر सुरक्षा' },
    in: [kcl, uclSecurity],
    out: [lse],
  },
  {
    name: 'cyber security on a small budget and IELTS 6.0',
    profile: { subjects: 'cyber security', budgetGbp: 35_000, ielts: '6' },
    in: [kcl, uclSecurity],
    out: [manchester, lse],
    warned: [
      [kcl, 'IELTS 6.5 needed, you have 6.0'],
      [kcl, '£1,200 over your budget'],
      [uclSecurity, '£5,300 over your budget'],
    ],
    reasons: [[kcl, 'matches cyber security']],
  },
  {
    name: 'computer science with a First',
    profile: { subjects: 'computer science', qualification: 'First' },
    in: [manchester, uclSecurity, kcl, imperialAnalytics],
    out: [lse],
    clean: [manchester],
  },
  {
    name: 'management',
    profile: { subjects: 'management' },
    in: [lse, imperialAnalytics],
    out: [kcl, manchester],
  },
  {
    name: 'business with a 2:2',
    profile: { subjects: 'business', qualification: '2:2' },
    in: [lse],
    warned: [[lse, 'asks a 2:1 degree, you have a 2:2']],
  },
  {
    name: 'no English test yet',
    profile: { ielts: null },
    in: masters,
    warned: [[kcl, 'IELTS 6.5 needed: you have not taken a test yet']],
  },
  {
    name: 'engineering with AAA and IELTS 6.5',
    profile: { level: 'Bachelors', subjects: 'engineering', qualification: 'AAA', ielts: '6.5' },
    in: [edinburgh, imperialEee],
    out: [durham, ...masters],
    warned: [
      [imperialEee, 'asks A*A*A at A-level, you have AAA'],
      [imperialEee, 'IELTS 7.0 needed, you have 6.5'],
    ],
    clean: [edinburgh],
  },
  {
    name: 'tourism with BBB',
    profile: { level: 'Bachelors', subjects: 'tourism', qualification: 'BBB', ielts: '6' },
    in: [strathclyde],
    out: [uclManagement],
    clean: [strathclyde],
  },
  {
    name: 'hospitality in Scotland',
    profile: {
      level: 'Bachelors',
      subjects: 'hospitality',
      qualification: 'BBB',
      ielts: '6',
      regions: ['Scotland'],
    },
    in: [strathclyde],
    reasons: [[strathclyde, 'in Scotland, a region you chose']],
  },
  {
    name: 'computing with A*AA',
    profile: { level: 'Bachelors', subjects: 'computer', qualification: 'A*AA', ielts: '7' },
    in: [durham],
    out: [imperialEee],
    clean: [durham],
  },
  {
    name: 'cyber, only in the North West',
    profile: { subjects: 'cyber', regions: ['North West'] },
    in: [kcl],
    warned: [[kcl, 'in London, outside the regions you chose']],
  },
  { name: 'Masters leaves out every Bachelors', profile: {}, in: masters, out: bachelors },
  {
    name: 'Bachelors leaves out every Masters',
    profile: { level: 'Bachelors', qualification: 'A*A*A', ielts: '7.5' },
    in: bachelors,
    out: masters,
  },
  {
    name: 'a January intake nobody offers',
    profile: { intake: 'January' },
    out: [...masters, ...bachelors],
  },
  {
    name: 'a September intake',
    profile: { intake: 'September' },
    in: masters,
    reasons: [[lse, 'September intake']],
  },
  {
    name: 'a budget of £36,300',
    profile: { budgetGbp: 36_300 },
    in: masters,
    reasons: [[kcl, 'within your budget (£36,200 per year)']],
    warned: [[manchester, '£200 over your budget']],
  },
  {
    name: 'analytics',
    profile: { subjects: 'analytics' },
    in: [imperialAnalytics, lse],
    out: [kcl],
  },
  {
    name: 'marketing',
    profile: { subjects: 'marketing' },
    in: [lse, imperialAnalytics],
    out: [kcl, manchester],
  },
  {
    name: 'data',
    profile: { subjects: 'data' },
    in: [manchester, uclSecurity, kcl, imperialAnalytics],
    out: [lse],
  },
  {
    name: 'mechanical with AAB',
    profile: { level: 'Bachelors', subjects: 'mechanical', qualification: 'AAB', ielts: '6.5' },
    in: [edinburgh],
    out: [durham],
    warned: [[edinburgh, 'asks AAA at A-level, you have AAB']],
  },
  {
    name: 'economics with top grades',
    profile: { level: 'Bachelors', subjects: 'economics', qualification: 'A*A*A*', ielts: '8' },
    in: [uclManagement, strathclyde],
    out: [durham],
    clean: [uclManagement],
  },
  {
    name: 'security with a Third and IELTS 5.5',
    profile: { subjects: 'security', qualification: 'Third', ielts: '5.5' },
    in: [kcl],
    warned: [
      [kcl, 'asks a 2:1 degree, you have a Third'],
      [kcl, 'IELTS 6.5 needed, you have 5.5'],
    ],
  },
  {
    name: 'the ranking is a reason',
    profile: { subjects: 'management' },
    reasons: [[lse, 'ranked #4']],
  },
  {
    name: 'words the catalogue does not know leave nothing',
    profile: { subjects: 'veterinary medicine' },
    out: masters,
  },
];

describe('guidance: a table of profiles (rule-based, D12)', () => {
  it.each(cases)('$name', async (c) => {
    const answer = await ask(c.profile);
    expect(answer.engine).toBe('rules');
    const ids = answer.results.map((r) => r.program.id);
    for (const id of c.in ?? []) expect(ids, `${id} in`).toContain(id);
    for (const id of c.out ?? []) expect(ids, `${id} out`).not.toContain(id);
    const of = (id: string) => answer.results.find((r) => r.program.id === id)!;
    for (const [id, warning] of c.warned ?? []) expect(of(id).warnings, id).toContain(warning);
    for (const [id, reason] of c.reasons ?? []) expect(of(id).reasons, id).toContain(reason);
    for (const id of c.clean ?? []) expect(of(id).warnings, id).toEqual([]);
    const scores = answer.results.map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('has at least 20 profiles', () => {
    expect(cases.length).toBeGreaterThanOrEqual(20);
  });

  it('gives three universities whenever a profile’s results span three, the first result’s always (a table)', async () => {
    let spanningThree = 0;
    for (const c of cases) {
      const answer = await ask(c.profile);
      const universities = [...new Set(answer.results.map((r) => r.program.universityId))];
      const balanced = answer.balanced.map((b) => b.universityId);
      expect(new Set(balanced).size, c.name).toBe(balanced.length);
      expect(balanced.length, c.name).toBe(Math.min(3, universities.length));
      if (universities.length === 0) continue;
      expect(balanced, c.name).toContain(answer.results[0]!.program.universityId);
      for (const b of answer.balanced)
        expect(
          answer.results.map((r) => r.program.id),
          c.name,
        ).toContain(b.programId);
      if (universities.length >= 3) {
        spanningThree++;
        expect(
          answer.balanced.map((b) => b.role),
          c.name,
        ).toEqual(['ambitious', 'good match', 'safer']);
        const ranks = answer.balanced.map((b) => b.whyFact.rank);
        expect(ranks, c.name).toEqual([...ranks].sort((a, b) => a - b));
      }
    }
    expect(spanningThree).toBeGreaterThanOrEqual(5);
  });

  it('proposes an ambitious, a good-match and a safer university, each once', async () => {
    const answer = await ask({});
    expect(answer.balanced.map((b) => [b.role, b.universityId])).toEqual([
      ['ambitious', 'london-school-of-economics-and-political-science'],
      ['good match', 'imperial-college-london'],
      ['safer', 'university-of-manchester'],
    ]);
    expect(answer.balanced[2]!.why).toBe(
      'ranked #31, and you meet what it asks with room to spare',
    );
  });

  it('gives every reason and warning as a code with its values too, for the page to word in the reader’s language', async () => {
    const answer = await ask({ subjects: 'cyber security', budgetGbp: 35_000, ielts: '6' });
    const kclResult = answer.results.find((r) => r.program.id === kcl)!;
    expect(kclResult.reasonFacts).toContainEqual({ code: 'subject', terms: ['cyber', 'security'] });
    expect(kclResult.warningFacts).toContainEqual({ code: 'ieltsBelow', needed: 6.5, have: 6 });
    expect(kclResult.warningFacts).toContainEqual({ code: 'overBudget', overGbp: 1200 });
    // the English sentences are the same facts, one for one and in the same order
    expect(kclResult.reasonFacts.map(factText)).toEqual(kclResult.reasons);
    expect(kclResult.warningFacts.map(factText)).toEqual(kclResult.warnings);
    for (const b of answer.balanced) expect(whyText(b.whyFact)).toBe(b.why);
    const stretch = (await ask({ ielts: '6' })).balanced.find((b) => b.role === 'ambitious')!;
    expect(stretch.whyFact).toMatchObject({ code: 'stretch', warning: { code: 'ieltsBelow' } });
    expect(stretch.why).toMatch(/^ranked #\d+, a stretch: IELTS \d\.\d needed, you have 6\.0$/);
  });

  it('warns when an intake deadline has passed', async () => {
    await createCatalogueEntries(ctx.app, { name: 'Late Deadline University', ranking: 60 }, [
      {
        name: 'MSc Late Logistics',
        intakes: [{ month: 'September', deadline: '2020-06-30' }],
        categories: ['Business'],
      },
    ]);
    const answer = await ask({ subjects: 'logistics' });
    expect(answer.results[0]!.program.name).toBe('MSc Late Logistics');
    expect(answer.results[0]!.warnings).toContain('deadline 30 June 2020 has passed');
    expect(answer.results[0]!.warningFacts).toContainEqual({
      code: 'deadlinePassed',
      date: '2020-06-30',
    });
  });

  it('answers 400 naming the field for a wrong profile', async () => {
    for (const [payload, field] of [
      [{ level: 'PhD' }, 'level'],
      [{ qualification: 'AAB' }, 'qualification'],
      [{ level: 'Bachelors', qualification: '2:1' }, 'qualification'],
      [{ ielts: '6.3' }, 'ielts'],
      [{ budgetGbp: -5 }, 'budgetGbp'],
      [{ regions: ['Mars'] }, 'regions.0'],
      [{ subjects: 'x'.repeat(201) }, 'subjects'],
    ] as const) {
      const base: Record<string, unknown> = {
        level: 'Masters',
        subjects: '',
        budgetGbp: null,
        ielts: '7',
        qualification: '2:1',
        regions: [],
        intake: null,
      };
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/guidance',
        payload: { ...base, ...payload },
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().error.fields), JSON.stringify(payload)).toEqual([field]);
    }
  });
});
