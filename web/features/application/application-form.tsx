import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  defaultMaxUploadMb,
  type DocumentKey,
  type UploadLimits,
} from '../../../shared/schemas/application';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { ProgressBar } from '../../components/progress-bar';
import { apiGet, ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/auth-client';
import { applicationFieldNames } from '../../lib/document-names';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { useErrorText } from '../../lib/error-text';
import { CertificationFields } from './certification-fields';
import { DocumentFields } from './document-fields';
import {
  emptyValues,
  fieldOrder,
  toFormData,
  validate,
  type Choice,
  type FieldErrors,
  type FormFiles,
  type FormValues,
} from './form-values';
import { PersonalFields } from './personal-fields';
import { MissingPicks } from './missing-picks';
import { uploadApplication } from './upload-application';
import { useLocale } from '../../i18n/locale-context';

export function ApplicationForm({
  choice,
  picks,
  onSubmitted,
}: {
  choice: Choice;
  /** When fewer than three universities came with the application: the slots the form asks for. */
  picks?: { slots: string[]; fixed: number; onChange: (slots: string[]) => void };
  onSubmitted: (id: string, email: string) => void;
}) {
  const [typed, setValues] = useState<FormValues>(emptyValues);
  const [isEmailEdited, setEmailEdited] = useState(false);
  const [files, setFiles] = useState<FormFiles>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // one key per form fill: a retry after a lost answer finds the first application
  const [idempotencyKey] = useState(newIdempotencyKey);
  const form = useRef<HTMLFormElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const session = useSession();
  const { locale } = useLocale();
  const intl = useIntl();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const limits = useQuery({
    queryKey: ['upload-limits'],
    queryFn: () => apiGet<UploadLimits>('/api/applications/upload-limits'),
    staleTime: Infinity,
  });
  const maxFileBytes = limits.data?.maxFileBytes ?? defaultMaxUploadMb * 1024 * 1024;
  const isSubmitting = progress !== null;

  // prefilled from the signed-in account until the applicant types their own
  const values = isEmailEdited ? typed : { ...typed, email: session.data?.email ?? '' };

  function change(name: keyof FormValues, value: string) {
    if (name === 'email') setEmailEdited(true);
    setValues((v) => ({ ...v, [name]: value }));
    setErrors(({ [name]: _cleared, ...rest }) => rest);
  }

  function setFile(key: DocumentKey, file: File | undefined) {
    setFiles((f) => ({ ...f, [key]: file }));
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  }

  function focusFirstError(found: FieldErrors) {
    const first = fieldOrder.find((name) => found[name]);
    const elements = form.current?.querySelectorAll<HTMLElement>(`[name="${first}"]`);
    const target =
      [...(elements ?? [])].find((el) => (el as HTMLInputElement).checked) ??
      [...(elements ?? [])].find((el) => el instanceof HTMLSelectElement && !el.value) ??
      elements?.[0];
    if (target) target.focus();
    else bannerRef.current?.focus();
  }

  /** The field a refusal names, for the banner's sentence ("Transcripts must be a PDF…"). */
  const refusedFieldName = (error: ApiError) => {
    const name = applicationFieldNames[Object.keys(error.issues ?? {})[0] ?? ''];
    return name && intl.formatMessage(name);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isSubmitting) return;
    setBanner(null);
    const found = validate(values, choice, files, maxFileBytes);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(found);
      return;
    }
    setProgress(0);
    try {
      const { id } = await uploadApplication(
        toFormData(values, choice, files),
        idempotencyKey,
        setProgress,
        locale,
      );
      void queryClient.invalidateQueries({ queryKey: ['my-applications'] });
      onSubmitted(id, values.email.trim());
    } catch (error) {
      setBanner(
        error instanceof ApiError
          ? errorText(error, { field: refusedFieldName(error) })
          : intl.formatMessage({
              id: 'application.form.failed',
              defaultMessage: 'Something went wrong. Please try again.',
            }),
      );
      setErrors(error instanceof ApiError && error.issues ? error.issues : {});
      setProgress(null);
      requestAnimationFrame(() => bannerRef.current?.focus());
    }
  }

  return (
    <form
      ref={form}
      noValidate
      onSubmit={submit}
      className="space-y-8"
      aria-describedby="form-note"
    >
      <div ref={bannerRef} tabIndex={-1} className="outline-none">
        {banner && (
          <Alert
            tone="error"
            title={intl.formatMessage({
              id: 'application.form.notSent',
              defaultMessage: 'Your application was not sent',
            })}
          >
            {banner}
          </Alert>
        )}
      </div>
      <p id="form-note" className="text-sm text-muted">
        <FormattedMessage
          id="application.form.note"
          defaultMessage="All fields are required unless marked optional."
        />
      </p>
      {picks && (
        <MissingPicks
          {...picks}
          missing={!!errors.universityIds}
          onChange={(slots) => {
            picks.onChange(slots);
            setErrors(({ universityIds: _cleared, ...rest }) => rest);
          }}
        />
      )}
      <PersonalFields values={values} errors={errors} onChange={change} />
      <CertificationFields
        values={values}
        files={files}
        errors={errors}
        onChange={change}
        onFile={setFile}
      />
      <DocumentFields
        files={files}
        errors={errors}
        maxMb={Math.round(maxFileBytes / 1024 / 1024)}
        onFile={setFile}
      />
      <div className="space-y-3 border-t border-slate-200 pt-6">
        {isSubmitting && (
          <ProgressBar
            value={progress * 100}
            label={intl.formatMessage({
              id: 'application.form.progress',
              defaultMessage: 'Upload progress',
            })}
          />
        )}
        <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto">
          {isSubmitting ? (
            <FormattedMessage id="application.form.submitting" defaultMessage="Submitting..." />
          ) : (
            <FormattedMessage id="application.form.submit" defaultMessage="Submit application" />
          )}
        </Button>
      </div>
    </form>
  );
}
