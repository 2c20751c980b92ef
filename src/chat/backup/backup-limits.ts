/** How large a backup file may be; how big and deep its fields may be is shapes/value-limits.ts's, which sync shares. */

/** The largest backup file read: past ~512 M characters a browser cannot hold the text as one string at all. */
export const MAX_BACKUP_BYTES = 500 * 1024 * 1024;

export { firstLimitProblem, MAX_DATA_CHARS, MAX_ID_CHARS, MAX_NESTING_DEPTH, MAX_TEXT_CHARS, type LimitProblem } from '../shapes/value-limits';
