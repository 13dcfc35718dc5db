import type { ReactNode } from 'react';
import { Router as WouterRouter } from 'wouter';
import { LocationContext, locationOf, NavigatorContext, wouterHooks } from './location';

const cannotNavigate = () => {
  throw new Error('A page rendered on the server cannot navigate');
};

/** The router of the server's render: one fixed address. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  return (
    <LocationContext value={locationOf(location)}>
      <NavigatorContext value={cannotNavigate}>
        <WouterRouter {...wouterHooks}>{children}</WouterRouter>
      </NavigatorContext>
    </LocationContext>
  );
}
