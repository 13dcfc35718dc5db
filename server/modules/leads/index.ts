import type { FastifyInstance } from 'fastify';
import { scheduleLeadReminders } from './reminders.ts';
import { leadRoutes } from './routes.ts';

/** Issue 28 §1 and §4 (D20): referrals to cases, leads and their reminders, the funnel. */
export async function registerLeads(app: FastifyInstance) {
  scheduleLeadReminders(app);
  await app.register(leadRoutes);
}

export { findInvitedReferral, recordReferralApplication } from './referral-casework.ts';
