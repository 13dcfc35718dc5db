import { useHydrated } from '../lib/use-hydrated';

/**
 * A university's logo, fetched once the page's code has run: on a slow line the two dozen logos
 * of /universities would otherwise share the line with that code and hold taps back by about a
 * second (issue 26). The box keeps its size meanwhile; without JavaScript the logo is in <noscript>.
 */
export function LogoImage({
  src,
  size,
  className,
}: {
  src: string;
  size: number;
  className: string;
}) {
  const isHydrated = useHydrated();
  const image = (
    <img src={src} alt="" width={size} height={size} decoding="async" className={className} />
  );
  if (isHydrated) return image;
  return (
    <span aria-hidden="true" className={`inline-block ${className}`}>
      <noscript>{image}</noscript>
    </span>
  );
}
