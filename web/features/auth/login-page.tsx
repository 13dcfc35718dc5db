import { UnderConstruction } from '../../components/under-construction';

export function LoginPage() {
  return <UnderConstruction title="Login" />;
}
