import { describe, expect, it } from 'vitest';
import {
  assemblePage,
  bootScript,
  earlyInputScript,
  chunksOf,
  codeAfterFirstPaint,
  formsPost,
  scriptSafeJson,
  type ViteManifest,
} from './page-template.ts';

const template = `<!doctype html>
<html lang="en-GB">
  <head>
    <title>UK Study Portal</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const manifest: ViteManifest = {
  'main.tsx': { file: 'assets/index-abc.js', isEntry: true, imports: [] },
  'features/home/home-page.tsx': {
    file: 'assets/home-1.js',
    imports: ['_icons.js', 'main.tsx'],
    css: ['assets/home-1.css'],
  },
  '_icons.js': { file: 'assets/icons-2.js', imports: ['_icons.js'] },
};

describe('assembling a server-rendered page', () => {
  it('lists a page’s chunks and what they import, never the entry, each once', () => {
    expect(
      chunksOf(manifest, [
        'features/home/home-page.tsx',
        'features/home/home-page.tsx',
        'unknown.tsx',
      ]),
    ).toEqual({
      scripts: ['assets/home-1.js', 'assets/icons-2.js'],
      styles: ['assets/home-1.css'],
    });
  });

  it('puts the page in #root, its data in a JSON block, its title, language and preloads in place', () => {
    const html = assemblePage(template, {
      locale: 'fr',
      title: 'Programmes & "frais" | UK Study Portal',
      appHtml: '<main><h1>Hello</h1></main>',
      pageData: { locale: 'fr', queries: { note: '</script><script>alert(1)</script>' } },
      chunks: { scripts: ['assets/home-1.js'], styles: ['assets/home-1.css'] },
    });
    expect(html).toContain('<html lang="fr" dir="ltr">');
    expect(html).toContain('<title>Programmes &amp; &quot;frais&quot; | UK Study Portal</title>');
    // the code is listed for the boot script (the entry first), not fetched by the HTML before the first paint
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
    const code = /<script type="application\/json" id="page-code">(.*?)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(code)).toEqual(['/assets/index-abc.js', '/assets/home-1.js']);
    expect(html).toContain(`<script>${bootScript}</script>`);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/home-1.css">');
    expect(html).toContain('<div id="root"><main><h1>Hello</h1></main></div>');
    const block = /<script type="application\/json" id="page-data">(.*)<\/script>/.exec(html)![1]!;
    expect(block).not.toContain('</script>');
    expect(JSON.parse(block)).toEqual({
      locale: 'fr',
      queries: { note: '</script><script>alert(1)</script>' },
    });
    // the taps kept before hydration (head), page data, code list, boot
    expect(html.match(/<script/g)).toHaveLength(4);
    expect(html).toContain(`<script>${earlyInputScript}</script>`);
    expect(html.indexOf(earlyInputScript)).toBeLessThan(html.indexOf('</head>'));
  });

  it('sets right to left for Arabic and Urdu', () => {
    const page = (locale: string) =>
      assemblePage(template, {
        locale,
        title: 't',
        appHtml: '',
        pageData: { locale, queries: {} },
        chunks: { scripts: [], styles: [] },
      });
    expect(page('ar')).toContain('<html lang="ar" dir="rtl">');
    expect(page('ur')).toContain('<html lang="ur" dir="rtl">');
    expect(page('zh-CN')).toContain('<html lang="zh-CN" dir="ltr">');
  });

  it('keeps "$" sequences in the page as they are', () => {
    const html = assemblePage(template, {
      locale: 'en-GB',
      title: "$& $' $1",
      appHtml: "<p>£34,000 or $&amp; $' $1</p>",
      pageData: { locale: 'en-GB', queries: {} },
      chunks: { scripts: [], styles: [] },
    });
    expect(html).toContain("<title>$&amp; $' $1</title>");
    expect(html).toContain("<p>£34,000 or $&amp; $' $1</p>");
  });

  it('takes the template’s module script and preloads out for the boot script, keeping its styles', () => {
    const template =
      '<head>\n <script type="module" crossorigin src="/a.js"></script>\n <link rel="modulepreload" crossorigin href="/b.js">\n <link rel="stylesheet" href="/c.css">\n</head>';
    expect(codeAfterFirstPaint(template, ['b.js', 'd.js'])).toEqual({
      html: '<head>\n <link rel="stylesheet" href="/c.css">\n</head>',
      files: ['/a.js', '/b.js', '/d.js'],
    });
  });

  it('writes a page’s critical rules in its head and lists the stylesheets for its code to add', () => {
    const withSheet = template.replace(
      '</head>',
      '<link rel="stylesheet" crossorigin href="/assets/index-1.css">\n  </head>',
    );
    const html = assemblePage(withSheet, {
      locale: 'en-GB',
      title: 't',
      appHtml: '<p class="flex">x</p>',
      pageData: { locale: 'en-GB', queries: {} },
      chunks: { scripts: [], styles: ['assets/home-1.css'] },
      criticalCss: '.flex{display:flex}</style><script>',
    });
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toContain('<style>.flex{display:flex}<\\/style><script></style>');
    const styles = /<script type="application\/json" id="page-styles">(.*?)<\/script>/.exec(
      html,
    )![1]!;
    expect(JSON.parse(styles)).toEqual(['/assets/index-1.css', '/assets/home-1.css']);
  });

  it('boots at once on a slow line, after the first paint on a fast one', () => {
    expect(bootScript).toContain('/2g|3g/.test(c.effectiveType)');
    expect(bootScript).toContain('requestAnimationFrame(function(){requestAnimationFrame(');
  });

  it('makes every form post unless it says otherwise', () => {
    expect(formsPost('<form class="a"><input></form><form method="get" class="b"></form>')).toBe(
      '<form method="post" class="a"><input></form><form method="get" class="b"></form>',
    );
  });

  it('escapes what could end a script block in JSON', () => {
    expect(scriptSafeJson({ a: '<!-- </script>', b: '\u2028' })).toBe(
      '{"a":"\\u003c!-- \\u003c/script>","b":"\\u2028"}',
    );
  });
});
