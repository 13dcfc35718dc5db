import { describe, expect, it } from 'vitest';
import { classesOfHtml, classesOfSelector, createCriticalCss } from './critical-css.ts';

const sheet = [
  '@layer theme,base,utilities;',
  '@layer theme{:root,:host{--color-ink:#0f172a;--color-red:red;--font:var(--font-base);--font-base:Inter}}',
  '@layer base{*,:before{box-sizing:border-box}html{color:var(--color-ink);font-family:var(--font)}}',
  '@layer utilities{',
  '.flex{display:flex}',
  '.grid{display:grid}',
  '.text-red{color:var(--color-red)}',
  '.lg\\:grid-cols-\\[1fr_20rem\\]{@media (width>=64rem){grid-template-columns:1fr 20rem}}',
  '.group:hover .group-hover\\:underline{text-decoration:underline}',
  '.space-y-2{:where(&>:not(:last-child)){margin-block-end:.5rem}}',
  '.\\32 xl\\:block{display:block}',
  '.a,.b{order:1}',
  '.shadow{--tw-shadow:0 1px #000;box-shadow:var(--tw-shadow)}',
  '}',
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --tw-unused{syntax:"*";inherits:false}',
  '@keyframes spin{to{transform:rotate(360deg)}}',
].join('');

describe('the rules a rendered page uses', () => {
  const critical = createCriticalCss(sheet);

  it('keeps the rules of the classes in the HTML and drops the others', () => {
    const css = critical.for('<div class="flex lg:grid-cols-[1fr_20rem]"><p class="a">x</p></div>');
    expect(css).toContain('.flex{display:flex;}');
    expect(css).toContain(
      '.lg\\:grid-cols-\\[1fr_20rem\\]{@media (width>=64rem){grid-template-columns:1fr 20rem;}}',
    );
    expect(css).not.toContain('.grid{');
    expect(css).not.toContain('.text-red');
    // of a selector list, only the selectors the page uses
    expect(css).toContain('.a{order:1;}');
    expect(css).not.toContain('.b');
  });

  it('always keeps the reset, element rules, layer order and keyframes', () => {
    const css = critical.for('<p>no classes</p>');
    expect(css.startsWith('@layer theme,base,utilities;')).toBe(true);
    expect(css).toContain('*,:before{box-sizing:border-box;}');
    expect(css).toContain('html{color:var(--color-ink);font-family:var(--font);}');
    expect(css).toContain('@keyframes spin{to{transform:rotate(360deg);}}');
  });

  it('keeps a rule naming several classes only when the page has them all', () => {
    expect(critical.for('<a class="group-hover:underline">x</a>')).not.toContain('underline');
    expect(critical.for('<a class="group"><b class="group-hover:underline">x</b></a>')).toContain(
      '.group:hover .group-hover\\:underline{text-decoration:underline;}',
    );
  });

  it('needs no class named under :not(), and reads escaped names', () => {
    expect(critical.for('<ul class="space-y-2"></ul>')).toContain(
      '.space-y-2{:where(&>:not(:last-child)){margin-block-end:.5rem;}}',
    );
    expect(classesOfSelector('.\\32 xl\\:block')).toEqual(['2xl:block']);
    expect(critical.for('<p class="2xl:block">')).toContain('display:block');
  });

  it('drops the variables and @property rules nothing kept reads', () => {
    const css = critical.for('<p class="shadow">x</p>');
    expect(css).toContain('--color-ink:#0f172a;');
    expect(css).toContain('--font:var(--font-base);--font-base:Inter;');
    expect(css).not.toContain('--color-red');
    expect(css).toContain(
      '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000;}',
    );
    expect(css).not.toContain('--tw-unused');
    expect(critical.for('<p>x</p>')).not.toContain('@property --tw-shadow');
  });

  it('reads class attributes with entities', () => {
    expect([...classesOfHtml('<p class="a  b&amp;c" id="x"></p><i class=""></i>')]).toEqual([
      'a',
      'b&c',
    ]);
  });
});
