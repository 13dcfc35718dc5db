import { UnderConstruction } from '../../components/under-construction';

export function ReferPage() {
  return <UnderConstruction title="Join Our Network" />;
}
