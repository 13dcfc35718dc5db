import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema/index.ts';
import type {
  AgendaBooking,
  AgendaPage,
  Availability,
  AvailabilityPage,
} from '../../../shared/schemas/booking.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import {
  createApplicantWithApplication,
  createStaff,
  staffCall,
} from '../../../tests/factories/staff.ts';
import { saveAvailability } from './repository.ts';

const t = useTestApp();

const allDay: Availability = {
  timeZone: 'UTC',
  weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
  breaks: [],
  datesOff: [],
  extraHours: [],
  meetingMinutes: 30,
  bufferMinutes: 0,
  minimumNoticeHours: 0,
  bookingWindowDays: 30,
};

let ip = 0;
async function book(consultantId: string, n: string, cookie?: string, applicationId?: string) {
  const { slots } = (
    await t.app.inject({ method: 'GET', url: `/api/consultants/${consultantId}/slots?days=2` })
  ).json<{ slots: { startsAt: string }[] }>();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    remoteAddress: `10.9.0.${++ip}`,
    headers: { origin: t.app.config.publicUrl, ...(cookie ? { cookie } : {}) },
    payload: {
      consultantId,
      startsAt: slots[4 + ip]!.startsAt,
      name: `Student ${n}`,
      email: `agenda-${n}@example.com`,
      topic: `Topic ${n}`,
      channel: 'video',
      timeZone: 'Asia/Tokyo',
      ...(applicationId ? { applicationId } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; startsAt: string }>();
}

const call = (method: 'GET' | 'PATCH' | 'PUT', url: string, cookie: string, payload?: object) =>
  staffCall(t.app, { method, url, ...(payload ? { payload } : {}) }, cookie);

describe('the consultant’s agenda and availability (issue 27)', () => {
  let admin: Awaited<ReturnType<typeof createStaff>>;
  let amara: Awaited<ReturnType<typeof createStaff>>;

  beforeAll(async () => {
    await saveAvailability(t.app.db, 'amara-okafor', allDay);
    await saveAvailability(t.app.db, 'rohan-mehta', allDay);
    admin = await createStaff(t.app, 'admin');
    amara = await createStaff(t.app, 'consultant', 'Amara Okafor');
  });

  it('a consultant sees nothing until an admin links their account, then only their own bookings', async () => {
    const { applicant, applicationId } = await createApplicantWithApplication(t.app);
    const mine = await book('amara-okafor', 'a1', applicant.cookie, applicationId);
    const other = await book('rohan-mehta', 'r1');

    const before = await call('GET', '/api/staff/bookings', amara.cookie);
    expect(before.statusCode).toBe(200);
    expect(before.json<AgendaPage>()).toEqual({ consultants: [], bookings: [] });

    // only an admin links accounts
    const refused = await call(
      'PUT',
      '/api/staff/availability/amara-okafor/account',
      amara.cookie,
      {
        userId: amara.user.id,
      },
    );
    expect(refused.statusCode).toBe(403);
    const linked = await call('PUT', '/api/staff/availability/amara-okafor/account', admin.cookie, {
      userId: amara.user.id,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(
      linked.json<AvailabilityPage>().entries.find((e) => e.consultantId === 'amara-okafor')!
        .account,
    ).toMatchObject({ id: amara.user.id, email: amara.user.email });
    // one account is one consultant
    const twice = await call('PUT', '/api/staff/availability/rohan-mehta/account', admin.cookie, {
      userId: amara.user.id,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('ACCOUNT_ALREADY_LINKED');

    const agenda = (await call('GET', '/api/staff/bookings', amara.cookie)).json<AgendaPage>();
    expect(agenda.consultants).toEqual([{ id: 'amara-okafor', name: 'Amara Okafor' }]);
    expect(agenda.bookings.map((b) => b.id)).toEqual([mine.id]);
    const shown = agenda.bookings[0]!;
    expect(shown).toMatchObject({
      name: 'Student a1',
      email: 'agenda-a1@example.com',
      topic: 'Topic a1',
      applicationId,
      status: 'confirmed',
      timeZone: 'Asia/Tokyo',
    });
    expect(shown.applicationTitle).toMatch(/ · /);
    expect(shown.roomUrl).toMatch(/^https:\/\/.+\/[A-Za-z0-9_-]{20,}$/);

    // another consultant's agenda: not theirs to read
    const notMine = await call('GET', '/api/staff/bookings?consultantId=rohan-mehta', amara.cookie);
    expect(notMine.statusCode).toBe(404);
    // an admin sees everyone's
    const all = (await call('GET', '/api/staff/bookings', admin.cookie)).json<AgendaPage>();
    expect(all.bookings.map((b) => b.id)).toEqual(expect.arrayContaining([mine.id, other.id]));
    expect(all.consultants.length).toBeGreaterThanOrEqual(4);
  });

  it('marks a started consultation held or missed and keeps a note; a stale version answers 409', async () => {
    await call('PUT', '/api/staff/availability/amara-okafor/account', admin.cookie, {
      userId: amara.user.id,
    });
    const booked = await book('amara-okafor', 'a2');
    const find = async () =>
      (await call('GET', '/api/staff/bookings?days=3', amara.cookie))
        .json<AgendaPage>()
        .bookings.find((b) => b.id === booked.id)!;
    let row = await find();

    const early = await call('PATCH', `/api/staff/bookings/${booked.id}`, amara.cookie, {
      status: 'held',
      version: row.version,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('BOOKING_NOT_STARTED');

    // the meeting began a minute ago
    const start = new Date(Date.now() - 60_000);
    await t.app.db
      .update(bookings)
      .set({ startsAt: start, endsAt: new Date(start.getTime() + 30 * 60_000) })
      .where(eq(bookings.id, booked.id));
    row = await find();
    const held = await call('PATCH', `/api/staff/bookings/${booked.id}`, amara.cookie, {
      status: 'no_show',
      note: 'Waited ten minutes',
      version: row.version,
    });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json<AgendaBooking>()).toMatchObject({
      status: 'no_show',
      staffNote: 'Waited ten minutes',
    });
    const stale = await call('PATCH', `/api/staff/bookings/${booked.id}`, admin.cookie, {
      status: 'held',
      version: row.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('BOOKING_CHANGED_MEANWHILE');
    const [stored] = await t.app.db.select().from(bookings).where(eq(bookings.id, booked.id));
    expect(stored).toMatchObject({ status: 'no_show', staffNote: 'Waited ten minutes' });

    const huge = await call('PATCH', `/api/staff/bookings/${booked.id}`, admin.cookie, {
      note: 'x'.repeat(5000),
      version: held.json<AgendaBooking>().version,
    });
    expect(huge.statusCode).toBe(400);
  });

  it('a consultant edits their own availability, which the public slots follow; not another’s', async () => {
    await call('PUT', '/api/staff/availability/amara-okafor/account', admin.cookie, {
      userId: amara.user.id,
    });
    const page = (
      await call('GET', '/api/staff/availability', amara.cookie)
    ).json<AvailabilityPage>();
    expect(page.entries.map((e) => e.consultantId)).toEqual(['amara-okafor']);
    expect(page.staff).toEqual([]);
    const entry = page.entries[0]!;
    const onlyMornings: Availability = {
      ...allDay,
      timeZone: 'Europe/London',
      weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '09:00', end: '10:00' })),
      meetingMinutes: 60,
    };
    const saved = await call('PUT', '/api/staff/availability/amara-okafor', amara.cookie, {
      availability: onlyMornings,
      version: entry.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { slots } = (
      await t.app.inject({ method: 'GET', url: '/api/consultants/amara-okafor/slots?days=5' })
    ).json<{ slots: { startsAt: string }[] }>();
    expect(slots.length).toBeGreaterThan(0);
    for (const s of slots)
      expect(
        new Intl.DateTimeFormat('en-GB', {
          timeZone: 'Europe/London',
          hour: '2-digit',
          minute: '2-digit',
        }).format(new Date(s.startsAt)),
      ).toBe('09:00');

    // the version read before this save is stale now
    const stale = await call('PUT', '/api/staff/availability/amara-okafor', amara.cookie, {
      availability: allDay,
      version: entry.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('AVAILABILITY_CHANGED_MEANWHILE');

    const other = await call('PUT', '/api/staff/availability/rohan-mehta', amara.cookie, {
      availability: allDay,
      version: null,
    });
    expect(other.statusCode).toBe(404);

    const bad = await call('PUT', '/api/staff/availability/amara-okafor', amara.cookie, {
      availability: {
        ...allDay,
        timeZone: 'Mars/Olympus',
        weekly: [{ weekday: 9, start: '25:00', end: '01:00' }],
      },
      version: null,
    });
    expect(bad.statusCode).toBe(400);

    // an admin edits anyone's and sees every staff account to link
    const adminPage = (
      await call('GET', '/api/staff/availability', admin.cookie)
    ).json<AvailabilityPage>();
    expect(adminPage.entries.length).toBeGreaterThanOrEqual(4);
    expect(adminPage.staff.map((s) => s.id)).toEqual(
      expect.arrayContaining([admin.user.id, amara.user.id]),
    );
    const rohan = adminPage.entries.find((e) => e.consultantId === 'rohan-mehta')!;
    const byAdmin = await call('PUT', '/api/staff/availability/rohan-mehta', admin.cookie, {
      availability: { ...allDay, bufferMinutes: 15 },
      version: rohan.version,
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
  });
});
