import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema/index.ts';
import type { Availability } from '../../../shared/schemas/booking.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { createUser } from '../../../tests/factories/user.ts';
import { readZip } from '../../../tests/factories/zip.ts';
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

const post = (url: string, payload: object, cookie?: string, remoteAddress = '10.7.0.1') =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: { origin: t.app.config.publicUrl, ...(cookie ? { cookie } : {}) },
    payload,
  });

describe('bookings in "Download my data" and "Delete my account" (issue 27)', () => {
  it('exports the person’s bookings, by account and by address, and erasing them frees the time', async () => {
    const consultant = (await t.app.inject({ method: 'GET', url: '/api/consultants' })).json<
      { id: string }[]
    >()[2]!.id;
    await saveAvailability(t.app.db, consultant, allDay);
    const free = async () =>
      (
        await t.app.inject({ method: 'GET', url: `/api/consultants/${consultant}/slots?days=2` })
      ).json<{ slots: { startsAt: string }[] }>().slots;
    const person = await createUser(t.app);
    const [first, second] = (await free()).slice(3, 5);
    const signedIn = await post(
      '/api/bookings',
      {
        consultantId: consultant,
        startsAt: first!.startsAt,
        name: 'Amina Yusuf',
        email: person.user.email,
        phone: '+44 20 7946 0958',
        topic: 'Funding for a masters',
        channel: 'whatsapp',
        timeZone: 'Africa/Lagos',
      },
      person.cookie,
    );
    expect(signedIn.statusCode, signedIn.body).toBe(201);
    // signed out, with the same address in capitals
    const signedOut = await post(
      '/api/bookings',
      {
        consultantId: consultant,
        startsAt: second!.startsAt,
        name: 'Amina',
        email: person.user.email.toUpperCase(),
        topic: 'Visas',
        channel: 'video',
      },
      undefined,
      '10.7.0.2',
    );
    expect(signedOut.statusCode, signedOut.body).toBe(201);
    const someoneElse = await post(
      '/api/bookings',
      {
        consultantId: consultant,
        startsAt: (await free())[0]!.startsAt,
        name: 'Other Person',
        email: 'other-person@example.com',
        topic: 'Accommodation',
        channel: 'video',
      },
      undefined,
      '10.7.0.3',
    );
    expect(someoneElse.statusCode).toBe(201);

    const exported = await post(
      '/api/me/data-export',
      { password: person.password },
      person.cookie,
    );
    expect(exported.statusCode).toBe(200);
    const data = JSON.parse(
      (await readZip(exported.rawPayload)).get('data.json')!.toString('utf8'),
    );
    expect(
      data.bookings.map((b: { topic: string; startsAt: string }) => [b.topic, b.startsAt]),
    ).toEqual([
      ['Funding for a masters', first!.startsAt],
      ['Visas', second!.startsAt],
    ]);
    expect(data.bookings[0]).toMatchObject({
      phone: '+442079460958',
      channel: 'whatsapp',
      timeZone: 'Africa/Lagos',
      status: 'confirmed',
    });
    expect(JSON.stringify(data.bookings)).not.toContain('other-person@example.com');
    // neither the manage secret's hash nor the client's hash nor the room leave in the export
    expect(Object.keys(data.bookings[0])).not.toEqual(expect.arrayContaining(['manageTokenHash']));
    expect(JSON.stringify(data.bookings)).not.toMatch(/clientHash|roomName|manageToken/);

    const erased = await post(
      '/api/me/delete-account',
      { password: person.password, kept: [] },
      person.cookie,
    );
    expect(erased.statusCode, erased.body).toBe(200);
    const left = await t.app.db
      .select({ email: bookings.email })
      .from(bookings)
      .where(eq(bookings.consultantId, consultant));
    expect(left).toEqual([{ email: 'other-person@example.com' }]);
    const theirs = await t.app.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(sql`lower(${bookings.email}) = ${person.user.email.toLowerCase()}`);
    expect(theirs).toEqual([]);
    const times = (await free()).map((s) => s.startsAt);
    expect(times).toEqual(expect.arrayContaining([first!.startsAt, second!.startsAt]));
  });
});
