import { FormattedMessage } from 'react-intl';
import { ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { Icon } from '../../components/icons';

/** D7: with no program chosen, a way to choose one instead of an error. */
export function NoProgramPanel() {
  return (
    <Card className="mx-auto max-w-2xl text-center">
      <Icon name="book" className="mx-auto size-10 text-brand-700" />
      <h2 className="mt-3 text-xl font-semibold text-ink">
        <FormattedMessage
          id="application.noProgram.heading"
          defaultMessage="Choose a program to apply for"
        />
      </h2>
      <p className="mt-2 text-muted">
        <FormattedMessage
          id="application.noProgram.text"
          defaultMessage="The application is for one program. Pick your three universities, then choose a program and select Apply Now."
        />
      </p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/programs" size="lg">
          <FormattedMessage id="application.noProgram.browse" defaultMessage="Browse programs" />
        </ButtonLink>
        <ButtonLink to="/universities" size="lg" variant="secondary">
          <FormattedMessage id="application.noProgram.pick" defaultMessage="Pick universities" />
        </ButtonLink>
      </div>
    </Card>
  );
}
