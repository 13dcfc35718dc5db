/**
 * The web app's messages are split per area (issue 13, decision 0028): a page downloads only the
 * messages of the areas it renders, in the reader's language. A message id's first segment (its
 * prefix, `account.` in `account.delete.title`) names the area its message belongs to.
 *
 * A new prefix goes here, in the area of the routes that render it (web/router.tsx says which areas
 * each route loads). `npm run i18n:compile` and server/i18n/message-areas.test.ts refuse a prefix that
 * maps to no area.
 */
export const messageAreas = {
  /** The layout (nav bar, footer, dock, language menu) and the pages every route can show. */
  core: [
    'common',
    'compareBar',
    'cost',
    'dock',
    'error',
    'footer',
    'language',
    'layout',
    'nav',
    'notFound',
    'page',
    'pagination',
    'routeError',
    'site',
  ],
  /** The catalogue's public pages, one area each: a first visit downloads its page's words only. */
  home: ['home'],
  universities: ['universities'],
  programs: ['picked', 'program', 'programPage', 'programs'],
  compare: ['compare'],
  /** The catalogue's vocabulary (levels, regions, lengths, fees) wherever programs are shown. */
  terms: ['catalogue'],
  free: ['free', 'booking'],
  guide: ['guide'],
  refer: ['refer'],
  /** Sign-in, registration and the forms and notices other screens borrow from them. */
  auth: ['auth', 'identity'],
  /** A signed-in user's own screens: /account, /dashboard. */
  account: ['account', 'dashboard'],
  /** An application from form to decision: /application, /track, the dashboard's cards, casework. */
  application: ['application', 'casework', 'document', 'track'],
  staff: ['staff'],
  /** A partner organisation's portal (D20): /partner. */
  partner: ['partner'],
} as const satisfies Record<string, readonly string[]>;

export type MessageArea = keyof typeof messageAreas;

export const messageAreaNames = Object.keys(messageAreas) as MessageArea[];

const areaOfPrefix = new Map<string, MessageArea>(
  messageAreaNames.flatMap((area) => messageAreas[area].map((prefix) => [prefix, area] as const)),
);

/** The area a message id belongs to, or undefined when its prefix is in no area (yet). */
export const messageAreaOf = (id: string): MessageArea | undefined =>
  areaOfPrefix.get(id.split('.')[0]!);

export const unmappedPrefixHelp = (prefixes: string[]) =>
  `message id prefixes in no area: ${prefixes.join(', ')}. Add each to the area of the routes that render it in shared/message-areas.ts (web/router.tsx lists each route's areas), then run npm run i18n:compile.`;

/** The prefixes of these ids that map to no area. */
export const unmappedPrefixes = (ids: Iterable<string>) =>
  [...new Set([...ids].filter((id) => !messageAreaOf(id)).map((id) => id.split('.')[0]!))].sort();
