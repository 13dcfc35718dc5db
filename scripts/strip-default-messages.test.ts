import { describe, expect, it } from 'vitest';
import { stripDefaultMessages } from './strip-default-messages.ts';

describe('stripping English defaults from the browser build', () => {
  it('removes defaultMessage and description from descriptors, keeping their ids and everything else', () => {
    const source = [
      'const m = defineMessages({',
      "  title: { id: 'home.title', defaultMessage: 'Study in the UK', description: 'hero' },",
      "  last: { description: 'x', id: 'home.last', defaultMessage: `Two {count}` },",
      '});',
      "const shown = intl.formatMessage({ id: 'home.x', defaultMessage: 'X' }, { count: 1 });",
      "const notADescriptor = { defaultMessage: 'kept', other: 1 };",
      'export const el = <FormattedMessage id="home.y" defaultMessage="Hello {name}" values={{ name }} />;',
      'export const other = <Thing defaultMessage="kept too" />;',
    ].join('\n');
    const result = stripDefaultMessages(source, 'web/x.tsx')!;
    expect(result.code).not.toMatch(/Study in the UK|hero|Two \{count\}|'X'|Hello \{name\}/);
    expect(result.code).toContain("title: { id: 'home.title' }");
    expect(result.code).toContain("last: { id: 'home.last' }");
    expect(result.code).toContain("formatMessage({ id: 'home.x' }, { count: 1 })");
    expect(result.code).toContain('<FormattedMessage id="home.y"  values={{ name }} />');
    expect(result.code).toContain("{ defaultMessage: 'kept', other: 1 }");
    expect(result.code).toContain('<Thing defaultMessage="kept too" />');
    expect(result.map.mappings.length).toBeGreaterThan(0);
  });

  it('leaves a module without descriptors alone', () => {
    expect(stripDefaultMessages('export const a = 1;', 'web/a.ts')).toBeNull();
    expect(stripDefaultMessages("const o = { defaultMessage: 'x' };", 'web/b.ts')).toBeNull();
  });
});
