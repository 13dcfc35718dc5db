import type { ReactNode } from 'react';

/** The band at the top of every inner page: a short label, the page's one h1 and what it is for. */
export function PageHeader({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="border-b border-slate-200 bg-white">
      <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
        {eyebrow && (
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{eyebrow}</p>
        )}
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-ink sm:text-4xl">{title}</h1>
        {children && (
          <div className="mt-3 max-w-3xl text-base text-muted sm:text-lg">{children}</div>
        )}
      </div>
    </div>
  );
}
