import { ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { Icon } from '../../components/icons';

/** D7: with no program chosen, a way to choose one instead of an error. */
export function NoProgramPanel() {
  return (
    <Card className="mx-auto max-w-2xl text-center">
      <Icon name="book" className="mx-auto size-10 text-brand-700" />
      <h2 className="mt-3 text-xl font-semibold text-ink">Choose a program to apply for</h2>
      <p className="mt-2 text-muted">
        The application is for one program. Pick your three universities, then choose a program and select Apply Now.
      </p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/programs" size="lg">
          Browse programs
        </ButtonLink>
        <ButtonLink to="/universities" size="lg" variant="secondary">
          Pick universities
        </ButtonLink>
      </div>
    </Card>
  );
}
