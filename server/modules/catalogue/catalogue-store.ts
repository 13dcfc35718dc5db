import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { createChangeFeed, notifyChange } from '../../lib/events/change-feed.ts';
import { CatalogueIndex } from './catalogue-index.ts';
import { loadCatalogueRows } from './repository.ts';

/** Every instance listens here; a catalogue writer notifies it in its transaction (D11: changes reach every instance). */
export const catalogueChangesChannel = 'catalogue_changes';

export function notifyCatalogueChanged(db: Db): Promise<void> {
  return notifyChange(db, catalogueChangesChannel, 'changed');
}

export interface CatalogueStore {
  /** The catalogue as last loaded: reads never wait for the database. */
  current(): CatalogueIndex;
  /** Loads the catalogue again (after a change on any instance); reads keep the old one meanwhile. */
  reload(): Promise<void>;
  /** Called each time a new catalogue is in use (the open pages' live refresh). Returns an unsubscribe. */
  onChange(listener: () => void): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: CatalogueStore;
  }
}

export async function registerCatalogueStore(app: FastifyInstance): Promise<void> {
  let index = new CatalogueIndex(await loadCatalogueRows(app.db));
  let loading: Promise<void> | null = null;
  let again = false;
  const listeners = new Set<() => void>();
  const reload = async (): Promise<void> => {
    if (loading) {
      // a change arrived while loading: load once more afterwards, so the last change is seen
      again = true;
      return loading;
    }
    loading = (async () => {
      try {
        do {
          again = false;
          index = new CatalogueIndex(await loadCatalogueRows(app.db));
        } while (again);
        for (const listener of listeners) listener();
      } catch (error) {
        app.log.error(
          { err: error },
          'catalogue: reloading failed; the previous catalogue stays in use',
        );
      } finally {
        loading = null;
      }
    })();
    return loading;
  };
  const onChange = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  app.decorate('catalogue', { current: () => index, reload, onChange });

  const feed = createChangeFeed(app.config.database, app.db, catalogueChangesChannel, app.log);
  feed.subscribe(() => void reload());
  await feed.start();
  app.addHook('onClose', async () => {
    await feed.close();
    await loading;
  });
}
