// Which fenced code blocks of a message are artifacts (a page, a picture, a component, a diagram), and their names.

/** What a sandbox can show: an HTML page, an SVG picture, a React component (JSX/TSX), a Mermaid diagram. */
export type ArtifactKind = 'html' | 'svg' | 'jsx' | 'mermaid';

/** One artifact block of a message, in the order of the message's artifact blocks. */
export interface ArtifactBlock {
  kind: ArtifactKind;
  code: string;
  /** The fence's first word, as written (`html`, `tsx`…). */
  language: string;
  /** A title or file name the reply gave it, if any: the fence's `title="…"` or file name, or the line just above. */
  name: string | null;
}

const KIND_BY_LANGUAGE: Readonly<Record<string, ArtifactKind>> = {
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  svg: 'svg',
  jsx: 'jsx',
  tsx: 'jsx',
  mermaid: 'mermaid',
  mmd: 'mermaid',
};

/** The kind a fence's language names; `xml` counts as SVG when the code is an `<svg>` picture. */
export function artifactKindOf(language: string, code: string): ArtifactKind | null {
  const lower = language.toLowerCase();
  const kind = KIND_BY_LANGUAGE[lower];
  if (kind) return kind;
  if (lower === 'xml' && /^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/i.test(code)) return 'svg';
  return null;
}

/** A word that reads as a file an artifact could be saved as. */
const FILE_NAME = /[\w.-]*\w\.(?:html?|svg|jsx|tsx|mmd|mermaid)\b/i;
const NAME_ATTRIBUTE = /\b(?:title|filename|file|name)=(?:"([^"]*)"|'([^']*)'|(\S+))/i;
/** Longest name kept: names come from the model, and one is shown in a tab and a file name. */
const MAX_NAME_LENGTH = 80;

function cleanName(name: string | undefined): string | null {
  const trimmed = (name ?? '').replace(/\s+/g, ' ').trim();
  return trimmed ? trimmed.slice(0, MAX_NAME_LENGTH) : null;
}

/** The name in the fence's info string: `title="Counter"`, `file=index.html`, or a bare file name. */
function nameInInfo(info: string): string | null {
  const rest = info.trim().split(/\s+/).slice(1).join(' ');
  if (!rest) return null;
  const attribute = NAME_ATTRIBUTE.exec(rest);
  if (attribute) return cleanName(attribute[1] ?? attribute[2] ?? attribute[3]);
  return cleanName(FILE_NAME.exec(rest)?.[0]);
}

/**
 * The name on the line just above the fence: a file name in it (`Here is **index.html**:`), else a
 * heading's or a bold line's text (`### Counter`, `**Counter**`). Anything else names nothing: a
 * sentence is not a title.
 */
function nameAbove(line: string | undefined): string | null {
  if (!line) return null;
  const file = FILE_NAME.exec(line);
  if (file) return cleanName(file[0]);
  const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
  if (heading) return cleanName(heading[1]!.replace(/[*_`]/g, ''));
  const bold = /^\s*(?:\*\*|__)(.+?)(?:\*\*|__):?\s*$/.exec(line);
  if (bold) return cleanName(bold[1]);
  return null;
}

interface Fence {
  marker: string;
  indent: number;
  info: string;
  lines: string[];
  lineAbove: string | undefined;
}

const OPENING = /^( {0,3})(`{3,}|~{3,})(.*)$/;

/**
 * The message's fenced code blocks, as CommonMark reads fences at the top level (up to three spaces
 * of indent; a closing fence of the same character, at least as long). With `complete` false (a
 * reply still streaming), a fence that has not closed is left out: a half-written page never runs.
 */
function fencesOf(text: string, complete: boolean): Fence[] {
  const lines = text.split(/\r\n|\n|\r/);
  const fences: Fence[] = [];
  let open: Fence | null = null;
  let lastNonBlank: string | undefined;
  for (const line of lines) {
    if (open) {
      const close = new RegExp(`^ {0,3}${open.marker[0] === '`' ? '`' : '~'}{${open.marker.length},}\\s*$`);
      if (close.test(line)) {
        fences.push(open);
        open = null;
        lastNonBlank = undefined;
      } else {
        open.lines.push(line.replace(new RegExp(`^ {0,${open.indent}}`), ''));
      }
      continue;
    }
    const opening = OPENING.exec(line);
    // A backtick fence's info string may not hold a backtick (that line is inline code instead).
    if (opening && !(opening[2]![0] === '`' && opening[3]!.includes('`'))) {
      open = { marker: opening[2]!, indent: opening[1]!.length, info: opening[3]!.trim(), lines: [], lineAbove: lastNonBlank };
      continue;
    }
    if (line.trim()) lastNonBlank = line;
  }
  if (open && complete) fences.push(open);
  return fences;
}

/** The artifact blocks of a message's text, in order. */
export function artifactBlocksOf(text: string, complete: boolean): ArtifactBlock[] {
  const blocks: ArtifactBlock[] = [];
  for (const fence of fencesOf(text, complete)) {
    const language = fence.info.split(/\s+/, 1)[0] ?? '';
    const code = fence.lines.join('\n');
    const kind = artifactKindOf(language, code);
    if (!kind || !code.trim()) continue;
    blocks.push({ kind, code, language, name: nameInInfo(fence.info) ?? nameAbove(fence.lineAbove) });
  }
  return blocks;
}

/**
 * The artifact a reply is mostly about: its one artifact block when that block is at least half of
 * the reply's text. Such a reply opens its preview in the panel; one with prose around several
 * blocks keeps them in the thread.
 */
export function mainArtifactOf(text: string, complete: boolean): ArtifactBlock | null {
  const blocks = artifactBlocksOf(text, complete);
  if (blocks.length !== 1) return null;
  const block = blocks[0]!;
  return block.code.trim().length * 2 >= text.trim().length ? block : null;
}
