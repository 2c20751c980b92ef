import { getChatStore, type ChatStore } from '../../../chat';
import { backUpEverything, backupReminderDue, FIRST_USE_KEY, readBackupState } from '../../../chat/backup';
import { downloadFile } from '../../../lib/download-file';
import { toast, type ToastOptions } from '../../../ui/toast/toast-store';
import { t } from '../shared/settings-text';
import { tn } from '../../../i18n/plural';

/**
 * The reminder to back up (issue 14), as one toast when Parley starts, at most once a session. A
 * toast rather than a line in the sidebar: it is seen on a phone too (where the sidebar is a closed
 * drawer), it goes away by itself when ignored, and its action makes the backup in one press. A
 * permanent line would be there every time the user looks at the history, which is nagging.
 */

/** Longer than a toast's default 5 s: read at start, while the eyes are on the page being opened. */
export const REMINDER_TOAST_MS = 15_000;
export const REMINDER_TOAST_ID = 'backup-reminder';
/** The session's mark that the reminder was shown (sessionStorage: one browser tab's session). */
export const REMINDED_SESSION_KEY = 'parley.backupReminded';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface BackupReminderOptions {
  store?: Pick<ChatStore, 'init' | 'getSnapshot' | 'getSetting' | 'putSetting' | 'attachmentHost'>;
  now?: () => number;
  session?: Pick<Storage, 'getItem' | 'setItem'> | null;
  notify?(options: ToastOptions): unknown;
  download?(blob: Blob, fileName: string): void;
}

const sessionStore = () => {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    // Storage blocked (a locked-down private window): the reminder may then show once per page load.
    return null;
  }
};

/** Shows the reminder when a backup is due and it has not been shown this session; resolves with whether it showed. */
export async function remindToBackUp(options: BackupReminderOptions = {}): Promise<boolean> {
  const { store = getChatStore(), now = Date.now, session = sessionStore(), notify = toast.add, download = downloadFile } = options;
  if (session?.getItem(REMINDED_SESSION_KEY)) return false;
  await store.init();
  const { reminder, ...times } = await readBackupState(store);
  // The first start that sees no first use records it: the period counts from here, never from old chats' dates.
  if (times.firstUseAt === undefined) await store.putSetting(FIRST_USE_KEY, (times.firstUseAt = now()));
  const { lastBackupAt } = times;
  if (!backupReminderDue({ settings: reminder, hasChats: store.getSnapshot().chats.length > 0, ...times, now: now() })) return false;
  session?.setItem(REMINDED_SESSION_KEY, '1');

  const backUpNow = async () => {
    try {
      const made = await backUpEverything(store, { now });
      download(made.blob, made.fileName);
      notify({ title: t('data.reminder.saved'), description: made.fileName, icon: 'lucide:hard-drive-download', color: 'success' });
    } catch (error) {
      notify({ title: t('data.backup.failed', { reason: error instanceof Error ? error.message : String(error) }), icon: 'lucide:circle-alert', color: 'error' });
    }
  };
  notify({
    id: REMINDER_TOAST_ID,
    title: t('data.reminder.title'),
    description: lastBackupAt === undefined ? t('data.reminder.neverBody') : tn('data.reminder.body', Math.floor((now() - lastBackupAt) / DAY_MS)),
    icon: 'lucide:database-backup',
    color: 'info',
    duration: REMINDER_TOAST_MS,
    actions: [{ label: t('data.reminder.action'), onClick: () => void backUpNow() }],
  });
  return true;
}
