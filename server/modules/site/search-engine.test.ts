import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app.ts';

const t = useTestApp({ PUBLIC_URL: 'https://study.example' });

describe('what search engines read (issue 26)', () => {
  it('lets them crawl the public pages and keeps them out of accounts, the console and the API', async () => {
    const res = await t.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('User-agent: *\n');
    for (const path of ['/api/', '/staff', '/dashboard', '/account', '/application'])
      expect(res.body).toContain(`Disallow: ${path}\n`);
    expect(res.body).not.toMatch(/Disallow: \/(programs|universities)?\n/);
    expect(res.body).toContain('Sitemap: https://study.example/sitemap.xml');
  });

  it('lists every public page and each program’s page, with the same page in the six languages', async () => {
    const res = await t.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const programs = (await t.app.inject('/api/programs')).json<{ id: string }[]>();
    expect(programs.length).toBeGreaterThan(0);
    for (const { id } of programs)
      expect(res.body).toContain(`<loc>https://study.example/programs/${id}</loc>`);
    expect(res.body).toContain('<loc>https://study.example/universities</loc>');
    expect(res.body).toContain(
      '<xhtml:link rel="alternate" hreflang="zh-CN" href="https://study.example/programs?lang=zh-CN"/>',
    );
    expect(res.body).toContain(
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://study.example/programs"/>',
    );
    expect(res.body.match(/<url>/g)).toHaveLength(6 + programs.length);
  });
});
