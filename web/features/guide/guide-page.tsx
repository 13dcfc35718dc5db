import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert } from '../../components/alert';
import { PageHeader } from '../../components/page-header';
import { usePageTitle } from '../../components/page-title';
import { apiGet, apiPost } from '../../lib/api-client';
import type {
  AiGuidanceAnswer,
  GuidanceAnswer,
  GuidanceProfile,
} from '../../../shared/schemas/guidance';
import { AiExplanation, GuideAi } from './guide-ai';
import { CompareBar } from '../../components/compare-bar';
import { GuideForm } from './guide-form';
import { GuideResults } from './guide-results';
import { HowWeRank } from './how-we-rank';
import { ErrorText } from '../../components/error-text';

/** /guide: a short profile in, programs ranked by rules with reasons and warnings out (D12). */
export function GuidePage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'guide.title', defaultMessage: 'Get guidance' }));
  const ask = useMutation({
    mutationFn: (profile: GuidanceProfile) => apiPost<GuidanceAnswer>('/api/guidance', profile),
  });
  const results = useRef<HTMLDivElement>(null);
  // the free-text box exists only when the operator configured a language model (D12)
  const options = useQuery({
    queryKey: ['guidance-options'],
    queryFn: () => apiGet<{ ai: boolean }>('/api/guidance/options'),
    staleTime: 300_000,
  });
  const ai = options.data?.ai === true;
  const askAi = useMutation({
    mutationFn: (text: string) => apiPost<AiGuidanceAnswer>('/api/guidance/ai', { text }),
  });
  const answer = askAi.data && !ask.data ? askAi.data.answer : ask.data;
  const profile = askAi.data && !ask.data ? askAi.data.profile : ask.variables;
  // the results come into view when they arrive: on a phone they are below the whole form
  useEffect(() => {
    if (!answer) return;
    results.current?.scrollIntoView({ block: 'start' });
    results.current?.focus({ preventScroll: true });
  }, [answer]);
  return (
    <>
      <PageHeader
        eyebrow={intl.formatMessage({ id: 'guide.eyebrow', defaultMessage: 'Guidance' })}
        title={intl.formatMessage({
          id: 'guide.heading',
          defaultMessage: 'Find the right program',
        })}
      >
        {ai ? (
          <FormattedMessage
            id="guide.intro.ai"
            defaultMessage="Answer a few questions and we rank the programs in our catalogue for you, with the reasons and what to watch out for. The ranking is rule-based: see how we rank below. You may also describe what you want in your own words: an AI model reads them and explains the results. No account needed."
          />
        ) : (
          <FormattedMessage
            id="guide.intro"
            defaultMessage="Answer a few questions and we rank the programs in our catalogue for you, with the reasons and what to watch out for. The ranking is rule-based: see how we rank below. No AI is used here. No account needed."
          />
        )}
      </PageHeader>
      <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
        {ai && (
          <GuideAi
            onAsk={(text) => {
              ask.reset();
              askAi.mutate(text);
            }}
            isBusy={askAi.isPending}
            error={askAi.error}
          />
        )}
        {askAi.data && !ask.data && (
          <AiExplanation
            result={askAi.data}
            names={new Map(askAi.data.answer.results.map((r) => [r.program.id, r.program.name]))}
          />
        )}
        <GuideForm
          onSubmit={(profile) => {
            askAi.reset();
            ask.mutate(profile);
          }}
          isBusy={ask.isPending}
        />
        {ask.isError && (
          <Alert
            tone="error"
            title={intl.formatMessage({
              id: 'guide.failed',
              defaultMessage: 'We could not rank the programs.',
            })}
          >
            <ErrorText error={ask.error} />
          </Alert>
        )}
        {answer && profile && (
          <div ref={results} tabIndex={-1} className="scroll-mt-20 focus:outline-none">
            <GuideResults answer={answer} profile={profile} />
          </div>
        )}
        <CompareBar />
        <HowWeRank />
      </div>
    </>
  );
}
