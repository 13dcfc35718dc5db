import { use, type ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import type { MessageArea } from '../../shared/message-areas';
import type { PageHandle } from '../../shared/page-rendering';
import { loadMessageAreas } from '../i18n/messages';

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

export function lazyScreen(areas: readonly MessageArea[], importer: () => Promise<ComponentType>): Screen {
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

/** What a route of the table carries: its screen, and (public pages) what the server renders. */
export interface RouteHandle extends Partial<PageHandle> {
  screen?: Screen;
}

export const routeHandle = (route: RouteObject) => route.handle as RouteHandle | undefined;

/**
 * Loads the screens of the routes matching this address; null when they are all loaded already.
 * The promise rejects if one fails to load.
 */
export function loadScreens(table: RouteObject[], pathname: string): Promise<void> | null {
  const loads = (matchRoutes(table, pathname) ?? []).flatMap(({ route }) => {
    const screen = routeHandle(route)?.screen;
    return screen && !screen.Component ? [screen.load()] : [];
  });
  return loads.length > 0 ? Promise.all(loads).then(() => undefined) : null;
}
