import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { Config } from '../config.ts';
import { bootScriptHash, earlyInputScriptHash } from './page-template.ts';

/** Everything the built app loads comes from this origin; no inline scripts or styles. */
export function contentSecurityPolicy(config: Config) {
  return {
    defaultSrc: ["'self'"],
    // the two scripts of server-rendered pages (early taps, boot), by their hashes (no other inline script runs)
    scriptSrc: ["'self'", earlyInputScriptHash, bootScriptHash],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    scriptSrcAttr: ["'none'"],
    upgradeInsecureRequests: config.isProduction ? [] : null,
  };
}

/**
 * Helmet's headers, worked out once at start: they do not depend on the request, so each
 * response only copies them (helmet itself would re-parse its options on every request).
 */
export function securityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet({
    contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
    strictTransportSecurity: config.isProduction,
    crossOriginEmbedderPolicy: false,
  })({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * What an API answer carries instead (OWASP's REST Security set): JSON, files and redirects are
 * never rendered as a page, so the headers that only steer a page (COOP, Origin-Agent-Cluster, DNS
 * prefetch, the legacy XSS and download switches) do nothing there but cost every read its bytes and
 * header checks. A browser told to show an answer as a page anyway gets no script, style or frame.
 */
export function apiSecurityHeaders(config: Config): Record<string, string> {
  const page = securityHeaders(config);
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    ...(page['strict-transport-security']
      ? { 'strict-transport-security': page['strict-transport-security'] }
      : {}),
  };
}

/** The page's CSP with one more source for its styles (the hash of the page's inline rules). */
export const withStyleSource = (csp: string, source: string) =>
  csp.replace(
    /(^|;)\s*style-src ([^;]*)/,
    (_m, start: string, sources: string) => `${start}style-src ${sources} ${source}`,
  );

/**
 * The build's code and styles, catalogue images and the icon are files, never pages: they get the
 * API's short set (a script or stylesheet ignores a page's CSP; an SVG opened on its own runs
 * nothing under `default-src 'none'`). On a slow line each of the page's thirty-odd files would
 * otherwise carry a kilobyte of page headers (issue 26).
 */
export const isStaticFile = (url: string) =>
  url.startsWith('/assets/') || url.startsWith('/media/') || url === '/favicon.svg';
