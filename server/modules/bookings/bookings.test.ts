import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema/index.ts';
import type { Availability } from '../../../shared/schemas/booking.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { linkIn, waitForMail } from '../../../tests/factories/user-mail.ts';
import { sendDueReminders } from './reminders.ts';
import { saveAvailability } from './repository.ts';

const t = useTestApp();

/** Every hour of every day in UTC, nothing in the way: the slots follow from the clock. */
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
let people = 0;
const nextIp = () => `10.0.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

async function slotsOf(consultant: string, days = 2) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/consultants/${consultant}/slots?days=${days}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    consultantTimeZone: string;
    slots: { startsAt: string; consultantId: string }[];
  };
}

const person = (n: number | string, overrides: Record<string, unknown> = {}) => ({
  consultantId: 'amara-okafor',
  name: `Student ${n}`,
  email: `student${n}@example.com`,
  topic: 'Masters in computer science',
  channel: 'video',
  timeZone: 'Asia/Kolkata',
  ...overrides,
});

function book(body: unknown, remoteAddress = nextIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    payload: body as object,
    remoteAddress,
  });
}

describe('bookings (issue 27)', () => {
  beforeAll(async () => {
    await saveAvailability(t.app.db, 'amara-okafor', allDay);
    await saveAvailability(t.app.db, 'rohan-mehta', allDay);
  });

  it('20 confirmations at one slot at once: exactly one booking, 19 clear refusals', async () => {
    const { slots } = await slotsOf('amara-okafor');
    const startsAt = slots[6]!.startsAt;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => book(person(`race${i}`, { startsAt }))),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, ...Array(19).fill(409)]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json().error.code).toBe('SLOT_TAKEN');
      expect(refused.json().error.message).toMatch(/just taken/);
    }
    const stored = await t.app.db
      .select()
      .from(bookings)
      .where(eq(bookings.startsAt, new Date(startsAt)));
    expect(stored).toHaveLength(1);
    expect((await slotsOf('amara-okafor')).slots.map((s) => s.startsAt)).not.toContain(startsAt);
  });

  it('the database itself refuses an overlapping booking of one consultant', async () => {
    const { slots } = await slotsOf('amara-okafor');
    const start = new Date(slots[10]!.startsAt);
    const row = {
      consultantId: 'amara-okafor',
      name: 'A',
      email: 'a@example.com',
      topic: 't',
      channel: 'video' as const,
      language: 'en' as const,
      timeZone: 'UTC',
      manageTokenHash: 'x',
      clientHash: 'y',
    };
    await t.app.db.insert(bookings).values({
      ...row,
      startsAt: start,
      endsAt: new Date(start.getTime() + 30 * 60_000),
      roomName: 'room-a',
    });
    await expect(
      t.app.db.insert(bookings).values({
        ...row,
        startsAt: new Date(start.getTime() + 15 * 60_000),
        endsAt: new Date(start.getTime() + 45 * 60_000),
        roomName: 'room-b',
      }),
    ).rejects.toThrow();
    // back to back is fine, and so is another consultant at the same time
    await t.app.db.insert(bookings).values({
      ...row,
      startsAt: new Date(start.getTime() + 30 * 60_000),
      endsAt: new Date(start.getTime() + 60 * 60_000),
      roomName: 'room-c',
    });
    await t.app.db.insert(bookings).values({
      ...row,
      consultantId: 'rohan-mehta',
      startsAt: start,
      endsAt: new Date(start.getTime() + 30 * 60_000),
      roomName: 'room-d',
    });
  });

  it('books, e-mails an .ics in UTC and a private room; the link reschedules, then cancels and frees the slot', async () => {
    const { slots } = await slotsOf('rohan-mehta');
    const startsAt = slots[20]!.startsAt;
    const res = await book(person('flow', { consultantId: 'rohan-mehta', startsAt }));
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const booked = res.json();
    expect(booked.roomUrl).toMatch(/^https:\/\/meet\.jit\.si\/UKStudyPortal-[A-Za-z0-9]{20,}$/);

    await t.app.mailer.flush();
    const mail = await waitForMail(t.app, 'studentflow@example.com', /is booked/);
    const ics = mail.attachments?.[0]?.content ?? '';
    const utcStamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    expect(ics).toContain(`DTSTART:${utcStamp(startsAt)}`);
    expect(ics).toContain(booked.roomUrl.slice(0, 40));
    const team = await waitForMail(t.app, t.app.site.teamNoticesTo, /booked with you/);
    expect(team.attachments?.[0]?.content).toContain(`DTSTART:${utcStamp(startsAt)}`);

    const link = linkIn(mail, t.app.config.publicUrl);
    const fragment = new URLSearchParams(new URL(link).hash.slice(1));
    const secret = { id: fragment.get('booking'), token: fragment.get('token') };
    expect(new URL(link).search).toBe('');

    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/manage',
      payload: secret,
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().roomUrl).toBe(booked.roomUrl);

    const later = slots[22]!.startsAt;
    const moved = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/reschedule',
      payload: { ...secret, startsAt: later },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().startsAt).toBe(later);
    const free = (await slotsOf('rohan-mehta')).slots.map((s) => s.startsAt);
    expect(free).toContain(startsAt);
    expect(free).not.toContain(later);

    const cancelled = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/cancel',
      payload: secret,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    expect((await slotsOf('rohan-mehta')).slots.map((s) => s.startsAt)).toContain(later);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/cancel',
      payload: secret,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('BOOKING_CLOSED');
  });

  it('a person holds at most two future bookings, by address and by client', async () => {
    const { slots } = await slotsOf('rohan-mehta');
    const ip1 = nextIp();
    expect(
      (
        await book(
          person('limit', { consultantId: 'rohan-mehta', startsAt: slots[30]!.startsAt }),
          ip1,
        )
      ).statusCode,
    ).toBe(201);
    expect(
      (await book(person('limit', { consultantId: 'rohan-mehta', startsAt: slots[31]!.startsAt })))
        .statusCode,
    ).toBe(201);
    const third = await book(
      person('LIMIT', { consultantId: 'rohan-mehta', startsAt: slots[32]!.startsAt }),
    );
    expect(third.statusCode).toBe(409);
    expect(third.json().error.code).toBe('TOO_MANY_BOOKINGS');
    expect(
      (
        await book(
          person('limit-b', { consultantId: 'rohan-mehta', startsAt: slots[33]!.startsAt }),
          ip1,
        )
      ).statusCode,
    ).toBe(201);
    const fromSameClient = await book(
      person('limit-c', { consultantId: 'rohan-mehta', startsAt: slots[34]!.startsAt }),
      ip1,
    );
    expect(fromSameClient.json().error.code).toBe('TOO_MANY_BOOKINGS');
  });

  describe('hostile input: 4xx, never 5xx, nothing stored', () => {
    it.each([
      ['a past time', { startsAt: '2020-01-01T09:00:00Z' }, 409, 'SLOT_NOT_AVAILABLE'],
      ['a time off the grid', { startsAt: 'GRID' }, 409, 'SLOT_NOT_AVAILABLE'],
      ['not a time', { startsAt: 'tomorrow' }, 400, 'VALIDATION_FAILED'],
      ['an unknown consultant', { consultantId: 'nobody' }, 404, 'CONSULTANT_NOT_FOUND'],
      ['a huge topic', { topic: 'x'.repeat(100_000) }, 400, 'VALIDATION_FAILED'],
      ['NUL in the name', { name: 'A\u0000B' }, 400, undefined],
      ['a number for the name', { name: 42 }, 400, 'VALIDATION_FAILED'],
      ['an unknown channel', { channel: 'fax' }, 400, 'VALIDATION_FAILED'],
      ['WhatsApp without a number', { channel: 'whatsapp' }, 400, 'VALIDATION_FAILED'],
      ['a made-up time zone', { timeZone: 'Mars/Olympus' }, 400, 'VALIDATION_FAILED'],
      [
        'someone else’s application',
        { applicationId: '6f1c2d7e-0000-4000-8000-000000000000' },
        404,
        'APPLICATION_NOT_FOUND',
      ],
      ['an extra field', { admin: true }, 400, 'VALIDATION_FAILED'],
    ])('%s', async (_name, overrides, status, code) => {
      const { slots } = await slotsOf('amara-okafor');
      const grid = new Date(Date.parse(slots[40]!.startsAt) + 7 * 60_000).toISOString();
      const body: Record<string, unknown> = person(`hostile${++people}`, {
        startsAt: slots[40]!.startsAt,
        ...overrides,
      });
      if (body.startsAt === 'GRID') body.startsAt = grid;
      const res = await book(body);
      expect(res.statusCode).toBe(status);
      if (code) expect(res.json().error.code).toBe(code);
      const stored = await t.app.db
        .select()
        .from(bookings)
        .where(eq(bookings.email, body.email as string));
      expect(stored).toHaveLength(0);
    });

    it.each([
      ['a wrong token', (id: string) => ({ id, token: 'A'.repeat(43) })],
      [
        'an unknown booking',
        () => ({ id: '6f1c2d7e-0000-4000-8000-000000000000', token: 'A'.repeat(43) }),
      ],
      ['no token', (id: string) => ({ id })],
      ['NUL in the token', (id: string) => ({ id, token: `${'A'.repeat(30)}\u0000` })],
    ])('the manage link with %s opens nothing', async (_name, body) => {
      const { slots } = await slotsOf('amara-okafor');
      const made = await book(person(`victim${++people}`, { startsAt: slots[44]!.startsAt }));
      const id = made.json().id as string;
      for (const url of [
        '/api/bookings/manage',
        '/api/bookings/cancel',
        '/api/bookings/reschedule',
      ]) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          payload: { ...body(id), startsAt: slots[45]!.startsAt },
        });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
      const [row] = await t.app.db.select().from(bookings).where(eq(bookings.id, id));
      expect(row?.status).toBe('confirmed');
      expect(row?.startsAt.toISOString()).toBe(slots[44]!.startsAt);
      await t.app.db.delete(bookings).where(eq(bookings.id, id));
    });

    it('slots of an unknown consultant, a bad date or too many days: 4xx', async () => {
      for (const url of [
        '/api/consultants/nobody/slots',
        '/api/consultants/amara-okafor/slots?from=yesterday',
        '/api/consultants/amara-okafor/slots?days=400',
        `/api/consultants/${'x'.repeat(500)}/slots`,
      ]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, url).toBeLessThan(500);
      }
    });
  });

  it('"the first free consultant": each time names a consultant who is free then', async () => {
    const { slots } = await slotsOf('any', 1);
    expect(slots.length).toBeGreaterThan(0);
    expect(new Set(slots.map((s) => s.startsAt)).size).toBe(slots.length);
  });

  it('reminds a day and an hour before, once each, in the student’s language', async () => {
    const { slots } = await slotsOf('rohan-mehta');
    const startsAt = slots[60]!.startsAt;
    const res = await book(person('remind', { consultantId: 'rohan-mehta', startsAt }), nextIp());
    expect(res.statusCode).toBe(201);
    await t.app.db.update(bookings).set({ language: 'fr' }).where(eq(bookings.id, res.json().id));
    const start = Date.parse(startsAt);
    expect(await sendDueReminders(t.app, new Date(start - 20 * 3_600_000))).toBe(1);
    expect(await sendDueReminders(t.app, new Date(start - 19 * 3_600_000))).toBe(0);
    expect(await sendDueReminders(t.app, new Date(start - 30 * 60_000))).toBe(1);
    expect(await sendDueReminders(t.app, new Date(start - 10 * 60_000))).toBe(0);
    await t.app.mailer.flush();
    await waitForMail(t.app, 'studentremind@example.com', /^Demain/);
    const hour = await waitForMail(t.app, 'studentremind@example.com', /^Dans une heure/);
    expect(hour.text).toContain('meet');
  });

  it('"Start Meeting" opens a fresh private room each time and tells the consultant', async () => {
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/meetings',
      payload: 'consultantId=amara-okafor&purpose=consultation',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toMatch(
      /^https:\/\/meet\.jit\.si\/UKStudyPortal-[A-Za-z0-9]{20,}$/,
    );
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/meetings',
      payload: { consultantId: 'amara-okafor', purpose: 'consultation' },
    });
    expect(second.statusCode).toBe(201);
    expect(second.json().roomUrl).not.toBe(first.headers.location);
    expect(first.headers.location).not.toContain('Amara');
    await t.app.mailer.flush();
    const notice = await waitForMail(
      t.app,
      t.app.site.teamNoticesTo,
      /waiting in a video room now for Amara/,
    );
    expect(notice.text).toContain(first.headers.location!.slice(0, 30));
    for (const bad of [
      { consultantId: 'nobody' },
      { purpose: 'x'.repeat(5000) },
      { consultantId: 'a\u0000' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/meetings', payload: bad });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});
