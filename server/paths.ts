import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The folder holding package.json, found by walking up from this module: the same answer whether
 * the server runs from its sources (server/) or compiled into one file (dist/server/).
 */
function findProjectRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${start}`);
  }
}

export const projectRoot = findProjectRoot(import.meta.dirname);

/** Files the server reads at run time, relative to the project root. */
export const projectPaths = {
  migrations: path.join(projectRoot, 'server/db/migrations'),
  catalogue: path.join(projectRoot, 'server/db/catalogue'),
  siteConfig: path.join(projectRoot, 'config/site.json'),
  webDist: path.join(projectRoot, 'dist/web'),
  ssrDist: path.join(projectRoot, 'dist/ssr'),
};
