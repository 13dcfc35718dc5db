import { FormattedMessage } from 'react-intl';
import type { ReactNode } from 'react';
import { isPlainClick } from '../lib/router';
import { Button, ButtonLink } from './button';

export function Pagination({
  page,
  pageSize,
  total,
  maxRows,
  onPage,
  hrefOf,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** Rows the server pages through at most (the queue stops at 10,000). */
  maxRows?: number;
  onPage: (page: number) => void;
  /** A public page's address of each page: Previous and Next are links, working before the scripts run. */
  hrefOf?: (page: number) => string;
  label: string;
}) {
  const reachable = Math.min(total, maxRows ?? total);
  const pageCount = Math.max(1, Math.ceil(reachable / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav
      aria-label={label}
      className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm"
    >
      <p className="text-muted" aria-live="polite">
        {total === 0 ? (
          <FormattedMessage id="pagination.none" defaultMessage="Nothing found" />
        ) : (
          <FormattedMessage
            id="pagination.showing"
            defaultMessage="Showing {first, number}–{last, number} of {total, number}"
            values={{ first, last, total }}
          />
        )}
      </p>
      <div className="flex items-center gap-2">
        <Turn
          to={page - 1}
          isOff={page <= 1}
          hrefOf={hrefOf}
          onPage={onPage}
          label={<FormattedMessage id="pagination.previous" defaultMessage="Previous" />}
        />
        <span className="tabular-nums text-muted">
          <FormattedMessage
            id="pagination.page"
            defaultMessage="Page {page} of {count, number}"
            values={{ page, count: pageCount }}
          />
        </span>
        <Turn
          to={page + 1}
          isOff={page >= pageCount}
          hrefOf={hrefOf}
          onPage={onPage}
          label={<FormattedMessage id="pagination.next" defaultMessage="Next" />}
        />
      </div>
    </nav>
  );
}

function Turn({
  to,
  isOff,
  hrefOf,
  onPage,
  label,
}: {
  to: number;
  isOff: boolean;
  hrefOf?: (page: number) => string;
  onPage: (page: number) => void;
  label: ReactNode;
}) {
  if (hrefOf && !isOff)
    return (
      <ButtonLink
        variant="secondary"
        to={hrefOf(to)}
        onClick={(event) => {
          if (!isPlainClick(event)) return;
          event.preventDefault();
          onPage(to);
        }}
      >
        {label}
      </ButtonLink>
    );
  return (
    <Button variant="secondary" disabled={isOff} onClick={() => onPage(to)}>
      {label}
    </Button>
  );
}
