import { otherLocales, type OtherLocale } from '../../../../shared/schemas/catalogue';
import { localeInfo } from '../../../../shared/locales';
import { TextField } from '../../../components/field';

export const localeLabel: Record<OtherLocale, string> = {
  'zh-CN': 'Chinese',
  ar: 'Arabic',
  ur: 'Urdu',
  hi: 'Hindi',
  fr: 'French',
};

export type Errors = Record<
  string,
  { message?: string } | Record<string, { message?: string }> | undefined
>;

/** The name fields in each other language, for a form whose values hold `names` (issue 26 §4). */
export function NameFields({
  register,
  errors,
  english,
}: {
  register: (name: never) => object;
  errors: Errors;
  english: string;
}) {
  const nested = (errors.names ?? {}) as Record<string, { message?: string } | undefined>;
  return (
    <>
      {otherLocales.map((l) => (
        <TextField
          key={l}
          label={`Name in ${localeLabel[l]}`}
          hint={`Blank: ${english} is shown`}
          lang={l}
          dir={localeInfo[l].dir}
          {...register(`names.${l}` as never)}
          error={nested[l]?.message}
        />
      ))}
    </>
  );
}
