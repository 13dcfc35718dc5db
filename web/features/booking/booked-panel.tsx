import { FormattedMessage, useIntl } from 'react-intl';
import { Alert } from '../../components/alert';
import { buttonClasses } from '../../components/button';
import { ExternalLink } from '../../components/external-link';
import type { BookingView } from '../../../shared/schemas/booking';
import { ChosenTime } from './chosen-time';

/** After confirming: when, with whom, the private room, and where the change links went. */
export function BookedPanel({
  booking,
  email,
  consultantZone,
}: {
  booking: BookingView;
  email: string;
  consultantZone: string | null;
}) {
  const intl = useIntl();
  return (
    <div className="space-y-4">
      <Alert
        tone="success"
        title={intl.formatMessage({
          id: 'booking.done.title',
          defaultMessage: 'Your consultation is booked',
        })}
      >
        <FormattedMessage
          id="booking.done.with"
          defaultMessage="With {consultant}."
          values={{ consultant: booking.consultantName }}
        />
      </Alert>
      <ChosenTime
        startsAt={booking.startsAt}
        timeZone={booking.timeZone}
        consultantZone={consultantZone}
      />
      <p>
        <FormattedMessage
          id="booking.done.email"
          defaultMessage="We sent the invitation to {email}, with a calendar file and the links to change or cancel it."
          values={{ email: <bdi>{email}</bdi> }}
        />
      </p>
      {booking.roomUrl ? (
        <div>
          <ExternalLink href={booking.roomUrl} className={buttonClasses('primary', 'md')}>
            <FormattedMessage id="booking.done.room" defaultMessage="Your private video room" />
          </ExternalLink>
          <p className="mt-1 text-sm text-muted">
            <FormattedMessage
              id="booking.done.roomHint"
              defaultMessage="Open it at the time of your consultation. Only you and your consultant have this link."
            />
          </p>
        </div>
      ) : (
        <p>
          <FormattedMessage
            id="booking.done.whatsapp"
            defaultMessage="Your consultant will call you on WhatsApp at that time."
          />
        </p>
      )}
    </div>
  );
}
