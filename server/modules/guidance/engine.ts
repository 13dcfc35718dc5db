import { foldForSearch } from '../../../shared/place-names.ts';
import type { Program } from '../../../shared/schemas/catalogue.ts';
import type {
  BalanceRole,
  BalanceWhy,
  GuidanceAnswer,
  GuidanceFact,
  GuidanceProfile,
  GuidanceResult,
} from '../../../shared/schemas/guidance.ts';
import { formatDate, formatGbp, formatTuition } from '../../../shared/program-display.ts';

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

/**
 * The same subjects as students write them in the site's other languages (issue 26 §3-4), folded
 * like the words they are compared with. Chinese is written without spaces: those are looked for
 * inside the text.
 */
const otherLanguageSubjects: Record<string, string> = {
  // French
  cybersecurite: 'Cybersecurity',
  securite: 'Cybersecurity',
  informatique: 'IT',
  logiciel: 'IT',
  donnees: 'IT',
  commerce: 'Business',
  gestion: 'Business',
  affaires: 'Business',
  ingenierie: 'Engineering',
  genie: 'Engineering',
  tourisme: 'Tourism',
  hotellerie: 'Tourism',
  // Arabic
  السيبراني: 'Cybersecurity',
  الامن: 'Cybersecurity',
  الحاسوب: 'IT',
  البرمجيات: 'IT',
  المعلومات: 'IT',
  البيانات: 'IT',
  الاعمال: 'Business',
  الادارة: 'Business',
  تحليلات: 'Business',
  الهندسة: 'Engineering',
  هندسة: 'Engineering',
  السياحة: 'Tourism',
  الضيافة: 'Tourism',
  // Urdu
  سائبر: 'Cybersecurity',
  سیکیورٹی: 'Cybersecurity',
  کمپیوٹر: 'IT',
  سافٹ: 'IT',
  بزنس: 'Business',
  کاروبار: 'Business',
  انجینئرنگ: 'Engineering',
  سیاحت: 'Tourism',
  // Hindi (folded: its vowel signs dropped)
  ...Object.fromEntries(
    (
      [
        ['साइबर', 'Cybersecurity'],
        ['सुरक्षा', 'Cybersecurity'],
        ['कंप्यूटर', 'IT'],
        ['सॉफ़्टवेयर', 'IT'],
        ['व्यवसाय', 'Business'],
        ['बिज़नेस', 'Business'],
        ['प्रबंधन', 'Business'],
        ['इंजीनियरिंग', 'Engineering'],
        ['पर्यटन', 'Tourism'],
      ] as const
    ).map(([word, category]) => [foldForSearch(word), category]),
  ),
};
const chineseSubjects: Record<string, string> = {
  网络安全: 'Cybersecurity',
  信息安全: 'Cybersecurity',
  计算机: 'IT',
  软件: 'IT',
  信息技术: 'IT',
  数据: 'IT',
  商业: 'Business',
  商科: 'Business',
  管理: 'Business',
  金融: 'Business',
  工程: 'Engineering',
  旅游: 'Tourism',
  酒店: 'Tourism',
};
Object.assign(subjectWords, otherLanguageSubjects, chineseSubjects);
const stopWords = new Set([
  'and',
  'or',
  'the',
  'of',
  'in',
  'a',
  'an',
  'to',
  'for',
  'with',
  'want',
  'study',
  'studies',
  'work',
  'i',
  'my',
  'degree',
]);

export function subjectTerms(text: string): string[] {
  const folded = foldForSearch(text);
  const words = folded.match(/[\p{L}\p{N}]+/gu) ?? [];
  const chinese = Object.keys(chineseSubjects).filter((w) => folded.includes(w));
  return [
    ...new Set([
      ...words.filter(
        (w) =>
          !stopWords.has(w) && !/\p{Script=Han}/u.test(w) && (w.length >= 3 || w in subjectWords),
      ),
      ...chinese,
    ]),
  ].slice(0, 12);
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

/** A fact as the English sentence the API has always answered (the page words the codes itself). */
export function factText(fact: GuidanceFact): string {
  switch (fact.code) {
    case 'subject':
      return `matches ${fact.terms.join(' ')}`;
    case 'intake':
      return `${fact.month} intake`;
    case 'deadlinePassed':
      return `deadline ${formatDate(fact.date)} has passed`;
    case 'ieltsNotTaken':
      return `IELTS ${fact.needed.toFixed(1)} needed: you have not taken a test yet`;
    case 'ieltsBelow':
      return `IELTS ${fact.needed.toFixed(1)} needed, you have ${fact.have.toFixed(1)}`;
    case 'ieltsMeets':
      return `your IELTS ${fact.have.toFixed(1)} meets the ${fact.needed.toFixed(1)} needed`;
    case 'degreeBelow':
      return `asks a ${fact.asked} degree, you have a ${fact.have}`;
    case 'degreeMeets':
      return `your ${fact.have} meets the ${fact.asked} asked`;
    case 'alevelBelow':
      return `asks ${fact.asked} at A-level, you have ${fact.have}`;
    case 'alevelMeets':
      return `your ${fact.have} meets the ${fact.asked} asked`;
    case 'overBudget':
      return `${formatGbp(fact.overGbp)} over your budget`;
    case 'withinBudget':
      return `within your budget (${formatTuition(fact.tuitionGbp)})`;
    case 'inRegion':
      return `in ${fact.region}, a region you chose`;
    case 'outsideRegion':
      return `in ${fact.region}, outside the regions you chose`;
    case 'ranked':
      return `ranked #${fact.rank}`;
  }
}

/** What the rules read of a program: the catalogue's row, before it is shaped for an answer. */
export interface GuidanceCandidate {
  id: string;
  name: string;
  level: string;
  categories: readonly string[];
  intakes: readonly { month: string; deadline?: string | null }[];
  ieltsOverall: number;
  academicLevel: string;
  tuitionGbp: number;
  region: string;
  universityId: string;
  universityName: string;
  universityRanking: number;
}

interface Assessed<P extends GuidanceCandidate> extends Omit<
  GuidanceResult,
  'program' | 'reasons' | 'warnings'
> {
  program: P;
  /** How far the student is below the entry requirements (0: meets them). */
  gap: number;
  /** How far above them (IELTS bands and degree classes or grade steps). */
  margin: number;
}

const noFacts: GuidanceFact[] = [];
const discard = { push: () => 0 };

/** Scores a program; with `explain`, also says why (the facts are only built for the programs shown). */
function assess<P extends GuidanceCandidate>(
  program: P,
  profile: GuidanceProfile,
  terms: readonly string[],
  today: string,
  explain: boolean,
): Assessed<P> | null {
  if (program.level !== profile.level) return null;
  const reasonFacts: GuidanceFact[] = explain ? [] : noFacts;
  const warningFacts: GuidanceFact[] = explain ? [] : noFacts;
  const reasons = explain ? { push: (fact: GuidanceFact) => reasonFacts.push(fact) } : discard;
  const warnings = explain ? { push: (fact: GuidanceFact) => warningFacts.push(fact) } : discard;
  let score = 50;
  let gap = 0;
  let margin = 0;

  if (terms.length > 0) {
    const nameWords = foldForSearch(program.name).match(/[\p{L}\p{N}]+/gu) ?? [];
    const matched = terms.filter(
      (t) =>
        nameWords.some(
          (w) => w.startsWith(t) || (t.length >= 5 && t.startsWith(w) && w.length >= 5),
        ) || program.categories.includes(subjectWords[t] ?? ''),
    );
    if (matched.length === 0) return null;
    reasons.push({ code: 'subject', terms: matched });
    score += Math.min(20, 10 * matched.length);
  }

  if (profile.intake) {
    const intake = program.intakes.find((i) => i.month === profile.intake);
    if (!intake) return null;
    reasons.push({ code: 'intake', month: intake.month });
  }
  for (const intake of program.intakes) {
    if (
      (!profile.intake || intake.month === profile.intake) &&
      intake.deadline &&
      intake.deadline < today
    ) {
      warnings.push({ code: 'deadlinePassed', date: intake.deadline });
      score -= 20;
    }
  }

  if (profile.ielts === null) {
    warnings.push({ code: 'ieltsNotTaken', needed: program.ieltsOverall });
    gap += 0.5;
    score -= 10;
  } else {
    const have = Number(profile.ielts);
    if (have < program.ieltsOverall) {
      warnings.push({ code: 'ieltsBelow', needed: program.ieltsOverall, have });
      gap += program.ieltsOverall - have;
      score -= 25 * (program.ieltsOverall - have);
    } else {
      reasons.push({ code: 'ieltsMeets', needed: program.ieltsOverall, have });
      margin += have - program.ieltsOverall;
    }
  }

  if (profile.level === 'Masters') {
    const asked = degreeRank[program.academicLevel];
    const have = degreeRank[profile.qualification]!;
    if (asked !== undefined) {
      if (have < asked) {
        warnings.push({
          code: 'degreeBelow',
          asked: program.academicLevel,
          have: profile.qualification,
        });
        gap += 0.5 * (asked - have);
        score -= 15 * (asked - have);
      } else {
        reasons.push({
          code: 'degreeMeets',
          asked: program.academicLevel,
          have: profile.qualification,
        });
        margin += 0.5 * (have - asked);
      }
    }
  } else {
    const asked = alevelPoints(program.academicLevel);
    const have = alevelPoints(profile.qualification);
    if (asked !== null && have !== null) {
      const grades = profile.qualification.toUpperCase();
      if (have < asked) {
        warnings.push({ code: 'alevelBelow', asked: program.academicLevel, have: grades });
        gap += (asked - have) / 32;
        score -= (15 * (asked - have)) / 8;
      } else {
        reasons.push({ code: 'alevelMeets', asked: program.academicLevel, have: grades });
        margin += (have - asked) / 32;
      }
    }
  }

  if (profile.budgetGbp !== null) {
    const over = program.tuitionGbp - profile.budgetGbp;
    if (over > 0) {
      warnings.push({ code: 'overBudget', overGbp: over });
      score -= Math.min(40, (100 * over) / profile.budgetGbp);
    } else {
      reasons.push({ code: 'withinBudget', tuitionGbp: program.tuitionGbp });
    }
  }

  if (profile.regions.length > 0) {
    if (profile.regions.includes(program.region as (typeof profile.regions)[number])) {
      reasons.push({ code: 'inRegion', region: program.region });
      score += 5;
    } else {
      warnings.push({ code: 'outsideRegion', region: program.region });
      score -= 10;
    }
  }

  reasons.push({ code: 'ranked', rank: program.universityRanking });
  score += (20 * Math.max(0, 130 - program.universityRanking)) / 130;
  return {
    program,
    score: Math.round(score * 10) / 10,
    reasonFacts,
    warningFacts,
    gap,
    margin,
  };
}

/** A result short of what its program asks is a stretch, whatever its role. */
const stretch = (r: Assessed<GuidanceCandidate>): BalanceWhy | null =>
  r.gap > 0 && r.warningFacts[0]
    ? { code: 'stretch', rank: r.program.universityRanking, warning: r.warningFacts[0] }
    : null;

const roleWhy: Record<BalanceRole, (r: Assessed<GuidanceCandidate>) => BalanceWhy> = {
  ambitious: (r) => stretch(r) ?? { code: 'highest', rank: r.program.universityRanking },
  'good match': (r) => stretch(r) ?? { code: 'meets', rank: r.program.universityRanking },
  safer: (r) =>
    stretch(r) ??
    (r.margin > 0
      ? { code: 'roomToSpare', rank: r.program.universityRanking }
      : { code: 'meets', rank: r.program.universityRanking }),
};

export function whyText(why: BalanceWhy): string {
  switch (why.code) {
    case 'stretch':
      return `ranked #${why.rank}, a stretch: ${factText(why.warning)}`;
    case 'highest':
      return `ranked #${why.rank}, the highest of your matches`;
    case 'meets':
      return `ranked #${why.rank}, and you meet what it asks`;
    case 'roomToSpare':
      return `ranked #${why.rank}, and you meet what it asks with room to spare`;
  }
}

const roles: BalanceRole[] = ['ambitious', 'good match', 'safer'];

/**
 * Three universities from the ranked results, whenever the results span three (issue 26): the
 * first result's university always, then the best-ranked within reach (ambitious) and the one met
 * with the most room to spare (safer), each a university not yet taken; a role no result fits is
 * filled by the next university in the results' order. The three are then given their roles by UK
 * ranking: the best-ranked is the ambitious one, the lowest-ranked the safer one.
 */
function balance(results: Assessed<GuidanceCandidate>[]): GuidanceAnswer['balanced'] {
  // each university once, by its best result (the results are in ranking order)
  const best = new Map<string, Assessed<GuidanceCandidate>>();
  for (const r of results)
    if (!best.has(r.program.universityId)) best.set(r.program.universityId, r);
  const universities = [...best.values()];
  const picked: Assessed<GuidanceCandidate>[] = universities.slice(0, 1);
  const take = (candidates: Assessed<GuidanceCandidate>[]) => {
    const pick = candidates.find((r) => !picked.includes(r));
    if (pick && picked.length < 3) picked.push(pick);
  };
  take(
    [...universities]
      .filter((r) => r.gap <= 1)
      .sort((a, b) => a.program.universityRanking - b.program.universityRanking),
  );
  take(
    universities
      .filter((r) => r.gap === 0)
      .sort(
        (a, b) => b.margin - a.margin || b.program.universityRanking - a.program.universityRanking,
      ),
  );
  while (picked.length < Math.min(3, universities.length)) take(universities);
  picked.sort(
    (a, b) => a.program.universityRanking - b.program.universityRanking || b.score - a.score,
  );
  const roleOf = (i: number): BalanceRole =>
    picked.length === 3 ? roles[i]! : i === 0 ? 'ambitious' : 'good match';
  return picked.map((result, i) => {
    const role = roleOf(i);
    const whyFact = roleWhy[role](result);
    return {
      role,
      universityId: result.program.universityId,
      universityName: result.program.universityName,
      programId: result.program.id,
      why: whyText(whyFact),
      whyFact,
    };
  });
}

/**
 * Every candidate is assessed from its row; only the answer's programs are shaped (`show`), so a
 * request costs one pass over the level's rows, not thousands of shaped programs.
 */
export function guide<P extends GuidanceCandidate>(
  candidates: readonly P[],
  profile: GuidanceProfile,
  today: string,
  show: (candidate: P) => Program,
  limit = 20,
): GuidanceAnswer {
  const terms = subjectTerms(profile.subjects);
  const scored: Assessed<P>[] = [];
  for (const candidate of candidates) {
    const r = assess(candidate, profile, terms, today, false);
    if (r) scored.push(r);
  }
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      a.program.universityRanking - b.program.universityRanking ||
      (a.program.id < b.program.id ? -1 : 1),
  );
  const results = scored
    .slice(0, limit)
    .map((r) => assess(r.program, profile, terms, today, true)!);
  return {
    results: results.map(({ program, score, reasonFacts, warningFacts }) => ({
      program: show(program),
      score,
      reasons: reasonFacts.map(factText),
      warnings: warningFacts.map(factText),
      reasonFacts,
      warningFacts,
    })),
    balanced: balance(results),
    engine: 'rules',
  };
}
