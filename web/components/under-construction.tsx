import { ButtonLink } from './button';
import { usePageTitle } from './page-title';

/** Temporary screen for a route whose feature has not landed yet. */
export function UnderConstruction({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-muted">This part of the portal is still being built.</p>
      <div className="mt-8">
        <ButtonLink to="/universities">Browse universities</ButtonLink>
      </div>
    </section>
  );
}
