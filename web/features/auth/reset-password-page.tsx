import { UnderConstruction } from '../../components/under-construction';

export function ResetPasswordPage() {
  return <UnderConstruction title="Reset password" />;
}
