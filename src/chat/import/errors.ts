/**
 * Why an import was refused, as a code and parameters the app translates (src/i18n/en/import.ts,
 * keys `import.error.<code>` and `import.problem.<code>`): the domain never imports the catalogue.
 * The English `message` is for logs only.
 */

export type ImportErrorCode =
  /** A 0-byte file. */
  | 'empty-file'
  /** JSON that stops before its end (an interrupted download). */
  | 'truncated-json'
  /** Not JSON at all, or JSON with a syntax error in the middle. */
  | 'invalid-json'
  /** Valid JSON of another shape than the format's (params.expected names what was expected). */
  | 'wrong-shape'
  /** One conversation of the file breaks the format: params name it, `problem` says how. */
  | 'invalid-entry'
  /** One project of Claude's projects.json breaks the format: params name it (index, title), `problem` says how. */
  | 'invalid-project'
  /** A zip with no conversations*.json (nor another known file) in it. */
  | 'zip-without-conversations'
  /** A file that claims to be a zip but cannot be read as one. */
  | 'corrupt-zip'
  /** A file (or a zip's entry, unpacked) larger than an import reads: params.limit, in MB. */
  | 'too-large'
  /** A file no importer recognises. */
  | 'unknown-format'
  /** No file was given. */
  | 'no-files';

/** What is wrong inside one entry: translated as `import.problem.<code>` with its params. */
export type ImportProblemCode =
  /** A field the format requires is absent or of the wrong type: params.field, params.expected. */
  | 'chat-field'
  /** params.message (its id) lacks params.field, or holds the wrong type (params.expected). */
  | 'message-field'
  /** params.message points at params.parent, which is not in the conversation. */
  | 'missing-parent'
  /** The messages' parent links loop back on themselves at params.message. */
  | 'parent-cycle'
  /** A project's document params.doc (its id, or its position) lacks params.field, or holds the wrong type (params.expected). */
  | 'doc-field';

export type ImportParams = Record<string, string | number>;

export interface ImportProblem {
  code: ImportProblemCode;
  params: ImportParams;
}

export class ImportError extends Error {
  override readonly name = 'ImportError';
  readonly code: ImportErrorCode;
  readonly params: ImportParams;
  readonly problem?: ImportProblem;

  constructor(code: ImportErrorCode, params: ImportParams, problem?: ImportProblem) {
    super(englishMessage(code, params, problem));
    this.code = code;
    this.params = params;
    this.problem = problem;
  }
}

function englishMessage(code: ImportErrorCode, params: ImportParams, problem?: ImportProblem): string {
  const where = params.index !== undefined ? `, conversation ${params.index} ("${params.title}")` : '';
  const detail = problem ? `: ${problem.code} ${JSON.stringify(problem.params)}` : params.expected ? `: expected ${params.expected}` : '';
  return `${params.file ?? ''}${where}: ${code}${detail}`;
}

/** An entry-level error: which file, which conversation (1-based, with its title), what is wrong. */
export function entryError(file: string, index: number, title: string, problem: ImportProblem): ImportError {
  return new ImportError('invalid-entry', { file, index: index + 1, title }, problem);
}

/** JSON.parse with the two ways a JSON file fails told apart. */
export function parseJson(file: string, text: string): unknown {
  if (text.trim() === '') throw new ImportError('empty-file', { file });
  try {
    return JSON.parse(text);
  } catch (error) {
    // V8: "Unexpected end of JSON input"; Firefox: "unexpected end of data"; WebKit: "Unexpected EOF".
    const truncated = /end of (json )?(input|data)|unexpected eof|unterminated/i.test(String((error as Error).message));
    throw new ImportError(truncated ? 'truncated-json' : 'invalid-json', { file });
  }
}

/** Whether an abort signal fired: rejects with its reason, as fetch does. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason ?? new DOMException('The import was cancelled', 'AbortError');
}
