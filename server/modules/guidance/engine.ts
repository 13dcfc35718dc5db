import type { Program } from '../../../shared/schemas/catalogue.ts';
import type { BalanceRole, GuidanceAnswer, GuidanceProfile, GuidanceResult } from '../../../shared/schemas/guidance.ts';
import { formatDate, formatGbp } from '../../../shared/program-display.ts';

/**
 * Guidance by rules (D12), deterministic and explained on /guide ("How we rank"). Each program of
 * the student's level is kept or left out, then scored from the catalogue's facts; every point
 * given or taken has a reason or a warning the student can check.
 */

const degreeRank: Record<string, number> = { First: 4, '2:1': 3, '2:2': 2, Third: 1 };
const tariff: Record<string, number> = { 'A*': 56, A: 48, B: 40, C: 32, D: 24, E: 16 };

/** Words a student may use for a subject, and the catalogue category each points to. */
const subjectWords: Record<string, string> = {
  cyber: 'Cybersecurity',
  security: 'Cybersecurity',
  computer: 'IT',
  computing: 'IT',
  software: 'IT',
  programming: 'IT',
  data: 'IT',
  ai: 'IT',
  it: 'IT',
  business: 'Business',
  management: 'Business',
  finance: 'Business',
  marketing: 'Business',
  analytics: 'Business',
  economics: 'Business',
  engineering: 'Engineering',
  mechanical: 'Engineering',
  electrical: 'Engineering',
  electronic: 'Engineering',
  civil: 'Engineering',
  tourism: 'Tourism',
  hospitality: 'Tourism',
  hotel: 'Tourism',
  travel: 'Tourism',
  events: 'Tourism',
};
const stopWords = new Set(['and', 'or', 'the', 'of', 'in', 'a', 'an', 'to', 'for', 'with', 'want', 'study', 'studies', 'work', 'i', 'my', 'degree']);

export function subjectTerms(text: string): string[] {
  const words = text.toLocaleLowerCase('en-GB').match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((w) => !stopWords.has(w) && (w.length >= 3 || w in subjectWords)))].slice(0, 12);
}

/** UCAS tariff points of the best three grades ("A*AA" = 152). */
export function alevelPoints(grades: string): number | null {
  const found = grades.toUpperCase().match(/A\*|[A-E]/g);
  if (!found || found.length < 3) return null;
  return found
    .map((g) => tariff[g]!)
    .sort((a, b) => b - a)
    .slice(0, 3)
    .reduce((sum, n) => sum + n, 0);
}

interface Assessed extends GuidanceResult {
  /** How far the student is below the entry requirements (0: meets them). */
  gap: number;
  /** How far above them (IELTS bands and degree classes or grade steps). */
  margin: number;
}

function assess(program: Program, profile: GuidanceProfile, today: string): Assessed | null {
  if (program.level !== profile.level) return null;
  const reasons: string[] = [];
  const warnings: string[] = [];
  let score = 50;
  let gap = 0;
  let margin = 0;

  const terms = subjectTerms(profile.subjects);
  if (terms.length > 0) {
    const nameWords = program.name.toLocaleLowerCase('en-GB').match(/[\p{L}\p{N}]+/gu) ?? [];
    const matched = terms.filter(
      (t) => nameWords.some((w) => w.startsWith(t) || (t.length >= 5 && t.startsWith(w) && w.length >= 5)) || program.categories.includes(subjectWords[t] ?? ''),
    );
    if (matched.length === 0) return null;
    reasons.push(`matches ${matched.join(' ')}`);
    score += Math.min(20, 10 * matched.length);
  }

  if (profile.intake) {
    const intake = program.intakes.find((i) => i.month === profile.intake);
    if (!intake) return null;
    reasons.push(`${intake.month} intake`);
  }
  for (const intake of program.intakes) {
    if ((!profile.intake || intake.month === profile.intake) && intake.deadline && intake.deadline < today) {
      warnings.push(`deadline ${formatDate(intake.deadline)} has passed`);
      score -= 20;
    }
  }

  const needed = program.ieltsOverall.toFixed(1);
  if (profile.ielts === null) {
    warnings.push(`IELTS ${needed} needed: you have not taken a test yet`);
    gap += 0.5;
    score -= 10;
  } else {
    const have = Number(profile.ielts);
    if (have < program.ieltsOverall) {
      warnings.push(`IELTS ${needed} needed, you have ${have.toFixed(1)}`);
      gap += program.ieltsOverall - have;
      score -= 25 * (program.ieltsOverall - have);
    } else {
      reasons.push(`your IELTS ${have.toFixed(1)} meets the ${needed} needed`);
      margin += have - program.ieltsOverall;
    }
  }

  if (profile.level === 'Masters') {
    const asked = degreeRank[program.academicLevel];
    const have = degreeRank[profile.qualification]!;
    if (asked !== undefined) {
      if (have < asked) {
        warnings.push(`asks a ${program.academicLevel} degree, you have a ${profile.qualification}`);
        gap += 0.5 * (asked - have);
        score -= 15 * (asked - have);
      } else {
        reasons.push(`your ${profile.qualification} meets the ${program.academicLevel} asked`);
        margin += 0.5 * (have - asked);
      }
    }
  } else {
    const asked = alevelPoints(program.academicLevel);
    const have = alevelPoints(profile.qualification);
    if (asked !== null && have !== null) {
      const grades = profile.qualification.toUpperCase();
      if (have < asked) {
        warnings.push(`asks ${program.academicLevel} at A-level, you have ${grades}`);
        gap += (asked - have) / 32;
        score -= (15 * (asked - have)) / 8;
      } else {
        reasons.push(`your ${grades} meets the ${program.academicLevel} asked`);
        margin += (have - asked) / 32;
      }
    }
  }

  if (profile.budgetGbp !== null) {
    const over = program.tuitionGbp - profile.budgetGbp;
    if (over > 0) {
      warnings.push(`${formatGbp(over)} over your budget`);
      score -= Math.min(40, (100 * over) / profile.budgetGbp);
    } else {
      reasons.push(`within your budget (${program.tuition})`);
    }
  }

  if (profile.regions.length > 0) {
    if (profile.regions.includes(program.region as (typeof profile.regions)[number])) {
      reasons.push(`in ${program.region}, a region you chose`);
      score += 5;
    } else {
      warnings.push(`in ${program.region}, outside the regions you chose`);
      score -= 10;
    }
  }

  reasons.push(`ranked #${program.universityRanking}`);
  score += (20 * Math.max(0, 130 - program.universityRanking)) / 130;
  return { program, score: Math.round(score * 10) / 10, reasons, warnings, gap, margin };
}

const roleWhy: Record<BalanceRole, (r: Assessed) => string> = {
  ambitious: (r) =>
    r.gap > 0 ? `ranked #${r.program.universityRanking}, a stretch: ${r.warnings[0]}` : `ranked #${r.program.universityRanking}, the highest of your matches`,
  'good match': (r) => `ranked #${r.program.universityRanking}, and you meet what it asks`,
  safer: (r) => `ranked #${r.program.universityRanking}, and you meet what it asks with room to spare`,
};

/** One ambitious, one good match and one safer university, each once, from the ranked results. */
function balance(results: Assessed[]): GuidanceAnswer['balanced'] {
  const chosen: { role: BalanceRole; result: Assessed }[] = [];
  const used = new Set<string>();
  const take = (role: BalanceRole, candidates: Assessed[]) => {
    const pick = candidates.find((r) => !used.has(r.program.universityId));
    if (!pick) return;
    used.add(pick.program.universityId);
    chosen.push({ role, result: pick });
  };
  const byRanking = [...results].sort((a, b) => a.program.universityRanking - b.program.universityRanking || b.score - a.score);
  const meets = results.filter((r) => r.gap === 0);
  take('ambitious', byRanking.filter((r) => r.gap <= 1));
  take('good match', meets);
  take(
    'safer',
    [...meets].sort((a, b) => b.margin - a.margin || b.program.universityRanking - a.program.universityRanking),
  );
  return chosen.map(({ role, result }) => ({
    role,
    universityId: result.program.universityId,
    universityName: result.program.universityName,
    programId: result.program.id,
    why: roleWhy[role](result),
  }));
}

export function guide(programs: readonly Program[], profile: GuidanceProfile, today: string, limit = 20): GuidanceAnswer {
  const assessed = programs
    .map((p) => assess(p, profile, today))
    .filter((r): r is Assessed => r !== null)
    .sort((a, b) => b.score - a.score || a.program.universityRanking - b.program.universityRanking || (a.program.id < b.program.id ? -1 : 1));
  const results = assessed.slice(0, limit);
  return {
    results: results.map(({ program, score, reasons, warnings }) => ({ program, score, reasons, warnings })),
    balanced: balance(results),
    engine: 'rules',
  };
}
