import { UnderConstruction } from '../../components/under-construction';

export function TrackPage() {
  return <UnderConstruction title="Track your application" />;
}
