import { useFieldArray, useFormContext } from 'react-hook-form';
import { untyped } from './untyped-messages';
import { defineMessages, useIntl } from 'react-intl';
import { TextAreaField, TextField } from '../../components/field';
import { Button } from '../../components/button';
import { detailLimits } from '../../../shared/schemas/application-details';
import { emptyReferee, emptyWork, type DetailValues } from './details-values';
import { useDetailField } from './detail-field';

const m = untyped(
  defineMessages({
    refereesHeading: {
      id: 'application.referees.heading',
      defaultMessage: 'Referees (optional)',
    },
    refereesNote: {
      id: 'application.referees.note',
      defaultMessage: 'Up to two teachers or employers who can write about you.',
    },
    referee: { id: 'application.referees.entry', defaultMessage: 'Referee {number}' },
    name: { id: 'application.referees.name', defaultMessage: 'Referee’s name' },
    role: { id: 'application.referees.role', defaultMessage: 'Referee’s role' },
    institution: {
      id: 'application.referees.institution',
      defaultMessage: 'Referee’s institution',
    },
    email: { id: 'application.referees.email', defaultMessage: 'Referee’s email' },
    addReferee: { id: 'application.referees.add', defaultMessage: 'Add a referee' },
    removeReferee: { id: 'application.referees.remove', defaultMessage: 'Remove referee {number}' },
    workHeading: { id: 'application.work.heading', defaultMessage: 'Work experience (optional)' },
    work: { id: 'application.work.entry', defaultMessage: 'Work {number}' },
    employer: { id: 'application.work.employer', defaultMessage: 'Employer' },
    workRole: { id: 'application.work.role', defaultMessage: 'Job title' },
    startYear: { id: 'application.work.startYear', defaultMessage: 'Start year' },
    endYear: {
      id: 'application.work.endYear',
      defaultMessage: 'End year (empty if you still work there)',
    },
    description: {
      id: 'application.work.description',
      defaultMessage: 'What you did (optional)',
    },
    addWork: { id: 'application.work.add', defaultMessage: 'Add work experience' },
    removeWork: { id: 'application.work.remove', defaultMessage: 'Remove work {number}' },
    statementHeading: {
      id: 'application.statement.heading',
      defaultMessage: 'Personal statement (optional)',
    },
    statement: {
      id: 'application.statement.text',
      defaultMessage: 'Write it here, or add it as a file under Supporting documents',
    },
    statementHint: {
      id: 'application.statement.hint',
      defaultMessage: 'Why this program, and why you. At most {max} characters.',
    },
  }),
);

/** Issue 25 §3: referees (up to two), work experience and the personal statement, all optional. */
export function MoreAboutYouFields() {
  const intl = useIntl();
  const field = useDetailField();
  const { control } = useFormContext<DetailValues>();
  const referees = useFieldArray({ control, name: 'referees' });
  const work = useFieldArray({ control, name: 'workExperience' });
  return (
    <>
      <section aria-labelledby="referees-heading" className="space-y-4">
        <div>
          <h2 id="referees-heading" className="text-lg font-semibold text-ink">
            {intl.formatMessage(m.refereesHeading)}
          </h2>
          <p className="text-sm text-muted">{intl.formatMessage(m.refereesNote)}</p>
        </div>
        {referees.fields.map((entry, index) => (
          <fieldset key={entry.id} className="space-y-4 rounded-lg border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold text-ink">
              {intl.formatMessage(m.referee, { number: index + 1 })}
            </legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField {...field(`referees.${index}.name`, intl.formatMessage(m.name))} />
              <TextField {...field(`referees.${index}.role`, intl.formatMessage(m.role))} />
              <TextField
                {...field(`referees.${index}.institution`, intl.formatMessage(m.institution))}
              />
              <TextField
                {...field(`referees.${index}.email`, intl.formatMessage(m.email))}
                type="email"
                dir="ltr"
              />
            </div>
            <Button type="button" variant="secondary" onClick={() => referees.remove(index)}>
              {intl.formatMessage(m.removeReferee, { number: index + 1 })}
            </Button>
          </fieldset>
        ))}
        {referees.fields.length < detailLimits.referees && (
          <Button
            type="button"
            variant="secondary"
            onClick={() => referees.append({ ...emptyReferee })}
          >
            {intl.formatMessage(m.addReferee)}
          </Button>
        )}
      </section>
      <section aria-labelledby="work-heading" className="space-y-4">
        <h2 id="work-heading" className="text-lg font-semibold text-ink">
          {intl.formatMessage(m.workHeading)}
        </h2>
        {work.fields.map((entry, index) => (
          <fieldset key={entry.id} className="space-y-4 rounded-lg border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold text-ink">
              {intl.formatMessage(m.work, { number: index + 1 })}
            </legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                {...field(`workExperience.${index}.employer`, intl.formatMessage(m.employer))}
              />
              <TextField
                {...field(`workExperience.${index}.role`, intl.formatMessage(m.workRole))}
              />
              <TextField
                {...field(`workExperience.${index}.startYear`, intl.formatMessage(m.startYear))}
                inputMode="numeric"
              />
              <TextField
                {...field(`workExperience.${index}.endYear`, intl.formatMessage(m.endYear))}
                inputMode="numeric"
              />
            </div>
            <TextAreaField
              {...field(`workExperience.${index}.description`, intl.formatMessage(m.description))}
              rows={2}
            />
            <Button type="button" variant="secondary" onClick={() => work.remove(index)}>
              {intl.formatMessage(m.removeWork, { number: index + 1 })}
            </Button>
          </fieldset>
        ))}
        {work.fields.length < detailLimits.workExperience && (
          <Button type="button" variant="secondary" onClick={() => work.append({ ...emptyWork })}>
            {intl.formatMessage(m.addWork)}
          </Button>
        )}
      </section>
      <section aria-labelledby="statement-heading" className="space-y-4">
        <h2 id="statement-heading" className="text-lg font-semibold text-ink">
          {intl.formatMessage(m.statementHeading)}
        </h2>
        <TextAreaField
          {...field('personalStatementText', intl.formatMessage(m.statement))}
          hint={intl.formatMessage(m.statementHint, { max: detailLimits.statementCharacters })}
          maxLength={detailLimits.statementCharacters}
          rows={8}
        />
      </section>
    </>
  );
}
