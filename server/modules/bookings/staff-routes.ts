import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  agendaQuery,
  attendanceInput,
  availabilityUpdate,
  consultantAccountInput,
} from '../../../shared/schemas/booking.ts';
import { caseworkRoles } from '../../../shared/staff-workflow.ts';
import { requireRole } from '../../auth/session.ts';
import { parseInput } from '../../lib/validate.ts';
import {
  agenda,
  availabilityPage,
  linkConsultantAccount,
  markAttendance,
  saveAvailability,
} from './staff-service.ts';

const staffOnly = { preHandler: requireRole(...caseworkRoles) };
const adminOnly = { preHandler: requireRole('admin') };
const bookingParam = z.strictObject({ id: z.uuid() });
const consultantParam = z.strictObject({ id: z.string().min(1).max(100) });

/** The consultant's agenda and availability (issue 27): consultants their own, admins anyone's. */
export async function bookingStaffRoutes(app: FastifyInstance) {
  app.get('/api/staff/bookings', staffOnly, async (req, reply) => {
    const query = parseInput(agendaQuery, req.query);
    reply.header('cache-control', 'no-store');
    return agenda(app, req.user!, query);
  });

  app.patch('/api/staff/bookings/:id', staffOnly, async (req, reply) => {
    const { id } = parseInput(bookingParam, req.params);
    const input = parseInput(attendanceInput, req.body);
    reply.header('cache-control', 'no-store');
    return markAttendance(app, req.user!, id, input);
  });

  app.get('/api/staff/availability', staffOnly, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return availabilityPage(app.db, req.user!);
  });

  app.put('/api/staff/availability/:id', staffOnly, async (req, reply) => {
    const { id } = parseInput(consultantParam, req.params);
    const { availability, version } = parseInput(availabilityUpdate, req.body);
    reply.header('cache-control', 'no-store');
    return saveAvailability(app.db, req.user!, id, availability, version);
  });

  app.put('/api/staff/availability/:id/account', adminOnly, async (req, reply) => {
    const { id } = parseInput(consultantParam, req.params);
    const { userId } = parseInput(consultantAccountInput, req.body);
    reply.header('cache-control', 'no-store');
    return linkConsultantAccount(app.db, req.user!, id, userId);
  });
}
