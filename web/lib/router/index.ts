/**
 * The web app's routing (decision 0030): our history, links and navigation on wouter's matching.
 * Screens import everything about addresses from here, never from wouter itself.
 */
export { Route, Switch, useParams } from 'wouter';
export { BrowserRouter, useNavigationPending } from './browser-router';
export {
  Link,
  Navigate,
  NavLink,
  isActivePath,
  isPlainClick,
  type LinkProps,
  type NavLinkProps,
} from './links';
export {
  useLocation,
  useNavigate,
  type Location,
  type NavigateFunction,
  type NavigateOptions,
} from './location';
export { matchPath } from './match-path';
export { useSearchParams } from './search-params';
export { StaticRouter } from './static-router';
