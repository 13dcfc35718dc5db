import type { MessageDescriptor } from 'react-intl';

/** Messages whose values are passed at the call (react-intl types defineMessages' values as none). */
export const untyped = <K extends string>(
  messages: Record<K, MessageDescriptor>,
): Record<K, MessageDescriptor> => messages;
