import { UnderConstruction } from '../../components/under-construction';

export function ApplicationPage() {
  return <UnderConstruction title="Application" />;
}
