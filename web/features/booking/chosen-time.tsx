import { useIntl } from 'react-intl';
import { fullTime, timeWithZone, zoneName } from './time-format';

/** One time in the student's zone, with the consultant's own clock beside it when known. */
export function ChosenTime({
  startsAt,
  timeZone,
  consultantZone,
}: {
  startsAt: string;
  timeZone: string;
  consultantZone: string | null;
}) {
  const intl = useIntl();
  return (
    <p>
      <strong className="text-ink">{fullTime(intl.locale, startsAt, timeZone)}</strong>{' '}
      <span className="text-sm text-muted">({zoneName(intl.locale, timeZone, startsAt)})</span>
      {consultantZone && consultantZone !== timeZone && (
        <span className="block text-sm text-muted">
          {intl.formatMessage(
            {
              id: 'booking.chosen.theirs',
              defaultMessage: 'That is {time} for the consultant.',
            },
            { time: timeWithZone(intl.locale, startsAt, consultantZone) },
          )}
        </span>
      )}
    </p>
  );
}
