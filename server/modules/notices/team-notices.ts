import type { FastifyInstance } from 'fastify';
import { countryNames, isCountryCode } from '../../../shared/countries.ts';
import { defaultLocale, isLocale } from '../../../shared/locales.ts';
import type { Db } from '../../db/client.ts';
import { mailText } from '../../i18n/mail/index.ts';
import { renderMail, userText } from '../../lib/mailer/index.ts';
import { findAccountContact } from './repository.ts';

/*
 * Item 12 of issue 15: the team hears of each new application, referral and partnership request
 * (at the site configuration's `teamNoticesTo`), and an application's owner account hears of it when
 * that account's address is not the one the confirmation went to. Each notice is written with
 * `enqueue` in the transaction that stores the request: it goes out only if that commits. A notice
 * carries names and what was asked for, and a link into the staff console; no contact details.
 */

const country = (code: string) => (isCountryCode(code) ? countryNames[code] : code);

async function toTeam(
  app: FastifyInstance,
  tx: Db,
  subject: string,
  heading: string,
  paragraphs: string[],
  path: string,
) {
  await app.mailer.enqueue(tx, {
    to: app.site.teamNoticesTo,
    ...renderMail({
      subject,
      heading,
      paragraphs,
      action: { label: 'Open it in the staff console', url: `${app.config.publicUrl}${path}` },
    }),
  });
}

export interface NewApplication {
  id: string;
  userId: string | null;
  email: string;
  fullName: string;
  nationality: string;
  programName: string;
  universityName: string;
}

export async function noticeOfApplication(
  app: FastifyInstance,
  tx: Db,
  a: NewApplication,
): Promise<void> {
  await toTeam(
    app,
    tx,
    `New application: ${a.programName}`,
    'A new application has arrived',
    [
      `${userText(a.fullName)} (${country(a.nationality)}) has applied for ${a.programName} at ${a.universityName}.`,
      a.userId ? 'It was submitted from a signed-in account.' : 'It was submitted signed out.',
    ],
    `/staff/applications/${a.id}`,
  );
  if (!a.userId) return;
  const owner = await findAccountContact(tx, a.userId);
  if (!owner || owner.email.toLowerCase() === a.email.toLowerCase()) return;
  // an account e-mail: in the account's language (issue 14)
  const words = mailText(isLocale(owner.language) ? owner.language : defaultLocale);
  await app.mailer.enqueue(tx, {
    to: owner.email,
    ...renderMail(
      {
        subject: words.t('ownerNotice.subject'),
        heading: words.t('ownerNotice.heading'),
        paragraphs: [
          words.t('ownerNotice.submitted', {
            program: a.programName,
            university: a.universityName,
            name: userText(a.fullName),
          }),
          words.t('ownerNotice.followIt'),
        ],
        action: { label: words.t('ownerNotice.action'), url: `${app.config.publicUrl}/dashboard` },
      },
      words,
    ),
  });
}

export async function noticeOfReferral(
  app: FastifyInstance,
  tx: Db,
  r: { id: string; name: string; country: string; studentName: string; studyInterest: string },
): Promise<void> {
  await toTeam(
    app,
    tx,
    'New student referral',
    'A student has been referred',
    [
      `${userText(r.name)} (${country(r.country)}) has referred ${userText(r.studentName)}, who wants to study ${userText(r.studyInterest)}.`,
    ],
    `/staff/requests/referral/${r.id}`,
  );
}

export async function noticeOfPartnership(
  app: FastifyInstance,
  tx: Db,
  p: { id: string; contactName: string; businessName: string; country: string },
): Promise<void> {
  await toTeam(
    app,
    tx,
    'New partnership request',
    'A business would like to partner with us',
    [
      `${userText(p.contactName)} of ${userText(p.businessName)} (${country(p.country)}) has asked about a partnership.`,
    ],
    `/staff/requests/partnership/${p.id}`,
  );
}
