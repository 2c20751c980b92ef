/** The door of unsaved/: what the first screen reads of the unsaved-changes ledger; the ledger itself (unsaved-changes.ts) is a named door the store loads with import(). */
export type { UnsavedChanges } from './unsaved-changes';
export { NOTHING_UNSAVED, type UnsavedSnapshot } from './unsaved-snapshot';
