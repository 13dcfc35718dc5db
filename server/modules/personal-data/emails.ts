import type { FastifyInstance } from 'fastify';
import type { Locale } from '../../../shared/locales.ts';
import type { ErasureChannel } from '../../../shared/schemas/personal-data.ts';
import type { Db } from '../../db/client.ts';
import { mailText } from '../../i18n/mail/index.ts';
import { renderMail, userText } from '../../lib/mailer/index.ts';
import { erasureDay } from './erasure-plan.ts';
import type { SubjectApplication } from './subjects.ts';

export interface ErasureNotice {
  email: string;
  language: Locale;
  channel: ErasureChannel;
  hadAccount: boolean;
  erasedApplications: number;
  kept: SubjectApplication[];
  months: number;
}

/**
 * The person hears what was deleted and what is kept, why and until when (D16), in their language,
 * written to the outbox in the erasure's transaction: it goes out only if the erasure commits.
 */
export async function mailErasureConfirmation(
  app: FastifyInstance,
  tx: Db,
  notice: ErasureNotice,
): Promise<void> {
  const words = mailText(notice.language);
  const keptLines = notice.kept.map((a) => {
    const names = { program: a.programName, university: a.universityName, id: a.id };
    const until = erasureDay(a, notice.months);
    return until
      ? words.t('dataErased.keptUntil', { ...names, until })
      : words.t('dataErased.keptOpen', { ...names, months: notice.months });
  });
  const paragraphs = [
    words.t(notice.channel === 'account' ? 'dataErased.byAccount' : 'dataErased.byEmail'),
    ...(notice.hadAccount ? [words.t('dataErased.erasedAccount')] : []),
    ...(notice.erasedApplications > 0
      ? [words.t('dataErased.erasedApplications', { count: notice.erasedApplications })]
      : []),
    words.t('dataErased.erasedMessages'),
    ...(notice.kept.length > 0
      ? [
          words.t('dataErased.kept', { count: notice.kept.length }),
          ...keptLines,
          words.t('dataErased.consultant'),
        ]
      : []),
  ];
  await app.mailer.enqueue(tx, {
    to: notice.email,
    ...renderMail(
      {
        subject: words.t('dataErased.subject'),
        heading: words.t('dataErased.heading'),
        paragraphs,
        note: words.t('dataErased.note'),
      },
      words,
    ),
  });
}

/**
 * The owning consultant (or, for an unassigned case, the team's address) hears that a case became
 * an erasure request. Staff e-mails stay in English (D14); no contact details, a link to the case.
 */
export async function mailErasureRequestToOwner(
  app: FastifyInstance,
  tx: Db,
  a: SubjectApplication & { fullName: string },
  ownerEmail: string | null,
  months: number,
): Promise<void> {
  await app.mailer.enqueue(tx, {
    to: ownerEmail ?? app.site.teamNoticesTo,
    ...renderMail({
      subject: `Erasure request: ${a.programName}`,
      heading: 'The applicant asked for their data to be erased',
      paragraphs: [
        `${userText(a.fullName)} asked for their data to be erased while their application for ${a.programName} at ${a.universityName} is active.`,
        'Their account, messages and other data are already deleted. The case stays for what the contract and our legal duties need: carry on only with that, and close the case when the work is done.',
        `The case is erased ${months} months after it closes.`,
      ],
      action: {
        label: 'Open the case in the staff console',
        url: `${app.config.publicUrl}/staff/applications/${a.id}`,
      },
    }),
  });
}
