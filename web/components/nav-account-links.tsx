import { useNavigate } from 'react-router';
import { forgetSession, signOut, useSession } from '../lib/auth-client';
import { Button, ButtonLink } from './button';

/** Signed out: Login and Register. Signed in: My Applications and Log Out. */
export function NavAccountLinks() {
  const { data: user, isPending } = useSession();
  const navigate = useNavigate();

  if (isPending) return null;
  if (!user) {
    return (
      <>
        <ButtonLink to="/login" variant="ghost">
          Login
        </ButtonLink>
        <ButtonLink to="/register">Register</ButtonLink>
      </>
    );
  }

  async function logOut() {
    try {
      await signOut();
    } catch (error) {
      // The spec: a logout failure is only logged.
      console.error('Log out failed', error);
      await navigate('/');
      return;
    }
    await navigate('/');
    forgetSession();
  }

  return (
    <>
      {(user.role === 'consultant' || user.role === 'admin') && (
        <ButtonLink to="/staff" variant="ghost" className="whitespace-nowrap">
          Staff console
        </ButtonLink>
      )}
      <ButtonLink to="/dashboard" variant="ghost" className="whitespace-nowrap">
        My Applications
      </ButtonLink>
      <Button variant="secondary" className="whitespace-nowrap" onClick={logOut}>
        Log Out
      </Button>
    </>
  );
}
