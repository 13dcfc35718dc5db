import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import { useForgotPassword } from './forgot-password';

/** Asks for a fresh reset e-mail when a link has expired or was used. */
export function NewResetLink() {
  const [email, setEmail] = useState('');
  const forgot = useForgotPassword();

  function submit(event: FormEvent) {
    event.preventDefault();
    void forgot.send(email);
  }

  return (
    <form noValidate onSubmit={submit} className="mt-5 space-y-4">
      {forgot.notice}
      <TextField label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <Button type="submit" className="w-full" disabled={forgot.isBusy}>
        {forgot.isBusy ? 'Sending...' : 'Send me a new link'}
      </Button>
      <p className="text-center text-sm text-muted">
        <Link to="/login" className="font-semibold text-brand-700 underline underline-offset-2">
          Back to Login
        </Link>
      </p>
    </form>
  );
}
