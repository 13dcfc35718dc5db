import { FormattedMessage, useIntl } from 'react-intl';
import { Icon } from '../../components/icons';
import type { University } from '../../../shared/schemas/catalogue';
import { picksParam } from '../../../shared/university-picks';

/** The three places for picks, in the order they were picked; each pick can be removed. */
export function PickedSlots({
  picks,
  removing,
  onRemove,
}: {
  picks: { id: string; university?: University }[];
  /** The picks once this one is removed: what its button submits before the scripts run. */
  removing: (id: string) => string;
  onRemove: (id: string) => void;
}) {
  const intl = useIntl();
  return (
    <ol
      className="grid gap-2"
      aria-label={intl.formatMessage({
        id: 'universities.picks.heading',
        defaultMessage: 'Your picks',
      })}
    >
      {[0, 1, 2].map((slot) => {
        const pick = picks[slot];
        if (!pick) {
          return (
            <li
              key={`empty-${slot}`}
              className="flex min-h-16 items-center gap-3 rounded-xl border-2 border-dashed border-slate-300 px-3 py-2 text-sm text-muted"
            >
              <span className="inline-flex size-8 items-center justify-center rounded-full bg-slate-100 font-semibold text-slate-600">
                {slot + 1}
              </span>
              <FormattedMessage id="universities.slot.empty" defaultMessage="Empty slot" />
            </li>
          );
        }
        const name =
          pick.university?.name ??
          intl.formatMessage({
            id: 'universities.slot.gone',
            defaultMessage: 'A university no longer listed',
          });
        return (
          <li
            key={pick.id}
            className="flex min-h-16 items-center gap-3 rounded-xl border border-brand-100 bg-brand-50 px-3 py-2"
          >
            {pick.university ? (
              <img
                src={pick.university.logoUrl}
                alt=""
                width={36}
                height={36}
                className="size-9 shrink-0 rounded-md bg-white object-contain"
              />
            ) : (
              <span className="size-9 shrink-0 rounded-md bg-white" />
            )}
            <span className="min-w-0 flex-1 text-sm font-semibold leading-snug text-ink">
              {name}
            </span>
            <button
              type="submit"
              name={picksParam}
              value={removing(pick.id)}
              onClick={(event) => {
                event.preventDefault();
                onRemove(pick.id);
              }}
              className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-white hover:text-red-700"
            >
              <Icon name="close" />
              <span className="sr-only">
                <FormattedMessage
                  id="universities.slot.remove"
                  defaultMessage="Remove {name}"
                  values={{ name }}
                />
              </span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
