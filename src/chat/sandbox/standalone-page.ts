// An artifact's version as one file that opens by itself, from a disk, with no server and nothing of Parley's.
import { artifactDocument } from '../../lib/artifact-document';
import type { ArtifactKind } from './artifact-blocks';

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Whether the code is a whole document already (a doctype or an `<html>` element), not a fragment. */
const isDocument = (code: string) => /^\s*(<!--[\s\S]*?-->\s*)*(<!doctype\s+html|<html[\s>])/i.test(code);

export interface StandalonePage {
  fileName: string;
  mimeType: string;
  text: string;
}

/** A file name from the artifact's name (or its kind) and the version: letters, digits, dots and dashes only. */
function fileNameOf(name: string | null, fallback: string, version: number, extension: string): string {
  const stem = (name ?? fallback)
    .replace(/\.(html?|svg|jsx|tsx|mmd|mermaid)$/i, '')
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 60);
  return `${stem || fallback}-v${version}.${extension}`;
}

/**
 * The version as a file to download. An HTML page is the page itself (a fragment gets the document
 * around it, with a UTF-8 charset); an SVG picture goes into a page of its own; both open from
 * `file://` as they previewed. A component or a diagram carries its runtimes' code inline (`runtimes`,
 * in RUNTIMES_OF's order: the document the sandbox renders it in), so it runs from `file://` too;
 * without them it downloads as its source file.
 */
export function standalonePage(kind: ArtifactKind, code: string, name: string | null, version: number, title: string, runtimes?: readonly string[]): StandalonePage {
  const head = `<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>${escapeText(title)}</title>`;
  switch (kind) {
    case 'html':
      return {
        fileName: fileNameOf(name, 'page', version, 'html'),
        mimeType: 'text/html',
        text: isDocument(code) ? code : `<!doctype html>\n<html>\n<head>\n${head}\n</head>\n<body>\n${code}\n</body>\n</html>\n`,
      };
    case 'svg':
      return {
        fileName: fileNameOf(name, 'picture', version, 'html'),
        mimeType: 'text/html',
        text: `<!doctype html>\n<html>\n<head>\n${head}\n<style>body{margin:0;display:grid;place-items:center;min-height:100vh}svg{max-width:100%;height:auto}</style>\n</head>\n<body>\n${code.replace(/^\s*<\?xml[^>]*>\s*/i, '')}\n</body>\n</html>\n`,
      };
    case 'jsx':
    case 'mermaid': {
      const fallback = kind === 'jsx' ? 'component' : 'diagram';
      if (!runtimes) return { fileName: fileNameOf(name, fallback, version, kind === 'jsx' ? 'jsx' : 'mmd'), mimeType: 'text/plain', text: code };
      // The sandbox's own document for it, titled: its reporter talks to a parent that is the page itself, harmlessly.
      return { fileName: fileNameOf(name, fallback, version, 'html'), mimeType: 'text/html', text: artifactDocument(kind, code, runtimes).replace('<head>', `<head>\n${head}\n`) };
    }
  }
}
