import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  messageAreaNames,
  messageAreaOf,
  unmappedPrefixes,
  unmappedPrefixHelp,
  type MessageArea,
} from '../shared/message-areas.ts';

/**
 * `npm run i18n:compile`: each language's messages (web/i18n/lang) precompiled to ICU ASTs, then
 * split per area (shared/message-areas.ts) into web/i18n/compiled/<area>/<locale>.json, so a page
 * downloads only the messages of the areas it renders.
 */
const root = path.resolve(import.meta.dirname, '..');
const langDir = path.join(root, 'web/i18n/lang');
const compiledDir = path.join(root, 'web/i18n/compiled');
const whole = mkdtempSync(path.join(tmpdir(), 'i18n-compiled-'));

try {
  execFileSync(
    path.join(root, 'node_modules/.bin/formatjs'),
    ['compile-folder', '--ast', '--format', 'simple', langDir, whole],
    { stdio: 'inherit' },
  );
  const files = readdirSync(whole).filter((f) => f.endsWith('.json'));
  const unmapped = unmappedPrefixes(
    files.flatMap((f) =>
      Object.keys(JSON.parse(readFileSync(path.join(whole, f), 'utf8')) as object),
    ),
  );
  if (unmapped.length > 0) throw new Error(unmappedPrefixHelp(unmapped));
  rmSync(compiledDir, { recursive: true, force: true });
  for (const file of files) {
    const messages = JSON.parse(readFileSync(path.join(whole, file), 'utf8')) as Record<
      string,
      unknown
    >;
    const byArea = new Map<MessageArea, Record<string, unknown>>(
      messageAreaNames.map((area) => [area, {}]),
    );
    for (const id of Object.keys(messages).sort())
      byArea.get(messageAreaOf(id)!)![id] = messages[id];
    for (const [area, part] of byArea) {
      mkdirSync(path.join(compiledDir, area), { recursive: true });
      writeFileSync(path.join(compiledDir, area, file), `${JSON.stringify(part)}\n`);
    }
  }
} finally {
  rmSync(whole, { recursive: true, force: true });
}
