import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { PartnerOrganisationView } from '../../shared/schemas/partners.ts';
import { createApplicationFields, multipartBody } from './application.ts';
import { createPartnershipInput } from './referral.ts';
import { staffCall } from './staff.ts';
import { linkIn, tokenOfLink, waitForMail } from './user-mail.ts';
import { apiError, authPost } from './user-requests.ts';
import { cookieFrom, enrollTotp, uniqueEmail } from './user.ts';

/** A partnership request as the /refer page sends it; answers its id. */
export async function requestPartnership(app: FastifyInstance, overrides = {}, lang = 'en') {
  const res = await app.inject({
    method: 'POST',
    url: `/api/partnerships?lang=${lang}`,
    headers: { origin: app.config.publicUrl, 'idempotency-key': randomUUID() },
    payload: createPartnershipInput(overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

/**
 * Follows the newest partner invitation's link, sets a password, is refused until the second
 * factor is set up, enrols an authenticator app: answers the partner's Cookie header.
 */
export async function acceptPartnerInvitation(
  app: FastifyInstance,
  email: string,
  password = 'a good long password',
) {
  const mail = await waitForMail(app, email, /partner account/);
  const link = new URL(linkIn(mail, app.config.publicUrl));
  expect(link.pathname).toBe('/reset-password');
  const res = await authPost(app, '/reset-password', {
    token: tokenOfLink(link.href),
    newPassword: password,
    confirmPassword: password,
  });
  expect(res.statusCode, res.body).toBe(200);
  const signedIn = cookieFrom(res.headers['set-cookie']);
  const refused = await staffCall(
    app,
    { method: 'GET', url: '/api/partner/applications' },
    signedIn,
  );
  expect(refused.statusCode).toBe(403);
  expect(apiError(refused).code).toBe('SECOND_FACTOR_REQUIRED');
  return (await enrollTotp(app, email, password, signedIn)).cookie;
}

/** An accepted partnership (by `adminCookie`) with its contact signed in with the second factor. */
export async function createPartner(
  app: FastifyInstance,
  adminCookie: string,
  businessName = 'Bright Futures Ltd',
) {
  const email = uniqueEmail('partner');
  const requestId = await requestPartnership(app, { email, businessName });
  const res = await staffCall(
    app,
    { method: 'POST', url: `/api/staff/partnerships/${requestId}/accept` },
    adminCookie,
  );
  expect(res.statusCode, res.body).toBe(201);
  const organisation = res.json<PartnerOrganisationView>();
  return { organisation, email, cookie: await acceptPartnerInvitation(app, email) };
}

/** A partner submits a valid application for a student; answers its id. */
export async function submitForStudent(
  app: FastifyInstance,
  cookie: string,
  overrides: Record<string, string> = {},
) {
  const { payload, contentType } = multipartBody(createApplicationFields(overrides));
  const res = await app.inject({
    method: 'POST',
    url: '/api/partner/applications',
    payload,
    headers: { 'content-type': contentType, cookie, origin: app.config.publicUrl },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}
