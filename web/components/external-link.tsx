import type { AnchorHTMLAttributes, ReactNode } from 'react';

/** A link that opens in a new tab, says so to screen readers, and gives the new page no handle on ours. */
export function ExternalLink({
  href,
  children,
  newTabHint = '(opens in a new tab)',
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; children: ReactNode; newTabHint?: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" {...props}>
      {children}
      <span className="sr-only"> {newTabHint}</span>
    </a>
  );
}
