/** The door of lazy-part/: lazily loaded parts of a screen that fail into a note, not a crash. */
export { lazyPart } from './lazy-part';
export type { PartFallback } from './lazy-part';
