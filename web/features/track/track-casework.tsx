import { useIntl } from 'react-intl';
import type { ApplicationView } from '../../../shared/schemas/application';
import { applicantAfterOfferKeys } from '../../../shared/schemas/casework';
import { downloadWithToken } from './track-api';
import { AfterOfferPanel } from '../../components/casework/after-offer';
import { ApplicantRequests } from './applicant-requests';
import { WithdrawApplication } from './applicant-outcome';
import { markMessagesRead, sendMessage, updateAfterOffer } from '../../lib/casework-api';
import { Conversation } from '../../components/casework/conversation';

/** The track page's casework (issue 12): requests to answer, the steps after an offer, the conversation, withdrawing. */
export function TrackCasework({
  application,
  token,
  onUpdated,
}: {
  application: ApplicationView;
  token: string;
  onUpdated: (application: ApplicationView) => void;
}) {
  const { casework } = application;
  const isOpen = casework.outcome === null;
  const intl = useIntl();
  return (
    <>
      {isOpen && (
        <ApplicantRequests application={application} token={token} onUpdated={onUpdated} />
      )}
      {casework.afterOffer && (
        <AfterOfferPanel
          view={casework.afterOffer}
          editable={isOpen ? applicantAfterOfferKeys : []}
          viewer="student"
          onSave={async (values) =>
            onUpdated(await updateAfterOffer(application.id, values, token))
          }
        />
      )}
      <Conversation
        title={intl.formatMessage({
          id: 'casework.track.messagesTitle',
          defaultMessage: 'Messages with our team',
        })}
        messages={casework.messages}
        unread={casework.unreadMessages}
        onSend={async (body, file) =>
          onUpdated(await sendMessage(application.id, body, file, token))
        }
        onRead={() => void markMessagesRead(application.id, token).then(onUpdated, () => undefined)}
        openAttachment={(url, fileName) =>
          void downloadWithToken(url, token, fileName).catch(() => undefined)
        }
      />
      {isOpen && (
        <WithdrawApplication application={application} token={token} onUpdated={onUpdated} />
      )}
    </>
  );
}
