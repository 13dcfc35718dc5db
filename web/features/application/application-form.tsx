import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormProvider, useForm, useWatch, type FieldPath } from 'react-hook-form';
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
import { ContinueLater } from './continue-later';
import { readChosenFiles } from './read-chosen-files';
import { useLeaveGuard } from './use-leave-guard';
import { DraftStatus } from './draft-status';
import { draftOf, valuesOfDraft } from './draft-content';
import type { Draft } from './use-draft';
import { useLocale } from '../../i18n/locale-context';
import { forgetInvitation, type Invitation } from './invitation';
import {
  detailFieldPrefixes,
  detailFormFields,
  detailsResolver,
  restoreDetails,
  type DetailValues,
} from './details-values';
import { EducationFields } from './education-fields';
import { EnglishTestFields } from './english-test-fields';
import { MoreAboutYouFields } from './more-about-you-fields';
import { ConsentField } from './consent-field';
import { slotOf } from './form-values';

export function ApplicationForm({
  choice,
  picks,
  draft,
  invitation,
  onSubmitted,
  englishRequirement,
  universityNames,
}: {
  /** The program's IELTS requirement (catalogue), shown against the test's scores (issue 25 §3). */
  englishRequirement: { overall: number; part: number };
  /** The universities the application goes to, by name, for the consent (issue 25 §3). */
  universityNames: string[];
  /** Issue 28: opened from an invitation sent from a referral (name and contact filled in). */
  invitation?: Invitation | null;
  choice: Choice;
  /** When fewer than three universities came with the application: the slots the form asks for. */
  picks?: { slots: string[]; fixed: number; onChange: (slots: string[]) => void };
  /** What was saved before (this browser's, the account's, an e-mailed link's), and where to save. */
  draft: Draft;
  onSubmitted: (id: string, email: string) => void;
}) {
  // an invitation fills in the name and contact where the draft has none (the page mounts the form
  // again once it has them)
  const prefill = invitation?.prefill;
  const [typed, setValues] = useState<FormValues>(() => {
    const start = valuesOfDraft(draft.initial);
    return prefill
      ? {
          ...start,
          fullName: start.fullName || prefill.fullName,
          email: start.email || prefill.email,
          phone: start.phone || (prefill.phone ?? ''),
        }
      : start;
  });
  const [isEmailEdited, setEmailEdited] = useState(
    () => !!draft.initial?.values.email || Boolean(prefill),
  );
  const [referrerMayFollow, setReferrerMayFollow] = useState(false);
  const [files, setFiles] = useState<FormFiles>({});
  // files chosen before a reload or on another device: a browser cannot keep them
  const [remembered, setRemembered] = useState(() => draft.initial?.files ?? []);
  const [isTyped, setTouched] = useState(false);
  // issue 25 §3's sections: react-hook-form checked by the shared schema
  const details = useForm<DetailValues>({
    resolver: detailsResolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: restoreDetails(draft.initial?.values),
  });
  const detailValues = useWatch({ control: details.control }) as DetailValues;
  const isTouched = isTyped || details.formState.isDirty;
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
  // a partner applies for a student (D20): the student's address, never the partner's own
  const forStudent = session.data?.role === 'partner';
  const values =
    isEmailEdited || forStudent ? typed : { ...typed, email: session.data?.email ?? '' };

  const content = draftOf(typed, isEmailEdited, files, remembered, choice, detailValues);
  const contentKey = JSON.stringify(content);
  useEffect(() => {
    if (isTouched) draft.save(content);
    // saved when what would be saved changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [contentKey, isTouched]);
  const hasChosenFiles = Object.values(files).some(Boolean);
  useLeaveGuard(
    !isTouched || isSubmitting
      ? null
      : !draft.canKeep
        ? 'everything'
        : hasChosenFiles
          ? 'files'
          : null,
  );

  function change(name: keyof FormValues, value: string) {
    setTouched(true);
    if (name === 'email') setEmailEdited(true);
    setValues((v) => ({ ...v, [name]: value }));
    setErrors(({ [name]: _cleared, ...rest }) => rest);
  }

  function setFile(key: DocumentKey | string, file: File | undefined) {
    setTouched(true);
    setFiles((f) => ({ ...f, [key]: file }));
    const place = slotOf(key);
    if (file && place)
      setRemembered((r) => r.filter((f) => f.key !== place.key || (f.part ?? 1) !== place.part));
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
    const found = validate(values, choice, files, maxFileBytes, details.getValues());
    setErrors(found);
    const detailsValid = await details.trigger();
    if (Object.keys(found).length > 0 || !detailsValid) {
      // the first field marked invalid, in the order the form shows them
      requestAnimationFrame(() => {
        const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
        if (invalid) invalid.focus();
        else focusFirstError(found);
      });
      return;
    }
    setProgress(0);
    try {
      const read = await readChosenFiles(files);
      if (read.changed.length > 0) {
        const changed = Object.fromEntries(
          read.changed.map((key) => [key, { code: 'FILE_CHANGED' }]),
        ) as FieldErrors;
        // emptied, so choosing the same file again is a change the browser reports
        for (const key of read.changed) {
          const input = form.current?.querySelector<HTMLInputElement>(`input[name="${key}"]`);
          if (input) input.value = '';
        }
        setFiles((f) => ({ ...f, ...Object.fromEntries(read.changed.map((k) => [k, undefined])) }));
        const changedFiles = read.changed.flatMap((slot) => {
          const place = slotOf(slot);
          return place
            ? [
                {
                  key: place.key,
                  ...(place.part > 1 ? { part: place.part } : {}),
                  name: files[slot]!.name,
                },
              ]
            : [];
        });
        setRemembered((r) => [
          ...r.filter(
            (f) => !changedFiles.some((c) => c.key === f.key && (c.part ?? 1) === (f.part ?? 1)),
          ),
          ...changedFiles,
        ]);
        setErrors(changed);
        setProgress(null);
        focusFirstError(changed);
        return;
      }
      await draft.settle();
      const { id } = await uploadApplication(
        toFormData(
          values,
          choice,
          read.files,
          prefill && invitation
            ? { invitation: invitation.token, referrerMayFollow: referrerMayFollow ? 'yes' : 'no' }
            : {},
          detailFormFields(details.getValues()),
        ),
        idempotencyKey,
        setProgress,
        locale,
        forStudent ? '/api/partner/applications' : '/api/applications',
      );
      draft.finish();
      void queryClient.invalidateQueries({ queryKey: ['my-applications'] });
      if (invitation) forgetInvitation();
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
      const issues = error instanceof ApiError && error.issues ? error.issues : {};
      const isDetail = (name: string) =>
        detailFieldPrefixes.some((p) => name === p || name.startsWith(`${p}.`));
      setErrors(Object.fromEntries(Object.entries(issues).filter(([name]) => !isDetail(name))));
      for (const [name, issue] of Object.entries(issues))
        if (isDetail(name))
          details.setError(
            name as FieldPath<DetailValues>,
            {
              type: issue.code,
              ...(issue.params ? { params: issue.params } : {}),
            } as never,
          );
      setProgress(null);
      requestAnimationFrame(() => bannerRef.current?.focus());
    }
  }

  return (
    <>
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
        {draft.linkError && (
          <Alert
            tone="error"
            title={intl.formatMessage({
              id: 'application.draft.linkFailed',
              defaultMessage: 'Your saved application could not be opened',
            })}
          >
            {errorText(draft.linkError)}
          </Alert>
        )}
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
              setTouched(true);
              picks.onChange(slots);
              setErrors(({ universityIds: _cleared, ...rest }) => rest);
            }}
          />
        )}
        <PersonalFields values={values} errors={errors} onChange={change} />
        <FormProvider {...details}>
          <EducationFields />
        </FormProvider>
        <CertificationFields
          values={values}
          files={files}
          remembered={remembered}
          errors={errors}
          onChange={change}
          onFile={setFile}
        />
        <FormProvider {...details}>
          <section aria-labelledby="english-test-heading" className="space-y-4">
            <h2 id="english-test-heading" className="text-lg font-semibold text-ink">
              <FormattedMessage
                id="application.english.heading"
                defaultMessage="Your English test"
              />
            </h2>
            <EnglishTestFields needed={englishRequirement} />
          </section>
          <MoreAboutYouFields />
        </FormProvider>
        <DocumentFields
          files={files}
          remembered={remembered}
          errors={errors}
          maxMb={Math.round(maxFileBytes / 1024 / 1024)}
          onFile={setFile}
        />
        <div className="space-y-3 border-t border-slate-200 pt-6">
          {prefill && (
            <label className="flex items-start gap-3 text-sm text-ink">
              <input
                type="checkbox"
                name="referrerMayFollow"
                className="mt-0.5 size-4 shrink-0 rounded border-slate-400 accent-brand-700"
                checked={referrerMayFollow}
                onChange={(event) => setReferrerMayFollow(event.target.checked)}
              />
              <span>
                <FormattedMessage
                  id="application.form.referrerMayFollow"
                  defaultMessage="I agree that the person who referred me may follow my progress: they are told that I was contacted and that I applied (my name only, nothing else)."
                />
              </span>
            </label>
          )}
          <FormProvider {...details}>
            <ConsentField universities={universityNames} />
          </FormProvider>
          {isSubmitting && (
            <ProgressBar
              value={progress * 100}
              label={intl.formatMessage({
                id: 'application.form.progress',
                defaultMessage: 'Upload progress',
              })}
            />
          )}
          <DraftStatus saved={draft.saved} />
          <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto">
            {isSubmitting ? (
              <FormattedMessage id="application.form.submitting" defaultMessage="Submitting..." />
            ) : (
              <FormattedMessage id="application.form.submit" defaultMessage="Submit application" />
            )}
          </Button>
        </div>
      </form>
      {!session.isPending && !session.data && (
        <ContinueLater email={values.email} content={content} />
      )}
    </>
  );
}
