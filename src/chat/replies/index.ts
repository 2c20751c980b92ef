/** The door of replies/: what pages show of a reply. The reply machinery itself (reply-actions.ts) is a named door, loaded with the store's actions. */
export { REJECTS_IMAGES_REASON } from './generation';
export { CHARS_PER_TOKEN_ESTIMATE, figuresOf } from './reply-figures';
export { compareSetting, MAX_COMPARED } from './compare-setting';
