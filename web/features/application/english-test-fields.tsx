import { useFormContext, useWatch } from 'react-hook-form';
import { untyped } from './untyped-messages';
import { defineMessages, useIntl } from 'react-intl';
import { SelectField, TextField } from '../../components/field';
import {
  englishGap,
  englishTests,
  englishTestScales,
  scoreParts,
  type EnglishTest,
  type ScorePart,
} from '../../../shared/schemas/application-details';
import type { DetailValues } from './details-values';
import { useDetailField } from './detail-field';
import { todayIso } from './form-values';

const m = untyped(
  defineMessages({
    test: { id: 'application.english.test', defaultMessage: 'English test taken' },
    chooseTest: { id: 'application.english.chooseTest', defaultMessage: 'Choose a test' },
    date: { id: 'application.english.date', defaultMessage: 'Test date' },
    overall: { id: 'application.english.overall', defaultMessage: 'Overall score' },
    listening: { id: 'application.english.listening', defaultMessage: 'Listening' },
    reading: { id: 'application.english.reading', defaultMessage: 'Reading' },
    writing: { id: 'application.english.writing', defaultMessage: 'Writing' },
    speaking: { id: 'application.english.speaking', defaultMessage: 'Speaking' },
    scale: {
      id: 'application.english.scale',
      defaultMessage: 'Overall {min}–{max}; each part {partMin}–{partMax}.',
    },
    needed: {
      id: 'application.english.needed',
      defaultMessage: 'This program asks for IELTS {overall} overall and {part} in each part.',
    },
    meets: {
      id: 'application.english.meets',
      defaultMessage: 'Your scores meet it.',
    },
    overallShort: {
      id: 'application.english.overallShort',
      defaultMessage: 'Your overall {have} is {gap} below it.',
    },
    partShort: {
      id: 'application.english.partShort',
      defaultMessage: '{part} {have} is below {needed}.',
    },
    otherTest: {
      id: 'application.english.otherTest',
      defaultMessage:
        'Universities compare other tests with IELTS themselves: our team checks your scores against this.',
    },
    notYet: {
      id: 'application.english.notYet',
      defaultMessage:
        'You can still apply: an offer may ask you to reach this score before you start.',
    },
  }),
);

const testNames = defineMessages({
  ieltsAcademic: { id: 'application.english.ieltsAcademic', defaultMessage: 'IELTS Academic' },
  ieltsUkvi: { id: 'application.english.ieltsUkvi', defaultMessage: 'IELTS for UKVI' },
  pteAcademic: { id: 'application.english.pteAcademic', defaultMessage: 'PTE Academic' },
  toeflIbt: { id: 'application.english.toeflIbt', defaultMessage: 'TOEFL iBT' },
  languageCert: {
    id: 'application.english.languageCert',
    defaultMessage: 'LanguageCert Academic',
  },
  duolingo: { id: 'application.english.duolingo', defaultMessage: 'Duolingo English Test' },
  cambridge: {
    id: 'application.english.cambridge',
    defaultMessage: 'Cambridge English (C1 Advanced, C2 Proficiency)',
  },
  none: { id: 'application.english.none', defaultMessage: 'None yet' },
});

const isTest = (v: string): v is EnglishTest => (englishTests as readonly string[]).includes(v);

/** Issue 25 §3: the test, its date and scores within its scale, and the program's requirement beside them. */
export function EnglishTestFields({ needed }: { needed: { overall: number; part: number } }) {
  const intl = useIntl();
  const field = useDetailField();
  const { control } = useFormContext<DetailValues>();
  const values = useWatch({ control, name: 'englishTest' });
  const test = isTest(values.test) ? values.test : null;
  const scale = test && test !== 'none' ? englishTestScales[test] : null;
  const number = (v: number) => intl.formatNumber(v, { maximumFractionDigits: 1 });
  const read = (v: string) => (v.trim() === '' || Number.isNaN(Number(v)) ? undefined : Number(v));
  const gap = test
    ? englishGap(
        {
          test,
          overall: read(values.overall),
          ...Object.fromEntries(scoreParts.map((p) => [p, read(values[p])])),
        },
        needed,
      )
    : null;
  const complete = gap?.comparable && read(values.overall) !== undefined;
  return (
    <div className="space-y-4">
      <SelectField {...field('englishTest.test', intl.formatMessage(m.test))}>
        <option value="">{intl.formatMessage(m.chooseTest)}</option>
        {englishTests.map((t) => (
          <option key={t} value={t}>
            {intl.formatMessage(testNames[t])}
          </option>
        ))}
      </SelectField>
      {scale && (
        <div className="space-y-4">
          <TextField
            {...field('englishTest.date', intl.formatMessage(m.date))}
            type="date"
            max={todayIso()}
          />
          <p className="text-sm text-muted">
            {intl.formatMessage(m.scale, {
              min: number(scale.overall.min),
              max: number(scale.overall.max),
              partMin: number(scale.part.min),
              partMax: number(scale.part.max),
            })}
          </p>
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-5">
            {(['overall', ...scoreParts] as const).map((name) => {
              const s = name === 'overall' ? scale.overall : scale.part;
              return (
                <TextField
                  key={name}
                  {...field(`englishTest.${name}`, intl.formatMessage(m[name]))}
                  type="number"
                  inputMode="decimal"
                  min={s.min}
                  max={s.max}
                  step={s.step}
                />
              );
            })}
          </div>
        </div>
      )}
      {test && (
        <div
          className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-ink"
          aria-live="polite"
        >
          <p>
            {intl.formatMessage(m.needed, {
              overall: number(needed.overall),
              part: number(needed.part),
            })}
          </p>
          {test === 'none' ? (
            <p>{intl.formatMessage(m.notYet)}</p>
          ) : !gap?.comparable ? (
            <p>{intl.formatMessage(m.otherTest)}</p>
          ) : complete ? (
            gap.overallShort === null && gap.partsShort.length === 0 ? (
              <p className="font-medium text-green-800">{intl.formatMessage(m.meets)}</p>
            ) : (
              <ul className="list-disc ps-5 font-medium text-amber-900">
                {gap.overallShort !== null && (
                  <li>
                    {intl.formatMessage(m.overallShort, {
                      have: number(read(values.overall)!),
                      gap: number(gap.overallShort),
                    })}
                  </li>
                )}
                {gap.partsShort.map(({ part, have }: { part: ScorePart; have: number }) => (
                  <li key={part}>
                    {intl.formatMessage(m.partShort, {
                      part: intl.formatMessage(m[part]),
                      have: number(have),
                      needed: number(needed.part),
                    })}
                  </li>
                ))}
              </ul>
            )
          ) : null}
        </div>
      )}
    </div>
  );
}
