import { useIntl } from 'react-intl';
import { fullTime, timeOfDay, zoneCity } from './time-format';

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
      <span className="text-sm text-muted">({zoneCity(timeZone)})</span>
      {consultantZone && consultantZone !== timeZone && (
        <span className="block text-sm text-muted">
          {intl.formatMessage(
            {
              id: 'booking.chosen.theirs',
              defaultMessage: 'That is {time} in {city}, the consultant’s time.',
            },
            {
              time: timeOfDay(intl.locale, startsAt, consultantZone),
              city: zoneCity(consultantZone),
            },
          )}
        </span>
      )}
    </p>
  );
}
