import { FormattedMessage } from 'react-intl';
import { useNavigate } from '../lib/router';
import { forgetSession, signOut, signOutFinished, useSession } from '../lib/auth-client';
import { Button, ButtonLink } from './button';
import { isStaffRole } from '../../shared/staff-workflow';

/** Signed out: Login and Register. Signed in: My Applications and Log Out. */
export function NavAccountLinks() {
  const { data: user, isPending } = useSession();
  const navigate = useNavigate();

  if (isPending) return null;
  if (!user) {
    return (
      <>
        <ButtonLink key="login" to="/login" variant="ghost">
          <FormattedMessage id="nav.login" defaultMessage="Login" />
        </ButtonLink>
        <ButtonLink key="register" to="/register">
          <FormattedMessage id="nav.register" defaultMessage="Register" />
        </ButtonLink>
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
    forgetSession();
    await navigate('/', { flushSync: true });
    signOutFinished();
  }

  // Keys stop React from turning the Register button into My Applications mid-transition.
  return (
    <>
      {isStaffRole(user.role) && (
        <ButtonLink key="staff" to="/staff" variant="ghost" className="whitespace-nowrap">
          <FormattedMessage id="nav.staff" defaultMessage="Staff console" />
        </ButtonLink>
      )}
      {user.role === 'partner' && (
        <ButtonLink key="partner" to="/partner" variant="ghost" className="whitespace-nowrap">
          <FormattedMessage id="nav.partner" defaultMessage="Partner portal" />
        </ButtonLink>
      )}
      <ButtonLink key="dashboard" to="/dashboard" variant="ghost" className="whitespace-nowrap">
        <FormattedMessage id="nav.dashboard" defaultMessage="My Applications" />
      </ButtonLink>
      <ButtonLink key="account" to="/account" variant="ghost" className="whitespace-nowrap">
        <FormattedMessage id="nav.account" defaultMessage="My account" />
      </ButtonLink>
      <Button key="logout" variant="secondary" className="whitespace-nowrap" onClick={logOut}>
        <FormattedMessage id="nav.logOut" defaultMessage="Log Out" />
      </Button>
    </>
  );
}
