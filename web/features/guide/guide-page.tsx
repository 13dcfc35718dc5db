import { useMutation } from '@tanstack/react-query';
import { Alert } from '../../components/alert';
import { PageHeader } from '../../components/page-header';
import { usePageTitle } from '../../components/page-title';
import { apiPost } from '../../lib/api-client';
import type { GuidanceAnswer, GuidanceProfile } from '../../../shared/schemas/guidance';
import { CompareBar } from '../compare/compare-bar';
import { GuideForm } from './guide-form';
import { GuideResults } from './guide-results';
import { HowWeRank } from './how-we-rank';

/** /guide: a short profile in, programs ranked by rules with reasons and warnings out (D12). */
export function GuidePage() {
  usePageTitle('Get guidance');
  const ask = useMutation({ mutationFn: (profile: GuidanceProfile) => apiPost<GuidanceAnswer>('/api/guidance', profile) });
  return (
    <>
      <PageHeader eyebrow="Guidance" title="Find the right program">
        Answer a few questions and we rank the programs in our catalogue for you, with the reasons and what to watch out
        for. The ranking is rule-based (no AI): see how we rank below. No account needed.
      </PageHeader>
      <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
        <GuideForm onSubmit={(profile) => ask.mutate(profile)} isBusy={ask.isPending} />
        {ask.isError && (
          <Alert tone="error" title="We could not rank the programs.">
            {ask.error.message}
          </Alert>
        )}
        {ask.data && <GuideResults answer={ask.data} />}
        <CompareBar />
        <HowWeRank />
      </div>
    </>
  );
}
