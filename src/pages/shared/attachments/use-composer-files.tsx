import { useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { getChatStore } from '../../../chat';
import { withChunkStyles } from '../../../lib/chunk-styles';
import { loadOnce } from '../../../lib/load-once';
import type { TextSource } from '../../../lib/text-source';
// Types only: erased, so the first screen carries none of the attachments' code.
import type { Attachment, DraftAttachmentsState, SendOutcome } from '../../../chat/message-files/index';
import type { RefusalNote } from './composer-files';
// By their own files: the kit's index would bring every attachment string onto the first screen.
import { AttachButton } from '../../../ui/attachments/attach-button';
import { useFileDrop } from '../../../ui/attachments/use-file-drop';

/**
 * A composer's files, as the home and chat pages use them. This module is on the first screen and
 * stays small: the machinery (composer-files.tsx, the chat domain's draft attachments, the kit's
 * chips) loads with the first file added, dropped or pasted, or when the draft's stored rows show
 * it was left with files (a reload).
 */

type FilesModule = typeof import('./composer-files');

/**
 * The chunk and its stylesheet (the chips' and notes' CSS), together, fetched once; a chunk that
 * failed to load (offline, a redeploy) is asked for again on next use.
 */
export const loadComposerFiles = loadOnce<FilesModule>(withChunkStyles('composer-files', () => import('./composer-files')));

const NO_FILES: DraftAttachmentsState = Object.freeze({ loaded: false, items: Object.freeze([]), totalTokens: 0 });
const subscribeNothing = () => () => {};

/** Whether the draft was left with files: its rows are read without loading the machinery. */
async function hasStoredFiles(draftKey: string): Promise<boolean> {
  try {
    const rows = await (await getChatStore().attachmentHost().persistence()).listDraftAttachments(draftKey);
    return rows.length > 0;
  } catch {
    return false;
  }
}

export interface ComposerFilesOptions {
  draftKey: string;
  /** The draft's text, for the context estimate. */
  text: TextSource;
  /** The model the message goes to (a reference) and what its server says of it. */
  model?: string;
  contextLength?: number;
  acceptsImages?: boolean;
  /** Off while the composer takes nothing (no model yet, sending): no drop zone, no picker. */
  enabled?: boolean;
  /** Where focus goes when the last chip is removed. */
  focusComposer: () => void;
}

export interface ComposerFiles {
  state: DraftAttachmentsState;
  /** Some file is attached (in any state). */
  hasFiles: boolean;
  /** A file is ready: the message may go without text. */
  canSendEmpty: boolean;
  add(files: readonly File[]): Promise<void>;
  /** Sends the ready files with `send`, first waiting for the ones still being prepared. */
  sendWith(send: (attachments: Attachment[]) => Promise<string | undefined>): Promise<SendOutcome>;
  waiting: boolean;
  /** The attach button, for the composer's toolbar. */
  button: ReactNode;
  /** The chips, for the composer's attachments slot (undefined: none). */
  tray: ReactNode;
  /** The notes under the composer (undefined until the machinery is loaded). */
  notes: ReactNode;
  /** The page's drop overlay. */
  overlay: ReactNode;
}

export function useComposerFiles({ draftKey, text, model, contextLength, acceptsImages, enabled = true, focusComposer }: ComposerFilesOptions): ComposerFiles {
  const [module, setModule] = useState(loadComposerFiles.loaded);
  const [waiting, setWaiting] = useState(false);
  const [refused, setRefused] = useState<RefusalNote>();
  const want = useCallback(() => loadComposerFiles().then((next) => (setModule(next), next)), []);

  useEffect(() => {
    if (module) return;
    let live = true;
    void hasStoredFiles(draftKey).then((has) => {
      if (has && live) void want().catch(() => {});
    });
    return () => {
      live = false;
    };
  }, [draftKey, module, want]);

  const subscribe = useMemo(
    () => (module ? (listener: () => void) => module.drafts().subscribe(draftKey, listener) : subscribeNothing),
    [module, draftKey],
  );
  const read = () => (module ? module.drafts().get(draftKey) : NO_FILES);
  const state = useSyncExternalStore(subscribe, read, read);

  useEffect(() => {
    if (module) void module.drafts().load(draftKey);
  }, [module, draftKey]);

  const add = async (files: readonly File[]) => {
    if (files.length === 0) return;
    // A new batch replaces the last one's note: it would speak of files no longer in question.
    setRefused(await (await want()).addFiles(draftKey, files));
  };

  // A dropped export (a ChatGPT zip, a conversations.json…) went to the import's preview instead
  // (../import-request.ts says which files count, and why by name): what is left is attached.
  const addDropped = async (files: readonly File[]) => add((await want()).withoutExports(files));
  const drop = useFileDrop({ onFiles: (files) => void addDropped(files), enabled });
  // The overlay's strings come with the machinery: a first drag starts loading it.
  useEffect(() => {
    if (drop.active && !module) void want().catch(() => {});
  }, [drop.active, module, want]);

  const sendWith = async (send: (attachments: Attachment[]) => Promise<string | undefined>): Promise<SendOutcome> =>
    (module ?? (await want())).sendWith(draftKey, send, setWaiting);

  const hasFiles = state.items.length > 0;
  return {
    state,
    hasFiles,
    canSendEmpty: state.items.some((item) => item.state === 'ready'),
    add,
    sendWith,
    waiting,
    button: <AttachButton onFiles={(files) => void add(files)} disabled={!enabled} />,
    tray:
      module && hasFiles ? (
        <module.DraftTray draftKey={draftKey} items={state.items} canSendAsImages={acceptsImages !== false} onFocusEmpty={focusComposer} />
      ) : undefined,
    notes: module && (
      <module.ComposerFilesNotes
        state={state}
        waiting={waiting}
        text={text}
        model={model}
        contextLength={contextLength}
        acceptsImages={acceptsImages}
        refused={refused}
        onDismissRefused={() => {
          setRefused(undefined);
          focusComposer();
        }}
      />
    ),
    overlay: module && <module.FileDropOverlay active={drop.active} />,
  };
}
