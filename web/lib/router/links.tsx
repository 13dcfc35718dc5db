import { useEffect, type AnchorHTMLAttributes, type MouseEvent, type Ref } from 'react';
import { useLocation, useNavigate } from './location';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An address of this site, e.g. `/programs?q=law`. */
  to: string;
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

/** A click the page should handle itself: the main button, no modifier key, no other window, no download. */
export const isPlainClick = (event: MouseEvent<HTMLAnchorElement>) =>
  !event.defaultPrevented &&
  event.button === 0 &&
  !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) &&
  (!event.currentTarget.target || event.currentTarget.target === '_self') &&
  !event.currentTarget.hasAttribute('download');

/** A link within the app: a real <a href> (it opens in a new tab as usual) that navigates in place. */
export function Link({ to, replace, state, preventScrollReset, onClick, ...anchor }: LinkProps) {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  return (
    <a
      {...anchor}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainClick(event)) return;
        event.preventDefault();
        // a link to the address on show replaces it, so Back does not stop on the same page twice
        navigate(to, {
          replace: replace ?? `${pathname}${search}${hash}` === to,
          state,
          preventScrollReset,
        });
      }}
    />
  );
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Active only on this very address, not on the addresses under it. */
  end?: boolean;
  className?: (link: { isActive: boolean }) => string;
}

/** True when the address on show is `to`, or (without `end`) under it; case does not matter. */
export function isActivePath(pathname: string, to: string, end = false) {
  const target = to.replace(/[?#].*$/, '').toLowerCase();
  const here = pathname.toLowerCase();
  if (here === target || here === `${target}/`) return true;
  return !end && target !== '/' && here.startsWith(target.endsWith('/') ? target : `${target}/`);
}

/** A navigation link that knows when it is the page on show (aria-current="page"). */
export function NavLink({ end, className, ...link }: NavLinkProps) {
  const isActive = isActivePath(useLocation().pathname, link.to, end);
  return (
    <Link
      {...link}
      aria-current={isActive ? 'page' : undefined}
      className={className?.({ isActive })}
    />
  );
}

/** Goes to `to` once rendered (in the browser; a server render stays where it is). */
export function Navigate({
  to,
  replace,
  state,
}: {
  to: string;
  replace?: boolean;
  state?: unknown;
}) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}
