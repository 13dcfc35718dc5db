import { useState, type InputHTMLAttributes } from 'react';
import { control, FieldShell } from '../../components/field';

/** A password input with a Show/Hide toggle, wired like TextField (label, hint, error). */
export function PasswordField({
  label,
  error,
  hint,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: string; error?: string; hint?: string }) {
  const [isShown, setIsShown] = useState(false);
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
            aria-label={isShown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            onClick={() => setIsShown((shown) => !shown)}
          >
            {isShown ? 'Hide' : 'Show'}
          </button>
        </div>
      )}
    </FieldShell>
  );
}
