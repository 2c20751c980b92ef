// The microphone's failures, named: the doctor and the UI say what happened and how to fix it by
// `reason`, not by parsing the browser's messages (which differ between browsers).

export type MicrophoneProblem =
  /** No navigator.mediaDevices: the page is not a secure context (plain http from another machine). */
  | 'insecure'
  /** The user (or the browser's settings) refused the permission. */
  | 'denied'
  /** The page's Permissions-Policy (or a frame's allow attribute) forbids the microphone. */
  | 'blocked'
  /** No microphone, or the chosen one is gone. */
  | 'no-microphone'
  /** The microphone exists but cannot be opened (another program holds it, a driver fault). */
  | 'busy'
  /** Unplugged (or revoked) mid-recording: what was recorded before is kept. */
  | 'unplugged'
  /** No MediaRecorder, or no audio format it can record. */
  | 'unsupported';

const MESSAGES: Record<MicrophoneProblem, string> = {
  insecure: 'The microphone is only available on a secure page: open Parley over https, or as http://localhost on this machine.',
  denied: 'Permission to use the microphone was refused. Allow it in the browser’s site settings and try again.',
  blocked: 'This page is not allowed to use the microphone (its Permissions-Policy forbids it).',
  'no-microphone': 'No microphone was found. Connect one and try again.',
  busy: 'The microphone could not be opened: another program may be using it.',
  unplugged: 'The microphone was disconnected. What was recorded before is kept.',
  unsupported: 'This browser cannot record audio.',
};

export class MicrophoneError extends Error {
  override readonly name = 'MicrophoneError';
  constructor(
    readonly problem: MicrophoneProblem,
    options?: { cause?: unknown },
  ) {
    super(MESSAGES[problem], options);
  }
}

/** getUserMedia's rejection as a MicrophoneError (an abort stays an AbortError: nobody failed). */
export function microphoneErrorOf(error: unknown): unknown {
  if (error instanceof MicrophoneError) return error;
  const name = (error as { name?: unknown } | null)?.name;
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
      return new MicrophoneError('denied', { cause: error });
    case 'SecurityError':
      return new MicrophoneError('blocked', { cause: error });
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return new MicrophoneError('no-microphone', { cause: error });
    case 'NotReadableError':
    case 'TrackStartError':
      return new MicrophoneError('busy', { cause: error });
    default:
      return error;
  }
}
