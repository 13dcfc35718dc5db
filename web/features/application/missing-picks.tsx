import { FormattedMessage, useIntl } from 'react-intl';
import type { University } from '../../../shared/schemas/catalogue';
import { SelectField } from '../../components/field';
import { useUniversities } from '../../lib/catalogue';

/**
 * The picks the application goes to when fewer than three came with it ('Apply Now' on /programs
 * without picks, the guide's 'Use this one'): the program's university fills the first slot and
 * the form asks for the others, so it never sends fewer than three (spec 1 and 9, issue 24).
 */
export function initialSlots(university: University, picks: University[]): string[] {
  const ids = picks.map((u) => u.id);
  if (ids.length >= 3) return ids.slice(0, 3);
  const slots = ids.includes(university.id) ? ids : [university.id, ...ids];
  return [...slots, '', ''].slice(0, 3);
}

export function MissingPicks({
  slots,
  fixed,
  missing,
  onChange,
}: {
  /** Three university ids ('' where one is still to choose). */
  slots: string[];
  /** How many of the first slots came with the application (not changed here). */
  fixed: number;
  /** The form was sent with a pick missing: each empty one says so. */
  missing?: boolean;
  onChange: (slots: string[]) => void;
}) {
  const intl = useIntl();
  const universities = useUniversities();
  const all = universities.data ?? [];
  const nameOf = (id: string) => all.find((u) => u.id === id)?.name ?? id;
  return (
    <fieldset className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <legend className="px-1 text-lg font-semibold text-ink">
        <FormattedMessage id="application.picks.legend" defaultMessage="Your three universities" />
      </legend>
      <p className="text-sm text-ink">
        <FormattedMessage
          id="application.picks.intro"
          defaultMessage="Your application goes to three universities. Choose the missing ones: each university decides on its own."
        />
      </p>
      <ol className="space-y-3">
        {slots.map((id, i) =>
          i < fixed ? (
            <li key={i} className="text-sm">
              <span className="font-medium text-ink">
                <FormattedMessage
                  id="application.picks.slot"
                  defaultMessage="University {number}"
                  values={{ number: i + 1 }}
                />
                {': '}
              </span>
              <span className="text-ink">{nameOf(id)}</span>
            </li>
          ) : (
            <li key={i}>
              <SelectField
                name="universityIds"
                label={intl.formatMessage(
                  { id: 'application.picks.slot', defaultMessage: 'University {number}' },
                  { number: i + 1 },
                )}
                value={id}
                error={
                  missing && !id
                    ? intl.formatMessage({
                        id: 'application.picks.missing',
                        defaultMessage: 'Choose the missing university',
                      })
                    : undefined
                }
                onChange={(e) => onChange(slots.map((s, j) => (j === i ? e.target.value : s)))}
              >
                <option value="">
                  {intl.formatMessage({
                    id: 'application.picks.choose',
                    defaultMessage: 'Choose a university',
                  })}
                </option>
                {all
                  .filter((u) => u.id === id || !slots.includes(u.id))
                  .map((u) => (
                    <option key={u.id} value={u.id}>
                      {u.name}
                    </option>
                  ))}
              </SelectField>
            </li>
          ),
        )}
      </ol>
    </fieldset>
  );
}
