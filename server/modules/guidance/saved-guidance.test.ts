import { count } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { savedGuidance } from '../../db/schema/index.ts';
import {
  createApplicantWithApplication,
  createStaff,
  staffCall,
} from '../../../tests/factories/staff.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';

const t = useTestApp();
const profile = {
  level: 'Masters',
  subjects: 'cyber security',
  budgetGbp: '40000',
  ielts: '6.5',
  qualification: '2:1',
  regions: [],
  intake: '',
};

it("keeps guidance with a signed-in account, and a consultant sees it beside the student's application", async () => {
  const { applicant, applicationId: id } = await createApplicantWithApplication(t.app);
  const anonymous = await t.app.inject({
    method: 'POST',
    url: '/api/guidance',
    headers: { origin: t.app.config.publicUrl },
    payload: profile,
  });
  expect(anonymous.statusCode).toBe(200);
  expect((await t.app.db.select({ n: count() }).from(savedGuidance))[0]?.n).toBe(0);

  const signedIn = await t.app.inject({
    method: 'POST',
    url: '/api/guidance',
    headers: { origin: t.app.config.publicUrl, cookie: applicant.cookie },
    payload: profile,
  });
  expect(signedIn.statusCode).toBe(200);
  expect(signedIn.headers['cache-control']).toBe('no-store');
  const top = signedIn.json().results[0];

  const consultant = await createStaff(t.app, 'consultant');
  const seen = await staffCall(
    t.app,
    { method: 'GET', url: `/api/staff/applications/${id}/guidance` },
    consultant.cookie,
  );
  expect(seen.statusCode).toBe(200);
  const { guidance } = seen.json();
  expect(guidance.profile).toMatchObject({
    level: 'Masters',
    subjects: 'cyber security',
    budgetGbp: 40000,
    ielts: '6.5',
  });
  expect(guidance.results[0]).toEqual({
    programId: top.program.id,
    programName: top.program.name,
    universityName: top.program.universityName,
    reasons: top.reasons,
    warnings: top.warnings,
  });

  const asApplicant = await staffCall(
    t.app,
    { method: 'GET', url: `/api/staff/applications/${id}/guidance` },
    applicant.cookie,
  );
  expect(asApplicant.statusCode).toBe(403);
});
