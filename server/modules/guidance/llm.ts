import { z } from 'zod';
import type { GuidanceLlmConfig } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import {
  guidanceProfile,
  type GuidanceAnswer,
  type GuidanceProfile,
  type GuidanceExplanation,
} from '../../../shared/schemas/guidance.ts';
import { ukRegions, months } from '../../../shared/schemas/catalogue.ts';

/**
 * The language model of /guide (D12), any OpenAI-compatible chat completions endpoint. It does two
 * things only: turns a student's own words into the form's profile (checked with the form's zod
 * schema), and explains the rule engine's results from the catalogue facts it is given, citing
 * programs by id. What it says about any other program is dropped. The student's words are sent to
 * the configured endpoint and nowhere else: never logged.
 */

export const aiUnavailable = (message: string) => new AppError('GUIDANCE_AI_FAILED', 502, message);
const timedOut = () =>
  new AppError(
    'GUIDANCE_AI_TIMEOUT',
    504,
    'The assistant took too long to answer. Fill in the form below instead: it ranks the same way.',
  );

async function chat(config: GuidanceLlmConfig, system: string, user: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(config.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(config.key ? { authorization: `Bearer ${config.key}` } : {}),
      },
      body: JSON.stringify({
        model: config.model,
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: user },
        ],
      }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
      throw timedOut();
    throw aiUnavailable(
      'The assistant could not be reached. Fill in the form below instead: it ranks the same way.',
    );
  }
  if (!response.ok)
    throw aiUnavailable(
      'The assistant could not answer. Fill in the form below instead: it ranks the same way.',
    );
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
      throw timedOut();
    throw malformed();
  }
  const content = (body as { choices?: { message?: { content?: unknown } }[] })?.choices?.[0]
    ?.message?.content;
  if (typeof content !== 'string') throw malformed();
  return content;
}

const malformed = () =>
  aiUnavailable(
    'The assistant gave an answer we could not use. Fill in the form below instead: it ranks the same way.',
  );

function parseJson(content: string): unknown {
  const text = content
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/```$/, '');
  try {
    return JSON.parse(text);
  } catch {
    throw malformed();
  }
}

const profileSystem = `You turn a prospective student's own words into a JSON profile for a UK university search. Answer with one JSON object only, with exactly these keys:
"level": "Masters" or "Bachelors";
"subjects": the subjects they want, in a few words;
"budgetGbp": their tuition budget per year in pounds as a whole number, or null if not said ("35k" is 35000);
"ielts": their IELTS overall band as a string such as "6" or "6.5", or null if not taken or not said;
"qualification": for Masters the class of their first degree ("First", "2:1", "2:2" or "Third"); for Bachelors their A-level grades such as "AAB";
"regions": a list of UK regions they prefer, each one of ${ukRegions.map((r) => `"${r}"`).join(', ')}; [] if none;
"intake": the month they want to start, one of ${months.map((m) => `"${m}"`).join(', ')}, or null.
If something is not said, use null (or [] for regions); for qualification when not said use "2:1" for Masters and "BBB" for Bachelors. Do not invent anything else.`;

/** The student's words to the profile the form would send; anything the schema refuses is an unusable answer. */
export async function profileFromText(
  config: GuidanceLlmConfig,
  text: string,
): Promise<GuidanceProfile> {
  const parsed = guidanceProfile.safeParse(parseJson(await chat(config, profileSystem, text)));
  if (!parsed.success) throw malformed();
  return parsed.data;
}

const explanationAnswer = z.object({
  summary: z.string().max(2000),
  programs: z
    .array(z.object({ id: z.string().max(200), note: z.string().max(600) }))
    .max(50)
    .default([]),
});

const explainSystem = `You explain a ranked list of UK university programs to a prospective student. You are given the student's profile and the programs, with their ids and the facts from our catalogue. Use only these facts. Cite a program only by its id in the "programs" list; never mention any program that is not in the list. Answer with one JSON object only: {"summary": "two or three plain sentences about the list as a whole", "programs": [{"id": "<an id from the list>", "note": "one sentence on why it fits or what to watch out for"}]}.`;

/**
 * A short explanation of the engine's results. Notes on ids outside the results are dropped, and
 * so is any sentence of the summary that names another program of the catalogue (by id or name).
 */
export async function explainResults(
  config: GuidanceLlmConfig,
  profile: GuidanceProfile,
  answer: GuidanceAnswer,
  catalogue: readonly { id: string; name: string }[],
): Promise<GuidanceExplanation> {
  const shown = answer.results.slice(0, 10);
  const facts = shown.map(({ program: p, reasons, warnings }) => ({
    id: p.id,
    name: p.name,
    university: p.universityName,
    universityRanking: p.universityRanking,
    city: p.city,
    level: p.level,
    tuitionGbpPerYear: p.tuitionGbp,
    feeYear: p.feeYear,
    ieltsOverall: p.ieltsOverall,
    academicRequirement: p.academicLevel,
    intakes: p.intakes,
    durationMonths: p.durationMonths,
    reasons,
    warnings,
  }));
  const content = await chat(config, explainSystem, JSON.stringify({ profile, programs: facts }));
  const parsed = explanationAnswer.safeParse(parseJson(content));
  if (!parsed.success) throw malformed();
  const inResults = new Set(shown.map((r) => r.program.id));
  const outside = catalogue.filter((p) => !inResults.has(p.id));
  const namesInResults = shown.map((r) => r.program.name.toLowerCase());
  // an id-like word (three or more hyphenated parts) or a degree title that is not one of the results
  const mentionsOutside = (sentence: string) => {
    const lower = sentence.toLowerCase();
    if (
      outside.some(
        (p) => lower.includes(p.id.toLowerCase()) || lower.includes(p.name.toLowerCase()),
      )
    )
      return true;
    if ((lower.match(/\b[a-z0-9]+(?:-[a-z0-9]+){2,}\b/g) ?? []).some((id) => !inResults.has(id)))
      return true;
    const titles =
      sentence.match(
        /\b(?:MSc|BSc|MA|BA|MEng|BEng|MBA|LLM|LLB|MRes|MPhil|PGDip)\b(?:\s+[A-Z][\w&'-]*)+/g,
      ) ?? [];
    return titles.some(
      (title) => !namesInResults.some((name) => name.startsWith(title.toLowerCase())),
    );
  };
  const sentences = parsed.data.summary.match(/[^.!?]+[.!?]*\s*/g) ?? [];
  const kept = sentences.filter((s) => !mentionsOutside(s));
  const notes = parsed.data.programs
    .filter((n) => inResults.has(n.id) && !mentionsOutside(n.note))
    .map((n) => ({ programId: n.id, note: n.note.trim() }));
  return {
    summary: kept.join('').trim(),
    notes,
    dropped: parsed.data.programs.length - notes.length + sentences.length - kept.length,
  };
}
