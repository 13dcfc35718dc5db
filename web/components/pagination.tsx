import { FormattedMessage } from 'react-intl';
import { Button } from './button';

export function Pagination({
  page,
  pageSize,
  total,
  maxRows,
  onPage,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** Rows the server pages through at most (the queue stops at 10,000). */
  maxRows?: number;
  onPage: (page: number) => void;
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
        <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <FormattedMessage id="pagination.previous" defaultMessage="Previous" />
        </Button>
        <span className="tabular-nums text-muted">
          <FormattedMessage
            id="pagination.page"
            defaultMessage="Page {page} of {count, number}"
            values={{ page, count: pageCount }}
          />
        </span>
        <Button variant="secondary" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
          <FormattedMessage id="pagination.next" defaultMessage="Next" />
        </Button>
      </div>
    </nav>
  );
}
