import { describe, expect, it } from 'vitest';
import { isUniversityHomePage } from './catalogue.ts';

describe('isUniversityHomePage', () => {
  it('tells a university front page from a program page', () => {
    expect(isUniversityHomePage('https://www.imperial.ac.uk/')).toBe(true);
    expect(isUniversityHomePage('https://www.durham.ac.uk')).toBe(true);
    expect(isUniversityHomePage('https://www.kcl.ac.uk/study/postgraduate-taught/courses/cyber-security-msc')).toBe(false);
    expect(isUniversityHomePage('not a url')).toBe(false);
  });

});
