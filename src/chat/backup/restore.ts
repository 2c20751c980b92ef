import { announceChats } from '../tabs';
import type { Connection } from '../connections';
import type { ChatPersistence } from '../persistence';
import { yieldToEventLoop } from '../../lib/yield-to-event-loop';
import { CONNECTIONS_SETTING } from './backup-format';
import { readBackup } from './read-backup';
import { planRestore, type PlannedChat, type PlannedLibraryRow, type RestorePlan } from './restore-plan';
import type { SkippedLibraryRow } from './read-backup';
import type { BackupProgress } from './write-backup';

/**
 * Restore in two steps: a preview (the file read and checked through, and what it would add
 * here: nothing is written, no address contacted), then, once the user has confirmed it and each
 * connection's address, every chat, message, file and setting in ONE transaction that only adds
 * rows (a failure stores none of it and deletes nothing), and the confirmed connections after.
 */

export interface RestorePreview {
  exportedAt: string;
  includesApiKeys: boolean;
  plan: RestorePlan;
  /** What applying it would add. */
  counts: { chats: number; copies: number; existing: number; messages: number; attachments: number; settings: number };
  /** What it would do with the user's library. */
  library: LibraryCounts;
  /** When the chats it would add were started, the first and the last (ms); absent when it adds none. */
  dates?: { from: number; to: number };
}

/** The library rows a restore adds, by kind, and those it leaves out. */
export interface LibraryCounts {
  presets: number;
  projects: number;
  prompts: number;
  /** Compare votes (issue 38). */
  votes: number;
  /** Whether the standing instructions, and the defaults for new chats, come back. */
  instructions: boolean;
  defaults: boolean;
  /** Of those added, how many under a new id (their id was taken here by another row). */
  copies: number;
  /** Rows already here as the backup has them: left out. */
  existing: number;
  /** Instructions or defaults here differ from the backup's: the ones here were kept. */
  keptHere: ('instructions' | 'defaults')[];
  /** Rows of the file that do not read: left out, named. */
  skipped: SkippedLibraryRow[];
}

export interface RestoreOptions {
  onProgress?(progress: BackupProgress): void;
  /**
   * Tells the open tabs (this one included) which chats appeared, so their lists show them at
   * once; by default over the app's BroadcastChannel.
   */
  announce?(chatIds: readonly string[]): void;
  /** The connections whose address the user confirmed, as positions in `plan.connections`: only these are added (and so ever contacted). */
  confirmed?: ReadonlySet<number>;
  /** Adds a confirmed connection as Settings adds one (the connections store's `add`, its id kept when free). */
  addConnection?(connection: Connection): void;
}

export interface RestoreOutcome {
  /** Chats written, copies included. */
  chats: number;
  messages: number;
  attachments: number;
  /** Chats written under new ids because their ids were taken here. */
  copies: number;
  /** Chats left out because they are already here, as the backup has them. */
  existing: number;
  /** Connections added (confirmed), and left out (not confirmed, refused or already here). */
  connections: number;
  connectionsLeftOut: number;
  /** Confirmed, but refused when added (the chats were restored all the same). */
  connectionsFailed: number;
  /** Settings rows written (the app applies them at once). */
  settings: number;
  /** The library rows written (the app's library store reads them again), and those left out. */
  library: LibraryCounts;
}

const written = (chats: readonly PlannedChat[]) => chats.filter((chat) => chat.action !== 'already-here');
const libraryWritten = (rows: readonly PlannedLibraryRow[]) => rows.filter((row) => row.action === 'add' || row.action === 'copy');

function countLibrary(plan: RestorePlan): LibraryCounts {
  const adds = libraryWritten(plan.library);
  const of = (kind: PlannedLibraryRow['record']['kind']) => adds.filter((row) => row.record.kind === kind).length;
  return {
    presets: of('preset'),
    projects: of('project'),
    prompts: of('prompt'),
    votes: of('vote'),
    instructions: of('instructions') > 0,
    defaults: of('defaults') > 0,
    copies: adds.filter((row) => row.action === 'copy').length,
    existing: plan.library.filter((row) => row.action === 'already-here').length,
    keptHere: plan.library.filter((row) => row.action === 'kept-here').map((row) => row.record.kind as 'instructions' | 'defaults'),
    skipped: plan.skippedLibrary,
  };
}

/** Reads and checks the backup in `text` and works out what it would add; writes nothing. Throws a BackupError for a file that is not usable. */
export async function previewRestore(persistence: ChatPersistence, text: string, connectionsHere: readonly Connection[] = []): Promise<RestorePreview> {
  const backup = readBackup(text);
  const plan = await planRestore(persistence, backup, connectionsHere);
  const adds = written(plan.chats);
  const starts = adds.map(({ chat }) => chat.createdAt);
  return {
    exportedAt: backup.exportedAt,
    includesApiKeys: backup.includesApiKeys,
    plan,
    counts: {
      chats: adds.length,
      copies: adds.filter((chat) => chat.action === 'copy').length,
      existing: plan.chats.length - adds.length,
      messages: adds.reduce((sum, chat) => sum + chat.messages.length, 0),
      attachments: adds.reduce((sum, chat) => sum + chat.attachments.length, 0),
      settings: plan.settings.length,
    },
    library: countLibrary(plan),
    ...(starts.length > 0 && { dates: { from: Math.min(...starts), to: Math.max(...starts) } }),
  };
}

/** `connectionId/model` with the connection's id as it is here (a connection kept under another id). */
function remapRef(ref: unknown, ids: ReadonlyMap<string, string>): unknown {
  if (typeof ref !== 'string') return ref;
  const slash = ref.indexOf('/');
  const to = slash > 0 ? ids.get(ref.slice(0, slash)) : undefined;
  return to === undefined ? ref : `${to}${ref.slice(slash)}`;
}

function remapSetting(key: string, value: unknown, ids: ReadonlyMap<string, string>): unknown {
  if (ids.size === 0) return value;
  if (key === 'defaultModel') return remapRef(value, ids);
  if (key === 'recentModels' && Array.isArray(value)) return value.map((ref) => remapRef(ref, ids));
  // The context lengths a user set are kept by model reference: each key follows its connection.
  if (key === 'modelContexts' && value && typeof value === 'object' && !Array.isArray(value)) return Object.fromEntries(Object.entries(value).map(([ref, n]) => [remapRef(ref, ids) as string, n]));
  if (key === 'titleSettings' && value && typeof value === 'object' && 'model' in value) return { ...value, model: remapRef((value as { model: unknown }).model, ids) };
  return value;
}

/**
 * Writes what `preview` would add. All chats, messages, files and settings go in one transaction
 * of `add`s: a row already here, a full disk or any other failure rejects with nothing stored.
 * Only after it succeeded are the confirmed connections added.
 */
export async function applyRestore(persistence: ChatPersistence, preview: RestorePreview, options: RestoreOptions = {}): Promise<RestoreOutcome> {
  const { plan } = preview;
  const confirmed = options.confirmed ?? new Set<number>();
  const adding = plan.connections.filter((planned, index) => planned.action === 'new' && planned.connection && confirmed.has(index));
  const ids = new Map<string, string>();
  for (const planned of plan.connections) {
    const to = planned.action === 'already-here' ? planned.hereId : adding.includes(planned) ? planned.connection!.id : undefined;
    if (to !== undefined && to !== planned.sourceId) ids.set(planned.sourceId, to);
  }
  const chats = written(plan.chats);
  const batch = {
    chats: chats.map(({ chat }) => (chat.model === undefined ? chat : { ...chat, model: remapRef(chat.model, ids) as string })),
    messages: chats.flatMap(({ messages }) => messages.map((message) => (message.model === undefined ? message : { ...message, model: remapRef(message.model, ids) as string }))),
    attachments: chats.flatMap(({ attachments }) => attachments),
    settings: plan.settings.map(({ key, value }) => ({ key, value: remapSetting(key, value, ids) })),
    // A preset's, project's or the defaults' model names a connection: it follows one kept under another id.
    library: libraryWritten(plan.library).map(({ record }) => ('model' in record && record.model !== undefined ? { ...record, model: remapRef(record.model, ids) as string } : record)),
  };
  const total = batch.chats.length + batch.messages.length + batch.attachments.length + batch.settings.length + batch.library.length;
  options.onProgress?.({ done: 0, total });
  await persistence.importChats(batch, { onProgress: (done) => options.onProgress?.({ done, total }) });
  let added = 0;
  let failed = 0;
  for (const planned of adding) {
    try {
      if (!options.addConnection) continue;
      options.addConnection(planned.connection!);
      added++;
    } catch {
      // The chats are stored by now: say which connections are missing rather than fail the restore.
      failed++;
    }
  }
  if (chats.length > 0) (options.announce ?? announceChats)(chats.map(({ chat }) => chat.id));
  return {
    chats: chats.length,
    messages: batch.messages.length,
    attachments: batch.attachments.length,
    copies: preview.counts.copies,
    existing: preview.counts.existing,
    connections: added,
    connectionsLeftOut: plan.connections.length - adding.length,
    connectionsFailed: failed,
    settings: batch.settings.length,
    library: preview.library,
  };
}
