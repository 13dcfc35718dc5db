import { useFormContext } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { consentVersion } from '../../../shared/schemas/application-details';
import { Link } from '../../lib/router';
import { useErrorText } from '../../lib/error-text';
import type { DetailValues } from './details-values';

/**
 * Issue 25 §3: what is shared, with which universities, before sending. The words below are
 * consent version `consentVersion` (shared/schemas/application-details.ts): change them, change it.
 */
export function ConsentField({ universities }: { universities: string[] }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const { register, formState } = useFormContext<DetailValues>();
  const error = errorText(formState.errors.consent);
  // each name kept whole: English names in an Arabic sentence otherwise swap places around "و"
  const list = intl.formatList(
    universities.map((name) => <bdi key={name}>{name}</bdi>),
    { type: 'conjunction' },
  );
  return (
    <div className="space-y-1">
      <input type="hidden" {...register('consentVersion')} value={consentVersion} />
      <label className="flex items-start gap-3 text-sm text-ink">
        <input
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 rounded border-slate-400 accent-brand-700"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'consent-error' : undefined}
          {...register('consent')}
        />
        <span>
          <FormattedMessage
            id="application.consent.text"
            defaultMessage="I agree that UK Study Portal sends this application (my details, education, English test, referees, statement and documents) to {universities}, to apply for me, and keeps it as the privacy notice says."
            values={{ universities: <strong>{list}</strong> }}
          />{' '}
          <Link to="/privacy" className="font-medium text-brand-700 underline underline-offset-2">
            <FormattedMessage id="application.consent.privacy" defaultMessage="Privacy notice" />
          </Link>
        </span>
      </label>
      {error && (
        <p id="consent-error" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
