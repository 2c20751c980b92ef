// A call of the code tools (issue 36), once the user approved it: the code runs in a hidden frame of
// Parley's sandbox document, exactly as a block's Run does, and what it printed, returned and made
// becomes the tool's result (text for the model, pictures shown in the thread and sent to it).
import type { BuiltInCallContext } from '../mcp/built-in-servers';
import type { ToolResult, ToolResultPart } from '../mcp';
import { bytesToBase64 } from '../attachments';
import type { RunLanguage } from '../../lib/sandbox-wire';
import { packageProblemMessage } from './package-problem-message';
import { prepareRun } from './run-preparation';
import { runSettings } from './run-settings';
import { appendOutput, NO_OUTPUT, openSandboxSession, sandboxUrl, type RunEnded, type RunFile } from './sandbox-session';

/** The most of a run's output the model is sent (characters): a context window is not a log file. */
export const MAX_RESULT_OUTPUT_CHARS = 20_000;
/** A text file written to /mnt/data/out is sent in full up to this size (bytes); a larger one is named only. */
export const MAX_RESULT_FILE_BYTES = 50_000;
/** After Stop, how long the sandbox has to say the worker is gone before the frame is removed anyway. */
const STOP_GRACE_MS = 400;

const LANGUAGE_OF: Readonly<Record<string, RunLanguage>> = { run_python: 'python', run_javascript: 'javascript' };
const PICTURE_TYPES: Readonly<Record<string, string>> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

const abortError = () => new DOMException('The run was stopped.', 'AbortError');

/** The text of what a run made, for the model: its output (cut to a bound), its value, its error, its files. */
export function resultText(outcome: { ended: RunEnded | null; output: string; cut: boolean; files: RunFile[]; limitSeconds: number; notes: string[] }): string {
  const { ended, output, files } = outcome;
  const parts: string[] = [...outcome.notes];
  if (output) {
    const shown = output.length > MAX_RESULT_OUTPUT_CHARS ? `${output.slice(0, MAX_RESULT_OUTPUT_CHARS)}\n[… ${output.length - MAX_RESULT_OUTPUT_CHARS} more characters not shown]` : output;
    parts.push(`Output:\n${shown}${outcome.cut ? '\n[output cut at 1 MB]' : ''}`);
  }
  if (ended?.value !== undefined) parts.push(`Value of the last expression: ${ended.value}`);
  if (ended?.error !== undefined) parts.push(ended.line === undefined ? `Error:\n${ended.error}` : `Error at line ${ended.line}:\n${ended.error}`);
  for (const file of files) {
    const extension = file.name.split('.').pop()!.toLowerCase();
    if (PICTURE_TYPES[extension]) parts.push(`Picture ${file.name} (${file.data.byteLength} bytes): attached.`);
    else {
      const text = file.data.byteLength <= MAX_RESULT_FILE_BYTES ? decodeText(file.data) : null;
      parts.push(text === null ? `File ${file.name} (${file.data.byteLength} bytes) written.` : `File ${file.name}:\n${text}`);
    }
  }
  if (!ended) parts.push('The run did not finish: the sandbox stopped answering.');
  else if (ended.outcome === 'timeout') parts.push(`Stopped after ${outcome.limitSeconds} s: the time limit.`);
  else if (ended.outcome === 'stopped') parts.push('Stopped by the user.');
  else if (ended.outcome === 'done' && parts.length === 0) parts.push('Finished with no output.');
  return parts.join('\n\n');
}

/** UTF-8 text, or null when the bytes are not text. */
function decodeText(data: ArrayBuffer): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return null;
  }
}

/** Runs one approved call; rejects with an AbortError when `signal` aborts (the worker is ended, the frame removed). */
export async function runCodeTool(name: string, args: Record<string, unknown>, signal: AbortSignal, context: BuiltInCallContext): Promise<ToolResult> {
  const language = Object.hasOwn(LANGUAGE_OF, name) ? LANGUAGE_OF[name]! : undefined;
  if (!language) return { parts: [{ type: 'text', text: `Parley has no tool named ${name}.` }], isError: true, skipped: 0 };
  if (typeof args.code !== 'string' || args.code.trim() === '') return { parts: [{ type: 'text', text: 'The call needs `code`: the program to run, as text.' }], isError: true, skipped: 0 };
  const code = args.code;
  const settings = await runSettings();
  const prepared = await prepareRun(language, code, settings, context);
  if (signal.aborted) throw abortError();
  if ('problem' in prepared) return { parts: [{ type: 'text', text: `Not run: ${packageProblemMessage(prepared.problem)}` }], isError: true, skipped: 0 };
  const limitSeconds = (prepared.options.limitMs ?? settings.timeLimitSeconds * 1000) / 1000;
  const notes = prepared.left.map((file) => `${file} is not in /mnt/data: the chat’s files are more than a run takes.`);

  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.title = 'Parley sandbox running a tool call';
  frame.tabIndex = -1;
  frame.setAttribute('aria-hidden', 'true');
  frame.referrerPolicy = 'no-referrer';
  return new Promise<ToolResult>((resolve, reject) => {
    let output = NO_OUTPUT;
    const files: RunFile[] = [];
    let backstop: ReturnType<typeof setTimeout> | undefined;
    let over = false;
    const end = (ended: RunEnded | null) => {
      if (over) return;
      over = true;
      clearTimeout(backstop);
      signal.removeEventListener('abort', onAbort);
      session.close();
      frame.remove();
      if (signal.aborted) return reject(abortError());
      const text = resultText({ ended, output: output.pieces.map((piece) => (piece.stream === 'stderr' ? `[stderr] ${piece.text}` : piece.text)).join(''), cut: output.cut, files, limitSeconds, notes });
      const pictures: ToolResultPart[] = files.flatMap((file) => {
        const type = PICTURE_TYPES[file.name.split('.').pop()!.toLowerCase()];
        return type ? [{ type: 'image' as const, data: bytesToBase64(new Uint8Array(file.data)), mimeType: type }] : [];
      });
      resolve({ parts: [{ type: 'text', text }, ...pictures], isError: ended?.outcome !== 'done', skipped: 0 });
    };
    const session = openSandboxSession(frame, {
      running: () => (backstop = setTimeout(() => end({ type: 'ended', id: 0, outcome: 'timeout' }), limitSeconds * 1000 + STOP_GRACE_MS)),
      output: (stream, text) => (output = appendOutput(output, stream, text)),
      file: (fileName, data) => files.push({ name: fileName, data }),
      ended: (ended) => end(ended),
      failed: () => end(null),
    });
    const onAbort = () => {
      session.stop();
      // The worker ends at once; should the sandbox not say so, the frame goes anyway (ending it all the same).
      setTimeout(() => end(null), STOP_GRACE_MS);
    };
    signal.addEventListener('abort', onAbort);
    session.run(code, prepared.options);
    frame.src = sandboxUrl();
    document.body.append(frame);
  });
}
