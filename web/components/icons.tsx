/** Small decorative line icons (24×24, currentColor); every use sits next to text that names it. */
const paths = {
  search:
    'M11 4a7 7 0 1 0 4.4 12.4l4.1 4.1 1.4-1.4-4.1-4.1A7 7 0 0 0 11 4Zm0 2a5 5 0 1 1 0 10 5 5 0 0 1 0-10Z',
  check: 'M9.5 16.2 5.3 12l-1.4 1.4 5.6 5.6L20.1 8.4 18.7 7z',
  close:
    'M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6z',
  calendar: 'M7 2h2v2h6V2h2v2h3v17H4V4h3Zm-1 8v9h12v-9Zm0-4v2h12V6Z',
  plus: 'M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6z',
  chevronDown: 'M7.4 8.6 12 13.2l4.6-4.6L18 10l-6 6-6-6z',
  arrowRight: 'M13.2 5.3 11.8 6.7l4.3 4.3H4v2h12.1l-4.3 4.3 1.4 1.4L20 12z',
  arrowLeft: 'M10.8 5.3 4 12l6.8 6.7 1.4-1.4L7.9 13H20v-2H7.9l4.3-4.3z',
  video:
    'M4 6h11a2 2 0 0 1 2 2v1.5l4-2.5v10l-4-2.5V16a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2Zm0 2v8h11V8Z',
  chat: 'M12 3C6.5 3 2 6.9 2 11.7c0 2.5 1.2 4.7 3.2 6.3L4.5 21l3.9-1.9c1.1.3 2.3.5 3.6.5 5.5 0 10-3.9 10-8.8S17.5 3 12 3Zm0 2c4.5 0 8 3 8 6.7s-3.5 6.8-8 6.8c-1.1 0-2.2-.2-3.2-.5l-.4-.1-1.5.7.3-1.2-.5-.4C4.9 15.7 4 13.8 4 11.7 4 8 7.5 5 12 5Z',
  external:
    'M14 4h6v6h-2V7.4l-7.3 7.3-1.4-1.4L16.6 6H14zM5 6h6v2H6v10h10v-5h2v6a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1Z',
  school: 'M12 3 1 9l11 6 9-4.9V17h2V9zM5 13.2v4L12 21l7-3.8v-4L12 17z',
  book: 'M4 4h6a3 3 0 0 1 2 .8A3 3 0 0 1 14 4h6v15h-6a2 2 0 0 0-2 2 2 2 0 0 0-2-2H4Zm2 2v11h4a4 4 0 0 1 1 .1V7a1 1 0 0 0-1-1Zm12 0h-4a1 1 0 0 0-1 1v10.1a4 4 0 0 1 1-.1h4Z',
  document: 'M6 2h8l6 6v14H6Zm2 2v16h10V9h-5V4Zm2 9h6v2h-6zm0 4h6v2h-6z',
  pulse: 'M3 12h4l3-7 4 14 3-7h4v2h-2.7L14 21 10 7.3 8.3 14H3z',
  users:
    'M9 4a4 4 0 1 1 0 8 4 4 0 0 1 0-8Zm0 2a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm8 1a3 3 0 1 1 0 6 3 3 0 0 1 0-6ZM9 14c3.9 0 7 1.8 7 4v2H2v-2c0-2.2 3.1-4 7-4Zm0 2c-2.8 0-4.6 1.1-5 2h10c-.4-.9-2.2-2-5-2Zm8-1c2.9.2 5 1.5 5 3v2h-4v-2c0-1.2-.4-2.2-1-3Z',
  handshake:
    'M12.2 5.5 9.7 8a1 1 0 0 0 1.4 1.4l1.7-1.7 6.3 6.3-1.4 1.4-1-1-1.4 1.4 1 1-1.4 1.4-1-1-1.4 1.4 1 1-1.5 1.4L2 10.5V5h5l2.2 2.2 1.6-1.7H12.2ZM22 5v6l-2 2-5.2-5.2-1.3-1.3L14 5Z',
  globe:
    'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-3a15.6 15.6 0 0 0-1.3-3.6A8 8 0 0 1 18.9 8ZM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4ZM4.3 14a8 8 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4Zm.8 2h3a15.6 15.6 0 0 0 1.3 3.6A8 8 0 0 1 5.1 16Zm3-8h-3a8 8 0 0 1 4.3-3.6C8.8 5.5 8.4 6.7 8.1 8ZM12 20c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4Zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4Zm.3 5.6c.6-1.1 1-2.3 1.3-3.6h3a8 8 0 0 1-4.3 3.6Zm1.7-5.6a16.5 16.5 0 0 0 0-4h3.4a8 8 0 0 1 0 4Z',
  sparkle:
    'M12 2l2.2 6.3L20.5 10l-6.3 2.2L12 18.5l-2.2-6.3L3.5 10l6.3-1.7Zm7 12 1 2.5 2.5 1-2.5 1-1 2.5-1-2.5-2.5-1 2.5-1Z',
} as const;

export type IconName = keyof typeof paths;

/** Icons that point along the line of text: mirrored when the page reads right to left. */
const pointing = new Set<IconName>(['arrowRight', 'arrowLeft', 'external']);

export function Icon({ name, className = 'size-5' }: { name: IconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      className={`shrink-0 ${pointing.has(name) ? 'rtl:-scale-x-100' : ''} ${className}`}
      fill="currentColor"
    >
      <path d={paths[name]} />
    </svg>
  );
}
