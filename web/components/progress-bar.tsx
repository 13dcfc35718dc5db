const fills = {
  blue: 'bg-blue-600',
  yellow: 'bg-yellow-500',
  indigo: 'bg-indigo-600',
  purple: 'bg-purple-600',
  green: 'bg-green-600',
  brand: 'bg-brand-700',
} as const;

export function ProgressBar({
  value,
  label,
  colour = 'brand',
}: {
  value: number;
  label: string;
  colour?: keyof typeof fills;
}) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
    >
      <div
        className={`h-full rounded-full transition-[width] duration-500 ${fills[colour]}`}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
