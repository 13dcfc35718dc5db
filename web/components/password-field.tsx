import { useState, type InputHTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import { control, FieldShell } from './field';

/** A password input with a Show/Hide toggle, wired like TextField (label, hint, error). */
export function PasswordField({
  label,
  error,
  hint,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: string;
  error?: string;
  hint?: string;
}) {
  const [isShown, setIsShown] = useState(false);
  const intl = useIntl();
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {({ id, describedBy }) => (
        <div className="relative">
          <input
            id={id}
            type={isShown ? 'text' : 'password'}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
            className={`${control} pe-20`}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            {...props}
          />
          <button
            type="button"
            className="absolute inset-y-1 end-1 rounded-md px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
            aria-pressed={isShown}
            aria-label={
              isShown
                ? intl.formatMessage(
                    { id: 'auth.password.hideNamed', defaultMessage: 'Hide {field}' },
                    { field: label.toLocaleLowerCase(intl.locale) },
                  )
                : intl.formatMessage(
                    { id: 'auth.password.showNamed', defaultMessage: 'Show {field}' },
                    { field: label.toLocaleLowerCase(intl.locale) },
                  )
            }
            onClick={() => setIsShown((shown) => !shown)}
          >
            {isShown
              ? intl.formatMessage({ id: 'auth.password.hide', defaultMessage: 'Hide' })
              : intl.formatMessage({ id: 'auth.password.show', defaultMessage: 'Show' })}
          </button>
        </div>
      )}
    </FieldShell>
  );
}
