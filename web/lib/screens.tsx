import { use, type ComponentType } from 'react';
import type { MessageArea } from '../../shared/message-areas';
import type { PageHandle } from '../../shared/page-rendering';
import { loadMessageAreas } from '../i18n/messages';
import { matchPath } from './router';

/**
 * A screen loaded on demand: its code (a chunk of its own) and the messages of the areas it
 * renders, in one load. Once loaded, the component is kept: a screen loaded before rendering (the
 * server's render, the browser's hydration) renders at once, without suspending.
 */
export interface Screen {
  /** The screen's component, once its code and messages are here. */
  readonly Component: ComponentType | undefined;
  /** Loads the code and messages (again, if the last load failed). */
  load(): Promise<ComponentType>;
  /** The load under way or done (started if there is none yet): what a render waits for. */
  current(): Promise<ComponentType>;
}

export function lazyScreen(
  areas: readonly MessageArea[],
  importer: () => Promise<ComponentType>,
): Screen {
  let attempt: Promise<ComponentType> | undefined;
  let failed = false;
  const screen = {
    Component: undefined as ComponentType | undefined,
    load() {
      if (attempt && !failed) return attempt;
      failed = false;
      attempt = Promise.all([importer(), loadMessageAreas(areas)]).then(
        ([Component]) => (screen.Component = Component),
        (error: unknown) => {
          failed = true;
          throw error;
        },
      );
      return attempt;
    },
    current: () => attempt ?? screen.load(),
  };
  return screen;
}

/**
 * A route's screen: rendered at once when loaded, else it suspends until it is (the nearest
 * Suspense boundary, in the layout); a failed load throws to the error boundary.
 */
export function ScreenView({ screen }: { screen: Screen }) {
  const Component = screen.Component ?? use(screen.current());
  // the module's own component, the same one every render: not one created here
  // eslint-disable-next-line react-hooks/static-components
  return <Component />;
}

/** A route of the table: its address pattern, its screen, and (public pages) what the server renders. */
export interface AppRoute extends Partial<PageHandle> {
  path: string;
  screen: Screen;
}

/** The route shown at this address (the first that matches), or undefined for the not-found page. */
export const findRoute = (table: AppRoute[], pathname: string) =>
  table.find((route) => matchPath(route.path, pathname));

/**
 * Loads the screen of the route at this address; null when it is loaded already (or there is none).
 * The promise rejects if it fails to load.
 */
export function loadScreens(table: AppRoute[], pathname: string): Promise<void> | null {
  const screen = findRoute(table, pathname)?.screen;
  return screen && !screen.Component ? screen.load().then(() => undefined) : null;
}
