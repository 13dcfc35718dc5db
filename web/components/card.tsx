import type { HTMLAttributes } from 'react';

export function Card({ className = '', ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={`rounded-[var(--radius-card)] border border-slate-200 bg-white p-5 shadow-sm ${className}`}
      {...props}
    />
  );
}
