import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { createApplication } from '../../../tests/factories/application.ts';
import { createStaff, everyStaffRoute, staffCall } from '../../../tests/factories/staff.ts';
import { authPost } from '../../../tests/factories/user-requests.ts';
import { createUser, signInAs, uniqueEmail } from '../../../tests/factories/user.ts';

const ctx = useTestApp();

/** Every route under /api/staff as Fastify has it, e.g. "POST /api/staff/team/:id/role" (read from its route tree). */
function registeredStaffRoutes(): string[] {
  const stack: string[] = [];
  const found: string[] = [];
  for (const line of ctx.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join('');
    if (!match[3] || !path.startsWith('/api/staff')) continue;
    for (const method of match[3].split(', '))
      if (method !== 'HEAD') found.push(`${method} ${path}`);
  }
  return found;
}

const asPattern = (url: string) =>
  url
    .replace(/\/versions\/[0-9a-f]{8}-[0-9a-f-]{27}/, '/versions/:documentId')
    .replace(/\/requests\/[0-9a-f]{8}-[0-9a-f-]{27}/, '/requests/:requestId')
    .replace(/\/choices\/[0-9a-f]{8}-[0-9a-f-]{27}/, '/choices/:choiceId')
    .replace(/\/categories\/[^/]+$/, '/categories/:name')
    .replace(/\/latest-updates\/[a-z]+$/, '/latest-updates/:key')
    .replace(/\/availability\/[a-z-]+/, '/availability/:id')
    .replace(/\/commission\/rates\/[a-z-]+$/, '/commission/rates/:universityId')
    .replace(/\/leads\/[a-z]+\//, '/leads/:kind/')
    .replace(/\?.*$/, '')
    .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id')
    .replace(/\/documents\/(?!versions\/)[A-Za-z]+\//, '/documents/:key/');

describe('who may use the staff API', () => {
  it('the list used below covers every staff route', () => {
    const tested = everyStaffRoute().map((r) => `${r.method} ${asPattern(r.url)}`);
    expect(new Set(tested)).toEqual(new Set(registeredStaffRoutes()));
  });

  it('answers 401 to a signed-out request on every staff route', async () => {
    for (const route of everyStaffRoute()) {
      const res = await staffCall(ctx.app, route);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('answers 401 to a made-up session cookie', async () => {
    const res = await staffCall(
      ctx.app,
      { method: 'GET', url: '/api/staff/applications' },
      'portal.session_token=forged.value',
    );
    expect(res.statusCode).toBe(401);
  });

  it('answers 403 to an applicant on every staff route, and changes nothing', async () => {
    const applicant = await createUser(ctx.app);
    const { id } = await createApplication(ctx.app);
    for (const route of everyStaffRoute({ applicationId: id, userId: applicant.user.id })) {
      const res = await staffCall(ctx.app, route, applicant.cookie);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    const [row] = await ctx.app.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, applicant.user.id));
    expect(row!.role).toBe('applicant');
  });

  it('lets a consultant work applications and requests but not manage staff or read the audit log', async () => {
    const consultant = await createStaff(ctx.app, 'consultant');
    for (const route of everyStaffRoute({ userId: consultant.user.id })) {
      const res = await staffCall(ctx.app, route, consultant.cookie);
      if (route.adminOnly) expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      else expect(res.statusCode, `${route.method} ${route.url}`).not.toBe(403);
    }
    const [row] = await ctx.app.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, consultant.user.id));
    expect(row!.role).toBe('consultant');
  });

  it('lets an admin reach every staff route', async () => {
    const admin = await createStaff(ctx.app, 'admin');
    const res = await staffCall(ctx.app, { method: 'GET', url: '/api/staff/team' }, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(
      (await staffCall(ctx.app, { method: 'GET', url: '/api/staff/audit' }, admin.cookie))
        .statusCode,
    ).toBe(200);
  });
});

describe('an applicant cannot make itself staff', () => {
  const roleOf = async (email: string) =>
    (await ctx.app.db.select({ role: users.role }).from(users).where(eq(users.email, email)))[0]
      ?.role;

  it('through better-auth update-user with a role', async () => {
    const applicant = await createUser(ctx.app);
    for (const role of ['admin', 'consultant']) {
      const res = await authPost(ctx.app, '/update-user', { role }, { cookie: applicant.cookie });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      const withName = await authPost(
        ctx.app,
        '/update-user',
        { name: 'Sneaky', role },
        { cookie: applicant.cookie },
      );
      expect(withName.statusCode).toBeGreaterThanOrEqual(400);
    }
    expect(await roleOf(applicant.user.email)).toBe('applicant');
    const stillApplicant = await staffCall(
      ctx.app,
      { method: 'GET', url: '/api/staff/applications' },
      applicant.cookie,
    );
    expect(stillApplicant.statusCode).toBe(403);
  });

  it('through sign-up with a role', async () => {
    const email = uniqueEmail();
    const res = await authPost(ctx.app, '/sign-up/email', {
      email,
      password: 'correct horse battery',
      confirmPassword: 'correct horse battery',
      role: 'admin',
    });
    expect(res.statusCode).toBeLessThan(500);
    const created = await roleOf(email);
    expect(created === undefined || created === 'applicant').toBe(true);

    // Even better-auth's server API (which no client reaches) ignores the role.
    const direct = await ctx.app.auth.api.signUpEmail({
      body: {
        email: uniqueEmail(),
        password: 'correct horse battery',
        name: '',
        role: 'admin',
      } as never,
    });
    expect(await roleOf(direct.user.email)).toBe('applicant');
  });

  it('through any other auth endpoint that takes user fields', async () => {
    const applicant = await createUser(ctx.app);
    for (const path of [
      '/update-user',
      '/change-email',
      '/admin/set-role',
      '/admin/update-user',
      '/organization/update-member-role',
    ]) {
      await authPost(
        ctx.app,
        path,
        { role: 'admin', userId: applicant.user.id, newEmail: uniqueEmail() },
        { cookie: applicant.cookie },
      );
    }
    expect(await roleOf(applicant.user.email)).toBe('applicant');
    const session = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: applicant.cookie },
    });
    expect(session.json()?.user?.role).toBe('applicant');
  });

  it('through the staff endpoints themselves (promoting or inviting itself)', async () => {
    const applicant = await createUser(ctx.app);
    const promote = await staffCall(
      ctx.app,
      {
        method: 'POST',
        url: `/api/staff/team/${applicant.user.id}/role`,
        payload: { from: 'applicant', role: 'admin' },
      },
      applicant.cookie,
    );
    expect(promote.statusCode).toBe(403);
    const invite = await staffCall(
      ctx.app,
      {
        method: 'POST',
        url: '/api/staff/team/invitations',
        payload: { email: applicant.user.email, role: 'admin' },
      },
      applicant.cookie,
    );
    expect(invite.statusCode).toBe(403);
    expect(await roleOf(applicant.user.email)).toBe('applicant');
    const again = await signInAs(ctx.app, applicant.user.email, applicant.password);
    expect(
      (await staffCall(ctx.app, { method: 'GET', url: '/api/staff/applications' }, again))
        .statusCode,
    ).toBe(403);
  });
});
