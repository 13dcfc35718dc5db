import { beforeEach, expect } from 'vitest';
import { applicationStatuses, type ApplicationStatus } from '../../shared/application-status.ts';
import type { StaffApplicationDetail } from '../../shared/schemas/staff.ts';
import { changeStatus } from '../../server/modules/applications/status.ts';
import type { TestApp } from '../support/test-app.ts';
import { createApplicantWithApplication, createStaff, staffCall, statusMailsTo } from './staff.ts';
import type { createUser } from './user.ts';

/**
 * One consultant for the file and, before each test, an applicant with a new application, plus
 * the calls staff make on it.
 */
export function useStaffApplicationScenario(ctx: TestApp) {
  const s = {} as {
    consultant: Awaited<ReturnType<typeof createStaff>>;
    applicant: Awaited<ReturnType<typeof createUser>>;
    applicationId: string;
  };

  beforeEach(async () => {
    s.consultant ??= await createStaff(ctx.app, 'consultant', 'Cora Consultant');
    Object.assign(s, await createApplicantWithApplication(ctx.app));
  });

  const move = (body: object, id = s.applicationId, cookie = s.consultant.cookie) =>
    staffCall(
      ctx.app,
      { method: 'POST', url: `/api/staff/applications/${id}/status`, payload: body },
      cookie,
    );

  const detail = async (id = s.applicationId): Promise<StaffApplicationDetail> =>
    (
      await staffCall(
        ctx.app,
        { method: 'GET', url: `/api/staff/applications/${id}` },
        s.consultant.cookie,
      )
    ).json();

  /**
   * Moves a new application forward to `status` as the system does when its choices say so
   * (D18: applied, offered and accepted follow the choices; the console moves only to reviewed).
   */
  async function advanceTo(status: ApplicationStatus, id = s.applicationId) {
    const current = (await detail(id)).application.status;
    const steps = applicationStatuses.slice(
      applicationStatuses.indexOf(current) + 1,
      applicationStatuses.indexOf(status) + 1,
    );
    for (const to of steps) await changeStatus(ctx.app, { applicationId: id, to, actorId: null });
  }

  const statusMails = () => statusMailsTo(ctx.app, s.applicant.user.email);

  /** Mail goes out in the background: wait until `n` status e-mails have arrived. */
  async function expectStatusMails(n: number) {
    await expect.poll(async () => (await statusMails()).length, { timeout: 5_000 }).toBe(n);
  }

  return { s, move, advanceTo, detail, statusMails, expectStatusMails };
}
