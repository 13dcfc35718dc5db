import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../tests/support/test-app.ts';
import { fillPattern } from '../../tests/support/malformed-requests.ts';
import { createApplication } from '../../tests/factories/application.ts';
import { createStaff } from '../../tests/factories/staff.ts';
import { createUser } from '../../tests/factories/user.ts';

const ctx = useTestApp();

/** Public reference data that browsers may keep: the catalogue, its logos, the site's contact details, whether guidance has AI, the tokens' public keys. */
const publicRoutes = new Set([
  '/api/universities',
  '/api/universities/:id',
  '/api/programs',
  '/api/programs/search',
  '/api/programs/:id',
  '/api/catalogue/categories',
  '/api/consultants',
  '/api/site',
  '/api/guidance/options',
  '/api/catalogue/logos/:id',
  '/api/auth/jwks',
]);

describe('no answer with personal data is kept by a browser or a proxy (finding 14)', () => {
  it('sends Cache-Control: no-store on every API answer except the public catalogue, for every GET route', async () => {
    const applicant = await createUser(ctx.app);
    const { id } = await createApplication(ctx.app, {}, { cookie: applicant.cookie });
    const admin = await createStaff(ctx.app, 'admin');
    const routes = ctx.app.routeList.filter(
      (r) => r.method === 'GET' && (r.url.startsWith('/api/') || r.url.startsWith('/dev/')),
    );
    expect(routes.length).toBeGreaterThan(20);
    const checked: string[] = [];
    for (const route of routes) {
      // live streams always send no-store (SseStreams), and inject never sees one end
      if (publicRoutes.has(route.url) || route.liveStream) continue;
      for (const cookie of [applicant.cookie, admin.cookie, undefined]) {
        const url = fillPattern(route.url, route.url.startsWith('/api/auth/') ? 'get-session' : id);
        const res = await ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
        expect(res.headers['cache-control'], `${url} (${res.statusCode})`).toMatch(/no-store/);
        checked.push(url);
      }
    }
    expect(checked).toContain('/api/me/applications');
    expect(checked).toContain(`/api/applications/${id}`);
    expect(checked).toContain('/api/auth/get-session');
  });
});
