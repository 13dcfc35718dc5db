import { Button } from '../../components/button';
import { SelectField, TextField } from '../../components/field';
import { intakes, ukRegions } from '../../../shared/catalogue-values';
import { degreeClasses, guidanceProfile, ieltsBands, type GuidanceProfile } from '../../../shared/schemas/guidance';
import { useSchemaForm } from '../auth/use-schema-form';

export const emptyProfile = {
  level: 'Masters' as const,
  subjects: '',
  budgetGbp: '' as unknown as null,
  ielts: '' as unknown as null,
  qualification: '',
  regions: [] as GuidanceProfile['regions'],
  intake: '' as unknown as null,
};

export function GuideForm({ onSubmit, isBusy }: { onSubmit: (profile: GuidanceProfile) => void; isBusy: boolean }) {
  const form = useSchemaForm(guidanceProfile, emptyProfile);
  const errors = form.formState.errors;
  const level = form.watch('level');
  const submit = form.handleSubmit((profile) => onSubmit(profile));
  return (
    <form method="post" noValidate onSubmit={(event) => void submit(event)} className="space-y-5 rounded-[var(--radius-card)] border border-slate-200 bg-white p-5 shadow-sm">
      <fieldset>
        <legend className="text-sm font-medium text-ink">Study level</legend>
        <div className="mt-2 flex gap-5">
          {(['Bachelors', 'Masters'] as const).map((value) => (
            <label key={value} className="flex items-center gap-2">
              <input type="radio" value={value} {...form.register('level')} className="size-4 accent-brand-700" />
              {value}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label="Subjects you want to study"
        hint="In your own words, e.g. cyber security, business analytics"
        {...form.register('subjects')}
        error={errors.subjects?.message}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Budget for tuition per year (£, optional)"
          inputMode="numeric"
          {...form.register('budgetGbp')}
          error={errors.budgetGbp?.message}
        />
        <SelectField label="Your IELTS overall score" {...form.register('ielts')} error={errors.ielts?.message}>
          <option value="">Not yet taken</option>
          {ieltsBands.map((band) => (
            <option key={band} value={band}>
              {Number(band).toFixed(1)}
            </option>
          ))}
        </SelectField>
        {level === 'Masters' ? (
          <SelectField label="Your degree class (or expected)" {...form.register('qualification')} error={errors.qualification?.message}>
            <option value="">Choose…</option>
            {degreeClasses.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </SelectField>
        ) : (
          <TextField
            label="Your A-level grades (or predicted)"
            hint="Such as AAB"
            {...form.register('qualification')}
            error={errors.qualification?.message}
          />
        )}
        <SelectField label="Intake" {...form.register('intake')} error={errors.intake?.message}>
          <option value="">Any intake</option>
          {intakes.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-ink">Regions you prefer (optional)</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-3">
          {ukRegions.map((region) => (
            <label key={region} className="flex items-center gap-2 text-sm">
              <input type="checkbox" value={region} {...form.register('regions')} className="size-4 accent-brand-700" />
              {region}
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" size="lg" disabled={isBusy}>
        {isBusy ? 'Finding programs…' : 'Find my programs'}
      </Button>
    </form>
  );
}
