import { describe, expect, inject, it } from 'vitest';
import { localeInfo } from '../../shared/locales.ts';
import type { Consultant } from '../../shared/schemas/catalogue.ts';
import type { SiteConfig } from '../../shared/schemas/site.ts';
import { newEmail, registerAccount, signInByApi } from './auth-helpers.ts';
import { expectNoSeriousAxeViolations, useBrowser, viewports } from './browser.ts';
import { linkIn, waitForMail, type OutboxMail } from './outbox.ts';
import { mkdirSync } from 'node:fs';

const { open } = useBrowser();
const baseUrl = inject('baseUrl');
const studentZone = 'America/New_York';
const shots = process.env.BOOKING_SHOTS_DIR ?? 'test-results/screenshots';
mkdirSync(shots, { recursive: true });

/** The .ics attachment of a mail, and its DTSTART as an instant. */
function invitationOf(mail: OutboxMail) {
  const ics = (
    mail as OutboxMail & { attachments?: { filename: string; content: string }[] }
  ).attachments?.find((a) => a.filename.endsWith('.ics'))?.content;
  expect(ics).toBeDefined();
  const stamp = /DTSTART:(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/.exec(ics!);
  expect(stamp, 'DTSTART in UTC').not.toBeNull();
  const [, y, mo, d, h, mi, s] = stamp!;
  return { ics: ics!, start: new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`) };
}

const clock = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat(localeInfo.en.tag, {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
  }).format(at);

/** A browser in the student's time zone, as a person abroad has. */
const studentAt = (path: string, viewport: keyof typeof viewports = 'desktop') =>
  open(path, viewport, { timezoneId: studentZone });

async function staffAt(
  at: string,
  role: 'consultant' | 'admin',
  viewport: keyof typeof viewports = 'desktop',
) {
  const { email, password } = await registerAccount();
  const made = await fetch(`${baseUrl}/api/test/staff-role`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, role }),
  });
  expect(made.status).toBe(204);
  const staff = await open('/', viewport);
  await signInByApi(staff.context.request, email, password, { enroll: true });
  await staff.page.goto(at);
  return { ...staff, email, password };
}

describe.sequential('a consultation booked in a real slot (issue 27)', () => {
  const studentEmail = newEmail('booker');
  let consultant: Consultant;
  let site: SiteConfig;
  let staff: Awaited<ReturnType<typeof staffAt>>;
  let bookedStart: Date;
  let manageLink: string;

  it('an admin links a consultant’s staff account in the availability editor', async () => {
    const consultants = (await (await fetch(`${baseUrl}/api/consultants`)).json()) as Consultant[];
    consultant = consultants[1]!;
    site = (await (await fetch(`${baseUrl}/api/site`)).json()) as SiteConfig;
    staff = await staffAt('/staff/agenda', 'consultant');
    await staff.page.getByText('Your account is not linked to a consultant').waitFor();

    const admin = await staffAt('/staff/availability', 'admin');
    await admin.page.getByLabel('Consultant').selectOption(consultant.id);
    const account = admin.page.getByLabel(`Staff account of ${consultant.name}`);
    const option = account.locator('option', { hasText: staff.email });
    await account.selectOption((await option.getAttribute('value'))!);
    await expect.poll(async () => (await account.inputValue()).length).toBeGreaterThan(0);
    await admin.page.getByRole('form', { name: `Availability of ${consultant.name}` }).waitFor();
    await admin.page.screenshot({ path: `${shots}/availability-1280.png`, fullPage: true });
    await expectNoSeriousAxeViolations(admin.page);
    await admin.page.setViewportSize(viewports.phone);
    await admin.page.screenshot({ path: `${shots}/availability-390.png`, fullPage: true });
    await expectNoSeriousAxeViolations(admin.page);
    expect(admin.problems).toEqual([]);
  });

  it('a student in New York books a time shown in their zone, with the consultant’s London time beside it', async () => {
    const student = await studentAt('/free');
    await student.page.getByRole('link', { name: `Book a time with ${consultant.name}` }).click();
    await student.page.waitForURL(`**/free/book/${consultant.id}`);
    await student.page
      .getByRole('heading', { name: `Book a time with ${consultant.name}`, level: 1 })
      .waitFor();
    expect(await student.page.getByLabel('Your time zone').inputValue()).toBe(studentZone);

    const slot = student.page.locator('ul li button').first();
    await slot.waitFor();
    const [shownTime, theirTime] = (await slot.locator('span').allInnerTexts()).map((t) =>
      t.trim(),
    );
    await student.page.screenshot({ path: `${shots}/slot-picker-1280.png`, fullPage: true });
    await slot.click();
    await student.page.getByRole('heading', { name: '2. Your details' }).waitFor();

    // hostile and empty input first: the shared schema's words, nothing sent
    await student.page.getByRole('button', { name: 'Confirm booking' }).click();
    await student.page.getByText('Your name is required').waitFor();
    await student.page.getByText('What you want to talk about is required').waitFor();

    await student.page.getByLabel('Your name').fill('Maya Student');
    await student.page.getByLabel('E-mail').fill(studentEmail);
    await student.page.getByLabel('What you want to talk about').fill('A masters in data science');
    await student.page.getByRole('button', { name: 'Confirm booking' }).click();
    await student.page.getByText('Your consultation is booked').waitFor();
    await student.page.screenshot({ path: `${shots}/booked-1280.png`, fullPage: true });
    await expectNoSeriousAxeViolations(student.page);

    const mail = await waitForMail(
      studentEmail,
      new RegExp(`consultation with ${consultant.name} is booked`),
    );
    const { ics, start } = invitationOf(mail);
    bookedStart = start;
    expect(clock(start, studentZone)).toBe(shownTime);
    expect(theirTime).toBe(
      new Intl.DateTimeFormat(localeInfo.en.tag, {
        timeZone: 'Europe/London',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      }).format(start),
    );
    expect(ics).toMatch(/DTEND:\d{8}T\d{6}Z/);
    expect(mail.text).toContain(`(your time, ${studentZone})`);
    manageLink = linkIn(mail);
    expect(new URL(manageLink).pathname).toBe('/consultation');
    expect(new URL(manageLink).hash).toMatch(/^#booking=[0-9a-f-]{36}&token=/);

    // the private room: in the mail, the invitation and on the page; it opens
    const room = new RegExp(
      `${site.meetingBaseUrl.replace(/\/$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/[A-Za-z0-9_-]{20,}`,
    ).exec(mail.text)![0];
    expect(ics.replace(/\r?\n[ \t]/g, '')).toContain(room);
    await student.context.route(`${site.meetingBaseUrl.replace(/\/$/, '')}/**`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>room</title>room' }),
    );
    const [popup] = await Promise.all([
      student.context.waitForEvent('page'),
      student.page.getByRole('link', { name: /Your private video room/ }).click(),
    ]);
    expect(popup.url()).toBe(room);
    expect(student.problems).toEqual([]);
  });

  it('the consultant sees it on the agenda, with the room', async () => {
    await staff.page.reload();
    const item = staff.page.getByRole('listitem').filter({ hasText: 'Maya Student' });
    await item.waitFor();
    await item.getByText('A masters in data science').waitFor();
    await item.getByText(studentEmail).waitFor();
    expect(await item.getByRole('link', { name: /Open the room/ }).getAttribute('href')).toMatch(
      new RegExp(`^${site.meetingBaseUrl.replace(/\/?$/, '/')}`),
    );
    await staff.page.screenshot({ path: `${shots}/agenda-1280.png`, fullPage: true });
    await expectNoSeriousAxeViolations(staff.page);
    await staff.page.setViewportSize(viewports.phone);
    await staff.page.screenshot({ path: `${shots}/agenda-390.png`, fullPage: true });
    await expectNoSeriousAxeViolations(staff.page);
  });

  it('the student moves it from the e-mail’s link, then cancels it; the time is free again', async () => {
    const url = new URL(manageLink);
    for (const lang of ['en', 'ar'] as const)
      for (const viewport of ['phone', 'desktop'] as const) {
        const look = await studentAt(`${url.pathname}?lang=${lang}${url.hash}`, viewport);
        await look.page.locator('h2').first().waitFor();
        await look.page.screenshot({
          path: `${shots}/consultation-${lang}-${viewports[viewport].width}.png`,
          fullPage: true,
        });
        await expectNoSeriousAxeViolations(look.page);
        await look.context.close();
      }
    const student = await studentAt(url.pathname + url.hash);
    await student.page
      .getByRole('heading', { name: `Consultation with ${consultant.name}` })
      .waitFor();
    await student.page.screenshot({ path: `${shots}/consultation-1280.png`, fullPage: true });
    await expectNoSeriousAxeViolations(student.page);

    await student.page.getByRole('button', { name: 'Choose another time' }).click();
    const slots = student.page.locator('ul li button');
    await slots.nth(1).waitFor();
    await slots.nth(1).click();
    await student.page.getByRole('button', { name: 'Move to this time' }).click();
    await student.page.getByText('Your consultation has moved').waitFor();
    const moved = await waitForMail(studentEmail, /has a new time/);
    const newStart = invitationOf(moved).start;
    expect(newStart.getTime()).not.toBe(bookedStart.getTime());

    const free = async () =>
      (
        (await (
          await fetch(`${baseUrl}/api/consultants/${consultant.id}/slots?days=31`)
        ).json()) as { slots: { startsAt: string }[] }
      ).slots.map((s) => s.startsAt);
    expect(await free()).toContain(bookedStart.toISOString());
    expect(await free()).not.toContain(newStart.toISOString());

    await student.page.getByRole('button', { name: 'Cancel this consultation' }).click();
    await student.page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await student.page.getByText('Your consultation is cancelled').waitFor();
    await student.page.getByText('Cancelled', { exact: true }).waitFor();
    await waitForMail(studentEmail, /is cancelled/);
    expect(await free()).toContain(newStart.toISOString());
    expect(student.problems).toEqual([]);
  });
});

describe('screens in English and Arabic at 390 and 1280 px', () => {
  // twelve pages, each checked by axe: longer than one page's default minute on a busy machine
  it(
    '/free, the slot picker and /consultation without a link: no serious axe violation',
    { timeout: 150_000 },
    async () => {
      for (const lang of ['en', 'ar'] as const)
        for (const viewport of ['phone', 'desktop'] as const) {
          const size = viewports[viewport].width;
          const free = await studentAt(`/free?lang=${lang}`, viewport);
          await free.page.locator('a[href="/free/book/any"]').waitFor();
          await free.page.screenshot({ path: `${shots}/free-${lang}-${size}.png`, fullPage: true });
          await expectNoSeriousAxeViolations(free.page);
          await free.page.locator('a[href="/free/book/any"]').click();
          await free.page.waitForURL('**/free/book/any');
          await free.page.locator('#pick-heading').waitFor();
          const slot = free.page.locator('ul li button').first();
          await slot.click();
          await free.page.locator('#details-heading').waitFor();
          await free.page.screenshot({ path: `${shots}/book-${lang}-${size}.png`, fullPage: true });
          await expectNoSeriousAxeViolations(free.page);
          await free.page.goto(`/consultation?lang=${lang}`);
          await free.page.getByRole('alert').waitFor();
          await expectNoSeriousAxeViolations(free.page);
          expect(free.problems).toEqual([]);
        }
    },
  );
});
