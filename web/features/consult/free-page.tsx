import { FormattedMessage, useIntl } from 'react-intl';
import { Alert } from '../../components/alert';
import { buttonClasses } from '../../components/button';
import { Icon } from '../../components/icons';
import { Link } from '../../lib/router';
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
          defaultMessage="Ask about universities, programs, visas, funding or accommodation. Book a time with the consultant who fits your question, or with the first one free; the invitation arrives by e-mail. You can also message them on WhatsApp or start a video meeting now; both open in a new tab."
        />
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 py-8">
        <div className="mb-6 flex flex-col items-start gap-3 rounded-[var(--radius-card)] border border-brand-100 bg-brand-50 p-5 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-base">
            <FormattedMessage
              id="free.firstFree.text"
              defaultMessage="No preference? Take the earliest time any of our consultants has free."
            />
          </p>
          <Link to="/free/book/any" className={buttonClasses('primary', 'md', 'shrink-0')}>
            <Icon name="calendar" />
            <FormattedMessage id="free.firstFree" defaultMessage="Book the first free consultant" />
          </Link>
        </div>
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
