/** The settings row with the server's settings ({ url, db, auth, passphrase, enabled }): boot reads it before loading any sync code. */
export const SYNC_SETTING = 'sync';
