// What a run needs besides its code (issue 36): its time limit (Settings → Code), and for Python the
// chat's files at /mnt/data and the packages its imports need (fetched from the address the user
// approved). The user's Run on a block and the model's tools prepare a run the same way.
import { MAX_RUN_TIME_LIMIT_MS, MIN_RUN_TIME_LIMIT_MS, type RunLanguage } from '../../lib/sandbox-wire';
import type { Attachment } from '../attachments';
import type { Message } from '../types';
import { readLock, wheelsFor, type PackageProblem } from './python-packages';
import { runFilesOf } from './run-files';
import { loadPythonFile } from './sandbox-runtimes';
import type { RunOptions } from './sandbox-session';

/** The settings a run reads (Settings → Code). */
export interface RunSettings {
  timeLimitSeconds: number;
  packagesAddress: string;
}

/** Where the chat's files come from: its messages and the store's reader of an attachment's bytes. */
export interface RunChat {
  messages: readonly Message[];
  loadAttachment(id: string): Promise<Attachment | undefined>;
}

export type PreparedRun = { options: RunOptions; left: string[] } | { problem: PackageProblem };

/** The run's options, or why its packages cannot be had (said before anything runs). */
export async function prepareRun(language: RunLanguage, code: string, settings: RunSettings, chat: RunChat | null): Promise<PreparedRun> {
  const limitMs = Math.min(MAX_RUN_TIME_LIMIT_MS, Math.max(MIN_RUN_TIME_LIMIT_MS, Math.round(settings.timeLimitSeconds * 1000) || MIN_RUN_TIME_LIMIT_MS));
  if (language !== 'python') return { options: { language, limitMs }, left: [] };
  const builtIn = readLock(new TextDecoder().decode(await loadPythonFile('pyodide-lock.json')));
  const packages = builtIn ? await wheelsFor(code, settings.packagesAddress, builtIn) : [];
  if (!Array.isArray(packages)) return { problem: packages };
  const { files, left } = chat ? await runFilesOf(chat.messages, chat.loadAttachment) : { files: [], left: [] };
  return { options: { language, limitMs, files, packages }, left };
}
