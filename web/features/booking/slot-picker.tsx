import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner';
import type { Slot } from '../../../shared/schemas/booking';
import { slotDays, useSlots } from './booking-api';
import { dayKey, dayName, shortDay, timeOfDay, timeWithZone } from './time-format';

const day = 86_400_000;

/**
 * Free times of a consultant (or of the first free one) grouped by day in the student's zone, each
 * with the consultant's own local time beside it. Picking a time hands the slot up.
 */
export function SlotPicker({
  consultantId,
  timeZone,
  consultantNames,
  chosen,
  onPick,
}: {
  consultantId: string;
  timeZone: string;
  consultantNames: ReadonlyMap<string, string>;
  chosen: Slot | null;
  onPick: (slot: Slot, consultantZone: string | null) => void;
}) {
  const intl = useIntl();
  const [page, setPage] = useState(0);
  const [pickedDay, setPickedDay] = useState<string | null>(null);
  const [from, setFrom] = useState<string | undefined>(undefined);
  const turn = (next: number) => {
    setPage(next);
    setFrom(next === 0 ? undefined : new Date(Date.now() + next * slotDays * day).toISOString());
    setPickedDay(null);
  };
  const slots = useSlots(consultantId, from);
  const days = useMemo(() => {
    const groups = new Map<string, Slot[]>();
    for (const slot of slots.data?.slots ?? []) {
      const key = dayKey(slot.startsAt, timeZone);
      groups.set(key, [...(groups.get(key) ?? []), slot]);
    }
    return [...groups.entries()];
  }, [slots.data, timeZone]);
  const shownDay = days.find(([key]) => key === pickedDay) ?? days[0];
  const theirZone = slots.data?.consultantTimeZone ?? null;

  if (slots.isPending)
    return (
      <Spinner
        label={intl.formatMessage({
          id: 'booking.slots.loading',
          defaultMessage: 'Loading free times…',
        })}
      />
    );
  if (slots.isError)
    return (
      <Alert
        tone="error"
        title={intl.formatMessage({
          id: 'booking.slots.failed',
          defaultMessage: 'We could not load the free times.',
        })}
      >
        <Button variant="secondary" onClick={() => void slots.refetch()}>
          <FormattedMessage id="booking.slots.retry" defaultMessage="Try again" />
        </Button>
      </Alert>
    );

  return (
    <div className="space-y-5">
      {days.length === 0 ? (
        <p className="rounded-lg bg-slate-100 p-4 text-sm">
          <FormattedMessage
            id="booking.slots.none"
            defaultMessage="No free times in these {days} days."
            values={{ days: slotDays }}
          />
        </p>
      ) : (
        <>
          <fieldset>
            <legend className="mb-2 text-sm font-semibold">
              <FormattedMessage id="booking.slots.day" defaultMessage="Day" />
            </legend>
            <div className="flex flex-wrap gap-2">
              {days.map(([key, daySlots]) => (
                <button
                  key={key}
                  type="button"
                  aria-pressed={shownDay?.[0] === key}
                  onClick={() => setPickedDay(key)}
                  className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm hover:border-brand-700 aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white"
                >
                  {shortDay(intl.locale, daySlots[0]!.startsAt, timeZone)}
                </button>
              ))}
            </div>
          </fieldset>
          {shownDay && (
            <section aria-labelledby="slot-day-heading">
              <h3 id="slot-day-heading" className="mb-2 text-base font-semibold">
                {dayName(intl.locale, shownDay[1][0]!.startsAt, timeZone)}
              </h3>
              <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
                {shownDay[1].map((slot) => {
                  const theirs = theirZone
                    ? timeWithZone(intl.locale, slot.startsAt, theirZone)
                    : intl.formatMessage(
                        { id: 'booking.slots.with', defaultMessage: 'with {name}' },
                        { name: consultantNames.get(slot.consultantId) ?? '' },
                      );
                  const isChosen = chosen?.startsAt === slot.startsAt;
                  return (
                    <li key={slot.startsAt}>
                      <button
                        type="button"
                        aria-pressed={isChosen}
                        onClick={() => onPick(slot, theirZone)}
                        className="flex w-full flex-col items-center rounded-lg border border-brand-700 bg-white px-2 py-2 text-brand-700 hover:bg-brand-50 aria-pressed:bg-brand-700 aria-pressed:text-white"
                      >
                        <span className="text-base font-semibold">
                          {timeOfDay(intl.locale, slot.startsAt, timeZone)}
                        </span>
                        <span className="text-xs">{theirs}</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            </section>
          )}
        </>
      )}
      <div className="flex justify-between gap-2">
        <Button variant="ghost" disabled={page === 0} onClick={() => turn(page - 1)}>
          <FormattedMessage id="booking.slots.earlier" defaultMessage="Earlier days" />
        </Button>
        <Button
          variant="ghost"
          disabled={page >= 25 || (page > 0 && days.length === 0)}
          onClick={() => turn(page + 1)}
        >
          <FormattedMessage id="booking.slots.later" defaultMessage="Later days" />
        </Button>
      </div>
    </div>
  );
}
