import { ButtonLink } from './button';

/** Signed out: Login and Register. The accounts work adds the signed-in links. */
export function NavAccountLinks() {
  return (
    <>
      <ButtonLink to="/login" variant="ghost">
        Login
      </ButtonLink>
      <ButtonLink to="/register">Register</ButtonLink>
    </>
  );
}
