import type { Config } from '../config.ts';

/** Everything the built app loads comes from this origin; no inline scripts or styles. */
export function contentSecurityPolicy(config: Config) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    scriptSrcAttr: ["'none'"],
    upgradeInsecureRequests: config.isProduction ? [] : null,
  };
}
