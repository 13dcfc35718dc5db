import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { localeInfo } from '../../../shared/locales.ts';
import type { Db } from '../../db/client.ts';
import { consultantAvailability, users } from '../../db/schema/index.ts';
import { mailText, type MailText } from '../../i18n/mail/index.ts';
import { renderMail, userText } from '../../lib/mailer/index.ts';
import { invitationFile } from './invitation.ts';
import type { BookingRow } from './repository.ts';
import { roomUrl } from './rooms.ts';

/** The secret rides in the fragment: browsers never send it, so it reaches no server log. */
export const manageLink = (publicUrl: string, id: string, token: string) =>
  `${publicUrl}/consultation#booking=${id}&token=${token}`;

function timeIn(words: MailText, zone: string, at: Date): string {
  return new Intl.DateTimeFormat(localeInfo[words.locale].tag, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: zone,
  }).format(at);
}

/** The staff account that is this consultant, else the team's address (consultant e-mails: English). */
export async function consultantAddress(app: FastifyInstance, tx: Db, consultantId: string) {
  const [row] = await tx
    .select({ email: users.email })
    .from(consultantAvailability)
    .innerJoin(users, eq(users.id, consultantAvailability.userId))
    .where(eq(consultantAvailability.consultantId, consultantId));
  return row?.email ?? app.site.teamNoticesTo;
}

type Change = 'booked' | 'rescheduled' | 'cancelled';

/** The e-mails of a booking: the student's in their language, the consultant's in English. */
export function bookingMails(app: FastifyInstance) {
  const room = (b: BookingRow) =>
    b.channel === 'video' ? roomUrl(app.site.meetingBaseUrl, b.roomName) : null;
  const invitation = (b: BookingRow, consultant: string, sequence: number) =>
    invitationFile({
      uid: `${b.id}@uk-study-portal`,
      start: b.startsAt,
      end: b.endsAt,
      title: `Consultation: ${b.name} and ${consultant}`,
      description: room(b) ? `Video meeting: ${room(b)}` : `WhatsApp call to ${b.phone ?? ''}`,
      roomUrl: room(b),
      sequence,
      cancelled: b.status === 'cancelled',
      organizer: app.config.mail.from.replace(/^.*<|>.*$/g, ''),
    });
  const sequenceOf = (b: BookingRow) => Math.floor(b.updatedAt.getTime() / 1000);

  async function toStudent(
    tx: Db,
    b: BookingRow,
    consultant: string,
    change: Change,
    token?: string,
  ) {
    const words = mailText(b.language);
    const when = timeIn(words, b.timeZone, b.startsAt);
    const paragraphs =
      change === 'cancelled'
        ? [words.t('booking.cancelled.body', { consultant, time: when })]
        : [
            words.t('booking.when', { time: when, zone: b.timeZone }),
            words.t('booking.with', { consultant }),
            room(b)
              ? words.t('booking.video', { url: room(b)! })
              : words.t('booking.whatsapp', { consultant, phone: b.phone ?? '' }),
            words.t('booking.calendar'),
          ];
    await app.mailer.enqueue(tx, {
      to: b.email,
      ...renderMail(
        {
          subject: words.t(`booking.${change}.subject`, { consultant }),
          heading: words.t(`booking.${change}.heading`),
          paragraphs,
          ...(token && change !== 'cancelled'
            ? {
                action: {
                  label: words.t('booking.manageAction'),
                  url: manageLink(app.config.publicUrl, b.id, token),
                },
                note: words.t('booking.note'),
              }
            : {}),
        },
        words,
      ),
      attachments: [invitation(b, consultant, sequenceOf(b))],
    });
  }

  async function toConsultant(tx: Db, b: BookingRow, consultant: string, change: Change) {
    const words = mailText('en');
    const heading =
      change === 'booked'
        ? 'A consultation was booked with you'
        : change === 'rescheduled'
          ? 'A consultation moved to a new time'
          : 'A consultation was cancelled';
    await app.mailer.enqueue(tx, {
      to: await consultantAddress(app, tx, b.consultantId),
      ...renderMail(
        {
          subject: `${heading}: ${timeIn(words, 'Europe/London', b.startsAt)}`,
          heading,
          paragraphs: [
            `${userText(b.name)} with ${consultant}, ${timeIn(words, 'Europe/London', b.startsAt)} (UK time).`,
            `Topic: ${userText(b.topic)}`,
            b.channel === 'video'
              ? 'By video: the room is in the invitation and on your agenda.'
              : 'By WhatsApp: call the number on your agenda.',
          ],
          action: { label: 'Open the agenda', url: `${app.config.publicUrl}/staff/agenda` },
        },
        words,
      ),
      attachments: [invitation(b, consultant, sequenceOf(b))],
    });
  }

  return {
    async booked(tx: Db, b: BookingRow, consultant: string, token: string) {
      await toStudent(tx, b, consultant, 'booked', token);
      await toConsultant(tx, b, consultant, 'booked');
    },
    async rescheduled(tx: Db, b: BookingRow, consultant: string, token: string) {
      await toStudent(tx, b, consultant, 'rescheduled', token);
      await toConsultant(tx, b, consultant, 'rescheduled');
    },
    async cancelled(tx: Db, b: BookingRow, consultant: string) {
      await toStudent(tx, b, consultant, 'cancelled');
      await toConsultant(tx, b, consultant, 'cancelled');
    },
  };
}

/** The reminder a day and an hour before, in the student's language, with the room. */
export function reminderMail(
  app: FastifyInstance,
  b: BookingRow,
  consultant: string,
  when: 'day' | 'hour',
) {
  const words = mailText(b.language);
  const room = b.channel === 'video' ? roomUrl(app.site.meetingBaseUrl, b.roomName) : null;
  return {
    to: b.email,
    ...renderMail(
      {
        subject: words.t(
          when === 'day' ? 'booking.reminderDay.subject' : 'booking.reminderHour.subject',
          {
            consultant,
          },
        ),
        heading: words.t('booking.reminder.heading'),
        paragraphs: [
          words.t('booking.when', {
            time: timeIn(words, b.timeZone, b.startsAt),
            zone: b.timeZone,
          }),
          words.t('booking.with', { consultant }),
          room
            ? words.t('booking.video', { url: room })
            : words.t('booking.whatsapp', { consultant, phone: b.phone ?? '' }),
        ],
      },
      words,
    ),
  };
}
