import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** A link that opens in a new tab, says so to screen readers, and gives the new page no handle on ours. */
export function ExternalLink({
  href,
  children,
  newTabHint,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & {
  href: string;
  children: ReactNode;
  newTabHint?: ReactNode;
}) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" {...props}>
      {children}
      <span className="sr-only">
        {' '}
        {newTabHint ?? (
          <FormattedMessage id="common.newTab" defaultMessage="(opens in a new tab)" />
        )}
      </span>
    </a>
  );
}
