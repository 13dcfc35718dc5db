import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  messageAreaNames,
  messageAreas,
  unmappedPrefixes,
  unmappedPrefixHelp,
} from '../../shared/message-areas.ts';

const english = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../web/i18n/lang/en.json'), 'utf8'),
) as Record<string, string>;

describe('message areas', () => {
  it('every message id prefix belongs to an area (a page would show it untranslated otherwise)', () => {
    const unmapped = unmappedPrefixes(Object.keys(english));
    expect(unmapped, unmappedPrefixHelp(unmapped)).toEqual([]);
  });

  it('no prefix is in two areas', () => {
    const all = messageAreaNames.flatMap((area) => [...messageAreas[area]]);
    expect(all.filter((prefix, i) => all.indexOf(prefix) !== i)).toEqual([]);
  });
});
