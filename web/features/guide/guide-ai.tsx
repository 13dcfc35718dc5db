import { FormattedMessage, useIntl } from 'react-intl';
import type { AiGuidanceAnswer, GuidanceExplanation } from '../../../shared/schemas/guidance';
import { guidanceAiInput, maxGuidanceTextLength } from '../../../shared/schemas/guidance';
import { useErrorText } from '../../lib/error-text';
import { firstIssue, useSchemaForm } from '../../lib/schema-form';
import { Alert } from '../../components/alert';
import { useCatalogueText } from '../../lib/catalogue-text';
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
  /** What the route answered when it refused (said through the error codes, never its English). */
  error: unknown;
}) {
  const intl = useIntl();
  const errorText = useErrorText();
  const form = useSchemaForm(guidanceAiInput, { text: '' });
  const text = form.watch('text') ?? '';
  const label = intl.formatMessage({
    id: 'guide.ai.label',
    defaultMessage: 'What do you want to study, and what do you have?',
  });
  const fieldError = form.formState.errors.text ?? firstIssue(error);
  const submit = form.handleSubmit(({ text }) => onAsk(text));
  return (
    <section
      aria-labelledby="guide-ai-title"
      className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-5"
    >
      <h2 id="guide-ai-title" className="text-lg font-semibold">
        <FormattedMessage id="guide.ai.heading" defaultMessage="Or say it in your own words" />
      </h2>
      <p className="mt-1 text-sm text-muted">
        <FormattedMessage
          id="guide.ai.intro"
          defaultMessage="An AI language model reads your words into the profile below and explains the results. The ranking itself is always by our rules. What you write is sent to that model only, and we do not keep it."
        />
      </p>
      <form noValidate className="mt-3 space-y-3" onSubmit={(e) => void submit(e)}>
        <TextAreaField
          label={label}
          hint={intl.formatMessage({
            id: 'guide.ai.hint',
            defaultMessage:
              'For example: I want to work in cyber security, budget 35k, IELTS 6, I have a 2:1.',
          })}
          rows={3}
          maxLength={maxGuidanceTextLength}
          error={fieldError ? errorText(fieldError, { field: label }) : undefined}
          {...form.register('text')}
        />
        <Button type="submit" disabled={isBusy || text.trim().length === 0}>
          {isBusy ? (
            <FormattedMessage id="guide.ai.busy" defaultMessage="Reading…" />
          ) : (
            <FormattedMessage id="guide.ai.submit" defaultMessage="Find programs from my words" />
          )}
        </Button>
      </form>
      <div aria-live="polite" className="mt-3">
        {!!error && !fieldError && <Alert tone="error">{errorText(error)}</Alert>}
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
  const intl = useIntl();
  const says = useCatalogueText();
  const p = result.profile;
  const explanation: GuidanceExplanation | null = result.explanation;
  return (
    <section
      aria-labelledby="ai-explanation"
      className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-5"
    >
      <h2 id="ai-explanation" className="text-lg font-semibold">
        <FormattedMessage
          id="guide.ai.read.heading"
          defaultMessage="What the AI model read and says"
        />
      </h2>
      <p className="mt-1 text-sm">
        <FormattedMessage
          id="guide.ai.read.profile"
          defaultMessage="Profile read from your words: {level}; subjects: {subjects}; budget: {budget}; IELTS: {ielts}; qualification: {qualification}; intake: {intake}; regions: {regions}."
          values={{
            level: says.level(p.level),
            subjects:
              p.subjects ||
              intl.formatMessage({ id: 'guide.ai.read.anySubject', defaultMessage: 'any subject' }),
            budget: p.budgetGbp
              ? intl.formatNumber(p.budgetGbp, { format: 'gbp' })
              : intl.formatMessage({ id: 'guide.ai.read.notGiven', defaultMessage: 'not given' }),
            ielts: p.ielts
              ? intl.formatNumber(Number(p.ielts), {
                  minimumFractionDigits: 1,
                  maximumFractionDigits: 1,
                })
              : intl.formatMessage({ id: 'guide.ai.read.notYet', defaultMessage: 'not yet' }),
            qualification: p.qualification,
            intake: p.intake
              ? says.month(p.intake)
              : intl.formatMessage({ id: 'guide.ai.read.anyIntake', defaultMessage: 'any' }),
            regions:
              p.regions.length > 0
                ? intl.formatList(p.regions.map(says.region))
                : intl.formatMessage({
                    id: 'guide.ai.read.anyRegion',
                    defaultMessage: 'anywhere in the UK',
                  }),
          }}
        />
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
                  <FormattedMessage
                    id="guide.ai.note"
                    defaultMessage="<b>{program}:</b> {note}"
                    values={{
                      program: names.get(n.programId) ?? n.programId,
                      note: n.note,
                      b: (chunks) => <span className="font-medium">{chunks}</span>,
                    }}
                  />
                </li>
              ))}
            </ul>
          )}
          <p className="text-xs text-muted">
            <FormattedMessage
              id="guide.ai.caution"
              defaultMessage="Written by an AI model from our catalogue’s facts; check the reasons and warnings below."
            />
          </p>
        </div>
      )}
    </section>
  );
}
