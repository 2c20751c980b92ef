/**
 * Open WebUI keeps a reply's reasoning and tool calls inside its text, as `<details>` blocks it
 * renders itself (backend/open_webui/utils/middleware.py):
 *   <details type="reasoning" done="true" duration="3">\n<summary>Thought for 3 seconds</summary>\n&gt; Let me …\n</details>
 *   <details type="tool_calls" done="true" id="…" name="…" arguments="&quot;…&quot;" result="&quot;…&quot;" files="" embeds="">\n<summary>Tool Executed</summary>\n</details>
 * Attributes are HTML-escaped JSON (double-quoted, or single-quoted with &apos; in newer
 * versions); the reasoning is quoted Markdown (`> `) with its entities escaped. This reads them
 * back into plain text: reasoning, tool calls with their results, and the answer around them.
 * Nothing of it is ever treated as HTML.
 */

export interface OpenWebUiToolCall {
  id: string;
  name: string;
  /** The arguments as JSON text. */
  arguments: string;
  /** The result as text; undefined when the call never finished (done="false"). */
  result?: string;
  isError: boolean;
}

/** One stretch of the reply: its text and reasoning, then the tool calls that ended it (none for the last). */
export interface OpenWebUiPiece {
  content: string;
  reasoning: string;
  /** Seconds of thinking, summed over the stretch's reasoning blocks; undefined when none said. */
  thinkingSeconds?: number;
  toolCalls: OpenWebUiToolCall[];
}

/** An opening `<details type="reasoning|tool_calls" …>` with its attributes, up to its `</details>`. */
const BLOCK = /<details\s+type=(["'])(reasoning|tool_calls)\1([^>]*)>([\s\S]*?)<\/details>[ \t]*\n?/g;
const ATTRIBUTE = /([\w-]+)=(?:"([^"]*)"|'([^']*)')/g;
const SUMMARY = /^\s*<summary>[\s\S]*?<\/summary>\s*/;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** The text with HTML character references decoded (`&gt;` → `>`, `&#39;` → `'`): plain text, never markup. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

function attributes(raw: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of raw.matchAll(ATTRIBUTE)) found.set(match[1]!.toLowerCase(), decodeEntities(match[2] ?? match[3] ?? ''));
  return found;
}

/** A JSON string literal (`"Sunny"`) as its text; anything else (an object's JSON) as it is. */
function jsonText(value: string): string {
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'string' ? parsed : value;
  } catch {
    return value;
  }
}

/** The reasoning's text: its summary dropped, the entities decoded and the `> ` quoting taken off. */
function reasoningText(body: string): string {
  return decodeEntities(body.replace(SUMMARY, ''))
    .split('\n')
    .map((line) => line.replace(/^>[ \t]?/, ''))
    .join('\n')
    .trim();
}

/** Whether the content holds any block this reads (most replies do not: they are kept exactly as they are). */
export function hasDetailsBlocks(content: string): boolean {
  // search(), unlike test(), leaves the global pattern's lastIndex alone for matchAll below.
  return content.search(BLOCK) !== -1;
}

/**
 * The reply cut at its tool calls into pieces, each with its own answer text and reasoning: text
 * or reasoning after a piece's calls starts the next piece (what the model wrote once it had the
 * results).
 */
export function readDetailsBlocks(content: string): OpenWebUiPiece[] {
  const pieces: OpenWebUiPiece[] = [];
  let piece: OpenWebUiPiece = { content: '', reasoning: '', toolCalls: [] };
  let thoughts: string[] = [];
  const close = () => {
    piece.content = piece.content.trim();
    piece.reasoning = thoughts.join('\n\n');
    pieces.push(piece);
    piece = { content: '', reasoning: '', toolCalls: [] };
    thoughts = [];
  };
  const afterCalls = () => {
    if (piece.toolCalls.length > 0) close();
  };
  const addText = (text: string) => {
    if (text.trim() === '') return;
    afterCalls();
    piece.content += text;
  };
  let at = 0;
  for (const match of content.matchAll(BLOCK)) {
    addText(content.slice(at, match.index));
    at = match.index + match[0].length;
    const attrs = attributes(match[3]!);
    if (match[2] === 'reasoning') {
      afterCalls();
      const thought = reasoningText(match[4]!);
      if (thought) thoughts.push(thought);
      const duration = Number(attrs.get('duration'));
      if (attrs.has('duration') && Number.isFinite(duration)) piece.thinkingSeconds = (piece.thinkingSeconds ?? 0) + duration;
      continue;
    }
    const done = attrs.get('done') !== 'false';
    const body = decodeEntities(match[4]!.replace(SUMMARY, '')).trim();
    const result = attrs.has('result') ? jsonText(attrs.get('result')!) : body !== '' ? jsonText(body) : undefined;
    piece.toolCalls.push({
      id: attrs.get('id') ?? '',
      name: attrs.get('name') ?? '',
      arguments: attrs.has('arguments') ? jsonText(attrs.get('arguments')!) : '',
      ...(done && result !== undefined && { result }),
      isError: attrs.get('error') === 'true',
    });
  }
  addText(content.slice(at));
  close();
  return pieces;
}
