import { ButtonLink } from '../../components/button';
import { usePageTitle } from '../../components/page-title';

export function HomePage() {
  usePageTitle('');
  return (
    <section className="bg-gradient-to-b from-brand-900 to-brand-700 text-white">
      <div className="mx-auto max-w-6xl px-4 py-20">
        <h1 className="max-w-3xl text-4xl font-bold leading-tight sm:text-5xl">
          Study in the UK with AI-powered guidance
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-blue-100">
          Pick three universities, find the right program, apply with your documents and follow your
          application live until you accept an offer.
        </p>
        <div className="mt-10 flex flex-wrap gap-4">
          <ButtonLink to="/universities" size="lg" className="bg-accent-400 text-brand-900 hover:bg-accent-500">
            Choose your universities
          </ButtonLink>
          <ButtonLink to="/free" size="lg" variant="secondary">
            Book a free consultation
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
