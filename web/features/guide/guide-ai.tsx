import { useState } from 'react';
import type { AiGuidanceAnswer, GuidanceExplanation } from '../../../shared/schemas/guidance';
import { maxGuidanceTextLength } from '../../../shared/schemas/guidance';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextAreaField } from '../../components/field';

/**
 * Shown only when the operator configured a language model (GET /api/guidance/options, D12): the
 * student writes in their own words; the model reads a profile from them and explains the rules'
 * ranking. The page says plainly which part is the model's.
 */
export function GuideAi({
  onAsk,
  isBusy,
  error,
}: {
  onAsk: (text: string) => void;
  isBusy: boolean;
  error: string | null;
}) {
  const [text, setText] = useState('');
  return (
    <section
      aria-labelledby="guide-ai-title"
      className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-5"
    >
      <h2 id="guide-ai-title" className="text-lg font-semibold">
        Or say it in your own words
      </h2>
      <p className="mt-1 text-sm text-muted">
        An AI language model reads your words into the profile below and explains the results. The
        ranking itself is always by our rules. What you write is sent to that model only, and we do
        not keep it.
      </p>
      <form
        noValidate
        className="mt-3 space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          onAsk(text);
        }}
      >
        <TextAreaField
          label="What do you want to study, and what do you have?"
          hint="For example: I want to work in cyber security, budget 35k, IELTS 6, I have a 2:1."
          rows={3}
          maxLength={maxGuidanceTextLength}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit" disabled={isBusy || text.trim().length === 0}>
          {isBusy ? 'Reading…' : 'Find programs from my words'}
        </Button>
      </form>
      <div aria-live="polite" className="mt-3">
        {error && <Alert tone="error">{error}</Alert>}
      </div>
    </section>
  );
}

export function AiExplanation({
  result,
  names,
}: {
  result: AiGuidanceAnswer;
  names: Map<string, string>;
}) {
  const p = result.profile;
  const explanation: GuidanceExplanation | null = result.explanation;
  return (
    <section
      aria-labelledby="ai-explanation"
      className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-5"
    >
      <h2 id="ai-explanation" className="text-lg font-semibold">
        What the AI model read and says
      </h2>
      <p className="mt-1 text-sm">
        Profile read from your words: {p.level}, {p.subjects || 'any subject'}, budget{' '}
        {p.budgetGbp ? `£${p.budgetGbp.toLocaleString('en-GB')}` : 'not given'}, IELTS{' '}
        {p.ielts ?? 'not yet'}, {p.qualification}
        {p.intake ? `, starting ${p.intake}` : ''}
        {p.regions.length > 0 ? `, in ${p.regions.join(', ')}` : ''}.
      </p>
      {result.explanationProblem && (
        <div className="mt-3">
          <Alert tone="warning">{result.explanationProblem}</Alert>
        </div>
      )}
      {explanation && (
        <div className="mt-3 space-y-2">
          {explanation.summary && <p>{explanation.summary}</p>}
          {explanation.notes.length > 0 && (
            <ul className="list-disc space-y-1 ps-6 text-sm">
              {explanation.notes.map((n) => (
                <li key={n.programId}>
                  <span className="font-medium">{names.get(n.programId) ?? n.programId}:</span>{' '}
                  {n.note}
                </li>
              ))}
            </ul>
          )}
          <p className="text-xs text-muted">
            Written by an AI model from our catalogue&apos;s facts; check the reasons and warnings
            below.
          </p>
        </div>
      )}
    </section>
  );
}
