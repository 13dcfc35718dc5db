import { UnderConstruction } from '../../components/under-construction';

export function FreePage() {
  return <UnderConstruction title="Free consultation" />;
}
