import type { TrackResult } from './schemas/application.ts';
/**
 * The contract between the server and the web app's server renderer (web/entry-server.tsx, built
 * into dist/ssr): the server asks which data a page needs, fetches it in process from the public
 * API, and has the page rendered to HTML with it; the browser then hydrates from the same data.
 */

/** A query a page fills on first paint, and the public API path its data comes from. */
export interface PageQuery {
  queryKey: readonly unknown[];
  path: string;
  /**
   * The page is about this one thing (a program): when the API answers 404 the page is rendered
   * with its data null and answered 404, not left to the browser.
   */
  isSubject?: boolean;
}

/** What a route tells the server renderer (its `handle`). */
export interface PageHandle {
  ssr: {
    /** The page's module, relative to web/: the HTML preloads its chunk. */
    module: string;
    /** The queries the page fills on first paint, from its address. */
    data?: (url: URL) => PageQuery[];
    /** The message areas it renders (shared/message-areas.ts): the HTML preloads them too. */
    areas: readonly string[];
  };
}

export interface PagePlan {
  /** 404 for an address no route matches: the not-found page is rendered, and answered 404. */
  status?: number;
  /** The modules (relative to web/) of the routes on screen. */
  modules: string[];
  /** Public reads to fetch before rendering (the session is fetched separately). */
  queries: PageQuery[];
  /** The build manifest keys of the page's messages in this language, for the HTML to preload. */
  messageModules(locale: string): string[];
}

export interface SessionAnswer {
  user: unknown;
}

export interface RenderInput {
  url: URL;
  locale: string;
  /** Each planned query's data, in the plan's order (null: the subject the API does not know). */
  data: { queryKey: readonly unknown[]; data: unknown }[];
  /** What the session path answered for this request's cookies (null without a session). */
  session: SessionAnswer | null;
}

export interface RenderedPage {
  html: string;
  title: string;
  /** The page's description in its language, for search engines and shared links. */
  description: string;
  /** The dehydrated query cache, for the page's JSON data block. */
  queries: unknown;
}

export interface ServerRenderer {
  /** The path the browser asks for its session (the server asks it with the visitor's cookies). */
  sessionPath: string;
  /** The addresses rendered on the server (their forms may be posted before the scripts run). */
  pagePaths: string[];
  /** null: this address is not rendered on the server (the browser renders it alone). */
  planPage(url: URL): PagePlan | null;
  renderPage(input: RenderInput): Promise<RenderedPage>;
}

/** The id of the JSON data block after the rendered page (never executed, so the CSP allows it). */
export const pageDataElementId = 'page-data';

/**
 * The id of the list of the site's stylesheets on a page that carries the rules it uses inline
 * (decision 0037): the page's code adds them once it runs, for what the page shows next.
 */
export const pageStylesElementId = 'page-styles';

export interface PageData {
  locale: string;
  /** TanStack Query's dehydrated cache. */
  queries: unknown;
}

/**
 * A page form answered by the server without the page's scripts (issue 26 §1): the address it is
 * posted to gives what the page then shows, as a query the page reads (rendered for that request
 * alone, never kept).
 */
export type PlainFormAnswer = { queryKey: readonly unknown[]; data: unknown }[];

/** The query holding what /track's lookup form, posted without scripts, found (PlainTrackAnswer). */
export const plainTrackQueryKey = ['track', 'plain'] as const;

/** What /track shows after its lookup form was posted without scripts. */
export type PlainTrackAnswer =
  { found: TrackResult } | { refused: 'notFound' | 'refused' | 'tooMany' };
