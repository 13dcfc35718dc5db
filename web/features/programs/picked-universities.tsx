import { FormattedMessage } from 'react-intl';
import { Link } from '../../lib/router';
import { withPicks } from '../../lib/selection';
import { useCatalogueText } from '../../lib/catalogue-text';
import type { University } from '../../../shared/schemas/catalogue';

const linkClass = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800';

/**
 * The three universities picked on /universities, with how many programs each lists. When the
 * picks list no program at all, it says so plainly and offers the ways on (issue 15, item 1).
 */
export function PickedUniversities({ picked }: { picked: University[] }) {
  const says = useCatalogueText();
  const change = withPicks(
    '/universities',
    new URLSearchParams(),
    picked.map((u) => u.id),
  );
  if (picked.length === 0) {
    return (
      <div className="rounded-[var(--radius-card)] border border-amber-300 bg-amber-50 p-4 text-amber-950">
        <p className="font-semibold">
          <FormattedMessage
            id="picked.none"
            defaultMessage="You have not picked your universities yet."
          />
        </p>
        <p className="mt-1 text-sm">
          <FormattedMessage
            id="picked.none.body"
            defaultMessage="You can browse every program, but picking three universities first lists their programs at the top. <link>Choose 3 universities</link>"
            values={{
              link: (chunks) => (
                <Link to="/universities" className="font-semibold underline">
                  {chunks}
                </Link>
              ),
            }}
          />
        </p>
      </div>
    );
  }
  const offered = picked.reduce((sum, u) => sum + u.programCount, 0);
  return (
    <section
      aria-labelledby="picked-heading"
      className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="picked-heading" className="text-lg font-semibold">
          <FormattedMessage id="picked.heading" defaultMessage="Your universities" />
        </h2>
        <Link to={change} className="text-sm font-semibold text-brand-700 hover:underline">
          <FormattedMessage id="picked.change" defaultMessage="Change universities" />
        </Link>
      </div>
      <ul className="mt-3 grid gap-2 sm:grid-cols-3">
        {picked.map((u) => (
          <li key={u.id} className="flex items-center gap-3 rounded-xl bg-brand-50 px-3 py-2">
            <img
              src={u.logoUrl}
              alt=""
              width={36}
              height={36}
              className="size-9 shrink-0 rounded-md bg-white object-contain"
            />
            <span className="min-w-0">
              <bdi className="block text-sm font-semibold leading-snug">{u.name}</bdi>
              <span className="block text-xs text-muted">
                <FormattedMessage
                  id="picked.details"
                  defaultMessage="{location} · {count, plural, =0 {no programs listed} one {# program} other {# programs}}"
                  values={{ location: <bdi>{says.city(u.location)}</bdi>, count: u.programCount }}
                />
              </span>
            </span>
          </li>
        ))}
      </ul>
      {offered === 0 && (
        <div
          role="status"
          className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
        >
          <p className="font-semibold">
            <FormattedMessage
              id="picked.empty"
              defaultMessage="{count, plural, one {Your university lists} other {Your universities list}} no programs in our catalogue yet."
              values={{ count: picked.length }}
            />
          </p>
          <p className="mt-1 text-sm">
            <FormattedMessage
              id="picked.empty.body"
              defaultMessage="You can still apply: choose a program at another university below and it becomes your first choice, with your picks as the others."
            />
          </p>
          <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm">
            <li>
              <Link to={change} className={linkClass}>
                <FormattedMessage
                  id="picked.empty.change"
                  defaultMessage="Change your universities"
                />
              </Link>
            </li>
            <li>
              <a href="#results-heading" className={linkClass}>
                <FormattedMessage id="picked.empty.all" defaultMessage="See all programs" />
              </a>
            </li>
            <li>
              <Link to="/free" className={linkClass}>
                <FormattedMessage id="picked.empty.ask" defaultMessage="Ask a consultant (free)" />
              </Link>
            </li>
          </ul>
        </div>
      )}
    </section>
  );
}
