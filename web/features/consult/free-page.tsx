import { FormattedMessage, useIntl } from 'react-intl';
import { Alert } from '../../components/alert';
import { PageHeader } from '../../components/page-header';
import { usePageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { useConsultants, useSiteConfig } from '../../lib/catalogue';
import { ConsultantCard } from './consultant-card';

export function FreePage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'footer.free', defaultMessage: 'Free consultation' }));
  const consultants = useConsultants();
  const site = useSiteConfig();
  return (
    <>
      <PageHeader
        eyebrow={intl.formatMessage({ id: 'footer.free', defaultMessage: 'Free consultation' })}
        title={intl.formatMessage({
          id: 'free.heading',
          defaultMessage: 'Talk to a consultant for free',
        })}
      >
        <FormattedMessage
          id="free.intro"
          defaultMessage="Ask about universities, programs, visas, funding or accommodation. Message the consultant who fits your question on WhatsApp to agree a time, then meet in their video room; both open in a new tab. There is no booking calendar on this page yet."
        />
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 py-8">
        {(consultants.isPending || site.isPending) && (
          <Spinner
            label={intl.formatMessage({
              id: 'free.loading',
              defaultMessage: 'Loading consultants…',
            })}
          />
        )}
        {(consultants.isError || site.isError) && (
          <Alert
            tone="error"
            title={intl.formatMessage({
              id: 'free.failed',
              defaultMessage: 'Failed to load our consultants.',
            })}
          >
            <FormattedMessage
              id="free.failed.body"
              defaultMessage="Please check your connection and reload the page."
            />
          </Alert>
        )}
        {consultants.data && site.data && (
          <ul className="grid gap-4 md:grid-cols-2">
            {consultants.data.map((consultant) => (
              <ConsultantCard
                key={consultant.id}
                consultant={consultant}
                whatsappNumber={site.data.whatsappNumber}
              />
            ))}
          </ul>
        )}
        <p className="mt-8 text-center text-sm text-muted">
          <FormattedMessage
            id="free.noObligation"
            defaultMessage="Consultations are free and carry no obligation."
          />
        </p>
      </div>
    </>
  );
}
