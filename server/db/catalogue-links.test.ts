import { describe, expect, it } from 'vitest';
import programs from './catalogue/programs.json' with { type: 'json' };
import { isUniversityHomePage } from '../../shared/schemas/catalogue.ts';

describe('the catalogue programs links', () => {
  it('gives a course URL only where it is a program page; the others link the university website (null url)', () => {
    const list = programs.programs as { url: string | null }[];
    const withCoursePage = list.filter((p) => p.url !== null);
    expect(withCoursePage.length).toBeGreaterThan(0);
    expect(withCoursePage.length).toBeLessThan(list.length);
    for (const p of withCoursePage) expect(isUniversityHomePage(p.url!)).toBe(false);
  });
});
