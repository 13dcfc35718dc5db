import { defineMessages, useIntl } from 'react-intl';
import { PageHeader } from '../../components/page-header';
import { usePageTitle } from '../../components/page-title';

const m = defineMessages({
  title: { id: 'application.privacy.title', defaultMessage: 'Privacy notice' },
  who: {
    id: 'application.privacy.who',
    defaultMessage:
      'UK Study Portal helps you apply to UK universities. We keep what you send us to do that, and nothing else.',
  },
  shared: {
    id: 'application.privacy.shared',
    defaultMessage:
      'When you agree on the application form, we send your application (your details, education, English test, referees, statement and documents) to the universities you chose, and to no one else. Your passport number is encrypted.',
  },
  kept: {
    id: 'application.privacy.kept',
    defaultMessage:
      'A draft you do not send is deleted after 30 days. An application is kept while your case is open and for the time the law and our contracts with universities require after it closes.',
  },
  rights: {
    id: 'application.privacy.rights',
    defaultMessage:
      'You can download everything we hold about you, or delete it, from My account. For anything else, write to us at the address at the foot of every page.',
  },
});

/** The privacy notice the application's consent links to (issue 25 §3). */
export function PrivacyPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  return (
    <>
      <PageHeader title={intl.formatMessage(m.title)} />
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-8 text-ink">
        <p>{intl.formatMessage(m.who)}</p>
        <p>{intl.formatMessage(m.shared)}</p>
        <p>{intl.formatMessage(m.kept)}</p>
        <p>{intl.formatMessage(m.rights)}</p>
      </div>
    </>
  );
}
