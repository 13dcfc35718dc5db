import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { SelectField } from '../../components/field';
import { timeZoneList, zoneName } from './time-format';

/** The zone the student reads times in: the browser's at first, any other on request. */
export function TimeZoneSelect({
  value,
  onChange,
}: {
  value: string;
  onChange: (zone: string) => void;
}) {
  const intl = useIntl();
  const zones = useMemo(
    () => timeZoneList(value).map((zone) => ({ zone, name: zoneName(intl.locale, zone) })),
    [value, intl.locale],
  );
  return (
    <SelectField
      label={intl.formatMessage({ id: 'booking.zone.label', defaultMessage: 'Your time zone' })}
      hint={intl.formatMessage({
        id: 'booking.zone.hint',
        defaultMessage: 'Times are shown in this zone. We took it from your device.',
      })}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      {zones.map(({ zone, name }) => (
        <option key={zone} value={zone}>
          {name === zone ? zone : `${name} · ${zone}`}
        </option>
      ))}
    </SelectField>
  );
}
