import { describe, expect, it } from 'vitest';
import programs from './catalogue/programs.json' with { type: 'json' };
import { isUniversityHomePage } from '../../shared/schemas/catalogue.ts';

describe('the catalogue programs links', () => {
  it('tells the programs whose link is only a university front page from those with a program page', () => {
    const list = (Array.isArray(programs) ? programs : (programs as { programs: { url: string }[] }).programs) as { url: string }[];
    const frontPages = list.filter((p) => isUniversityHomePage(p.url));
    expect(frontPages.length).toBeGreaterThan(0);
    expect(frontPages.length).toBeLessThan(list.length);
    for (const p of frontPages) expect(new URL(p.url).pathname).toBe('/');
  });
});
