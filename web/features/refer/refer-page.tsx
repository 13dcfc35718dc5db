import { useCallback, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from '../../lib/router';
import { PageHeader } from '../../components/page-header';
import { usePageTitle } from '../../components/page-title';
import { useSiteConfig } from '../../lib/catalogue';
import { whatsappLink } from '../../lib/contact-links';
import { ChoosePath } from './choose-path';
import { NetworkForm } from './network-form';
import {
  emptyValues,
  isNetworkKind,
  type NetworkFormValues,
  type NetworkKind,
} from './network-kinds';
import { ThankYouPanel } from './thank-you-panel';

const freshValues = (): Record<NetworkKind, NetworkFormValues> => ({
  student: emptyValues,
  partner: emptyValues,
});

/** Choose, then the form (student or partner), then Thank You. The chosen form is in the URL, so the browser's back works too. */
export function ReferPage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'refer.title', defaultMessage: 'Join Our Network' });
  usePageTitle(title);
  const { data: site } = useSiteConfig();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('form');
  const kind = isNetworkKind(requested) ? requested : null;
  const [values, setValues] = useState(freshValues);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [fill, setFill] = useState(0);

  const keepValues = useCallback(
    (next: NetworkFormValues) => {
      if (kind) setValues((all) => ({ ...all, [kind]: next }));
    },
    [kind],
  );

  function startAgain() {
    setValues(freshValues());
    setIsSubmitted(false);
    setFill((n) => n + 1);
    setSearchParams({});
  }

  return (
    <>
      <PageHeader
        eyebrow={intl.formatMessage({ id: 'refer.eyebrow', defaultMessage: 'Refer Students' })}
        title={title}
      >
        <FormattedMessage
          id="refer.intro"
          defaultMessage="Refer a student who wants to study in the UK, or partner with us as a business. Fill in a short form or start a video meeting with our team."
        />
      </PageHeader>
      <div className="mx-auto max-w-5xl px-4 py-8 pb-36">
        {isSubmitted ? (
          <div className="mx-auto max-w-2xl rounded-[var(--radius-card)] border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
            <ThankYouPanel
              whatsappHref={site ? whatsappLink(site.whatsappNumber) : undefined}
              onAnother={startAgain}
            />
          </div>
        ) : kind ? (
          <div className="mx-auto max-w-2xl rounded-[var(--radius-card)] border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
            <NetworkForm
              key={`${kind}-${fill}`}
              kind={kind}
              values={values[kind]}
              onChange={keepValues}
              onBack={() => setSearchParams({})}
              onSubmitted={() => setIsSubmitted(true)}
            />
          </div>
        ) : (
          <ChoosePath
            meetingBaseUrl={site?.meetingBaseUrl}
            onChoose={(k) => setSearchParams({ form: k })}
          />
        )}
      </div>
    </>
  );
}
