import { UnderConstruction } from '../../components/under-construction';

export function ProgramsPage() {
  return <UnderConstruction title="Programs" />;
}
