import { UnderConstruction } from '../../components/under-construction';

export function RegisterPage() {
  return <UnderConstruction title="Register" />;
}
