import { useId, useState, type InputHTMLAttributes } from 'react';

const control =
  'block w-full rounded-lg border border-slate-400 bg-white py-2 pl-3 pr-20 text-base text-ink placeholder:text-slate-500 focus:border-brand-700 aria-invalid:border-red-700';

/** A password input with a Show/Hide toggle, wired like TextField (label, hint, error). */
export function PasswordField({
  label,
  error,
  hint,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: string; error?: string; hint?: string }) {
  const id = useId();
  const [isShown, setIsShown] = useState(false);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={isShown ? 'text' : 'password'}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          className={control}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          {...props}
        />
        <button
          type="button"
          className="absolute inset-y-1 right-1 rounded-md px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          aria-pressed={isShown}
          aria-label={isShown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          onClick={() => setIsShown((shown) => !shown)}
        >
          {isShown ? 'Hide' : 'Show'}
        </button>
      </div>
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
