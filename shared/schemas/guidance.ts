import { z } from 'zod';
import { intakeMonth, studyLevel, ukRegion, type Program } from './catalogue.ts';

export const degreeClasses = ['First', '2:1', '2:2', 'Third'] as const;
export const ieltsBands = ['4.5', '5', '5.5', '6', '6.5', '7', '7.5', '8', '8.5', '9'] as const;

const blankToNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/** The short profile of /guide, checked by the form and by the server. */
export const guidanceProfile = z
  .object({
    level: studyLevel,
    subjects: z.string().trim().max(200, 'At most 200 characters'),
    budgetGbp: z.preprocess(
      blankToNull,
      z.coerce
        .number({ message: 'Enter a whole number of pounds' })
        .int('Enter a whole number of pounds')
        .min(1000, 'Enter at least £1,000')
        .max(200_000, 'Enter at most £200,000')
        .nullable(),
    ),
    /** The IELTS overall band, or null: not taken yet. */
    ielts: z.preprocess(
      (v) => (typeof v === 'number' ? String(v) : blankToNull(v)),
      z.enum(ieltsBands, { message: 'Choose your IELTS band or "Not yet"' }).nullable(),
    ),
    /** Masters: the class of the first degree. Bachelors: A-level grades such as AAB. */
    qualification: z.string().trim().max(12),
    regions: z.array(ukRegion).max(12),
    intake: z.preprocess(blankToNull, intakeMonth.nullable()),
  })
  .strict()
  .superRefine((profile, ctx) => {
    if (
      profile.level === 'Masters' &&
      !(degreeClasses as readonly string[]).includes(profile.qualification)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['qualification'],
        message: 'Choose the class of your degree',
      });
    }
    if (
      profile.level === 'Bachelors' &&
      !/^(A\*|[A-E]){3,4}$/.test(profile.qualification.toUpperCase())
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['qualification'],
        message: 'Write your A-level grades, such as AAB',
      });
    }
  });
export type GuidanceProfileInput = z.input<typeof guidanceProfile>;
export type GuidanceProfile = z.output<typeof guidanceProfile>;

/**
 * One reason or warning as a code and its values, so the page words it in the reader's language
 * (issue 14); `reasons` and `warnings` keep the same facts as English sentences (the staff console,
 * the language model and saved guidance read those). Dates are YYYY-MM-DD, amounts whole pounds.
 */
export type GuidanceFact =
  | { code: 'subject'; terms: string[] }
  | { code: 'intake'; month: string }
  | { code: 'deadlinePassed'; date: string }
  | { code: 'ieltsNotTaken'; needed: number }
  | { code: 'ieltsBelow'; needed: number; have: number }
  | { code: 'ieltsMeets'; needed: number; have: number }
  | { code: 'degreeBelow'; asked: string; have: string }
  | { code: 'degreeMeets'; asked: string; have: string }
  | { code: 'alevelBelow'; asked: string; have: string }
  | { code: 'alevelMeets'; asked: string; have: string }
  | { code: 'overBudget'; overGbp: number }
  | { code: 'withinBudget'; tuitionGbp: number }
  | { code: 'inRegion'; region: string }
  | { code: 'outsideRegion'; region: string }
  | { code: 'ranked'; rank: number };

export interface GuidanceResult {
  program: Program;
  score: number;
  /** Facts in the student's favour ("ranked #5", "matches cyber security"). */
  reasons: string[];
  /** Facts against ("IELTS 6.5 needed, you have 6.0", "£2,400 over your budget"). */
  warnings: string[];
  /** The same reasons and warnings, in order, as codes and values. */
  reasonFacts: GuidanceFact[];
  warningFacts: GuidanceFact[];
}

export type BalanceRole = 'ambitious' | 'good match' | 'safer';

/** Why a university was given its role, as a code: `why` says the same in English. */
export type BalanceWhy =
  | { code: 'stretch'; rank: number; warning: GuidanceFact }
  | { code: 'highest'; rank: number }
  | { code: 'meets'; rank: number }
  | { code: 'roomToSpare'; rank: number };

export interface GuidanceAnswer {
  results: GuidanceResult[];
  /** One university each: ambitious, good match, safer (fewer when the results allow no more). */
  balanced: {
    role: BalanceRole;
    universityId: string;
    universityName: string;
    programId: string;
    why: string;
    whyFact: BalanceWhy;
  }[];
  /** The engine that ranked: always the rules here (no language model runs). */
  engine: 'rules';
}

/** What is kept of an answer with the account: enough to read it later, whatever the catalogue becomes. */
export interface SavedGuidanceResult {
  programId: string;
  programName: string;
  universityName: string;
  reasons: string[];
  warnings: string[];
}

export interface SavedGuidance {
  profile: GuidanceProfile;
  results: SavedGuidanceResult[];
  savedAt: string;
}

/** The language model's words on the engine's results (D12): only about the programs in them. */
export interface GuidanceExplanation {
  summary: string;
  notes: { programId: string; note: string }[];
  /** Sentences and notes left out because they were about programs outside the results. */
  dropped: number;
}

export interface AiGuidanceAnswer {
  /** The profile the model read from the student's words (shown, so the student can check it). */
  profile: GuidanceProfile;
  answer: GuidanceAnswer;
  explanation: GuidanceExplanation | null;
  /** Why there is no explanation (a timeout, an unusable answer); the ranking is shown anyway. */
  explanationProblem: string | null;
}

export const maxGuidanceTextLength = 1000;

/** The student's own words for the language model (POST /api/guidance/ai, D12). */
export const guidanceAiInput = z.strictObject({
  text: z
    .string({ error: 'Write a few words about what you want to study' })
    .trim()
    .min(10, 'Write a little more: what you want to study, your budget, your English score')
    .max(maxGuidanceTextLength, `At most ${maxGuidanceTextLength} characters`),
});
