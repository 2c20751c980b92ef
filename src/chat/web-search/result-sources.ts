// The sources of any search tool's result (issue 37): Parley's web_search gives them itself; an MCP
// search server (SearXNG's, Brave's, Exa's) lists them in its text, as JSON or as lines, and they
// are read back here in order, so its results become citations like Parley's own.
import type { ToolResult } from '../mcp';
import type { Citation } from '../types';
import { plainCitationText, webAddress } from '../shapes/citations';

/** A search returns ten or twenty results; past that it is a list of links, not sources. */
export const MAX_TOOL_SOURCES = 20;
const TITLE_CHARS = 200;
const SNIPPET_CHARS = 500;
/** How deep a JSON answer is searched for results: SearXNG's and Brave's are two or three levels. */
const MAX_JSON_DEPTH = 6;

const URL_KEYS = ['url', 'link', 'href'] as const;
const TITLE_KEYS = ['title', 'name'] as const;
const SNIPPET_KEYS = ['content', 'description', 'snippet', 'text', 'summary'] as const;

/** Sources in the order first found, one per address, at most MAX_TOOL_SOURCES. */
class Sources {
  readonly list: Citation[] = [];
  private readonly seen = new Set<string>();
  get full() {
    return this.list.length === MAX_TOOL_SOURCES;
  }
  add(rawUrl: unknown, rawTitle?: unknown, rawSnippet?: unknown): boolean {
    const url = webAddress(rawUrl);
    if (!url || this.full || this.seen.has(url)) return !!url;
    this.seen.add(url);
    const title = plainCitationText(rawTitle, TITLE_CHARS);
    const citedText = plainCitationText(rawSnippet, SNIPPET_CHARS);
    this.list.push({ url, ...(title && { title }), ...(citedText && { citedText }) });
    return true;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const firstString = (record: Record<string, unknown>, keys: readonly string[]) => keys.map((key) => record[key]).find((value) => typeof value === 'string');

/** Every object with a web address under `url` (or `link`, `href`), in document order; an object that is a result is not searched further (its thumbnail is not a source). */
function walkJson(value: unknown, sources: Sources, depth = 0): void {
  if (depth > MAX_JSON_DEPTH || sources.full) return;
  if (Array.isArray(value)) {
    for (const item of value) walkJson(item, sources, depth + 1);
    return;
  }
  if (!isRecord(value)) return;
  if (sources.add(firstString(value, URL_KEYS), firstString(value, TITLE_KEYS), firstString(value, SNIPPET_KEYS))) return;
  for (const item of Object.values(value)) walkJson(item, sources, depth + 1);
}

function parseJson(text: string): unknown {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return undefined;
  }
}

/** `Label: value` at the start of a line, the label maybe in bold or a list item (`- **URL:** …`). */
const labelled = (labels: string) => new RegExp(`^\\s*(?:[-*]\\s+)?(?:\\*\\*)?(?:${labels})(?:\\*\\*)?\\s*:\\s*(?:\\*\\*)?\\s*(.*)$`, 'i');
const URL_LINE = labelled('url|link|source');
const TITLE_LINE = labelled('title');
const SNIPPET_LINE = labelled('description|snippet|content|text|summary|highlights?');
const MARKDOWN_LINK = /\[([^\]\n]{0,300})\]\((https?:\/\/[^\s)]+)\)/g;
const BARE_URL = /https?:\/\/[^\s<>"'`)\]}]+/g;
/** A sentence's full stop or a closing mark is not part of the address it follows. */
const trimUrl = (url: string) => url.replace(/[.,;:!?'"]+$/, '').replace(/^<|>$/g, '');

/** Results written as blocks of `Title: …` / `URL: …` / `Description: …` lines (mcp-searxng, Exa's text), in order. */
function readLabelledLines(text: string, sources: Sources): void {
  for (const block of text.split(/\n\s*\n/)) {
    let title: string | undefined;
    let snippet: string | undefined;
    let url: string | undefined;
    const flush = () => {
      if (url) sources.add(url, title, snippet);
      title = snippet = url = undefined;
    };
    for (const line of block.split('\n')) {
      const urlMatch = URL_LINE.exec(line);
      const titleMatch = TITLE_LINE.exec(line);
      const snippetMatch = SNIPPET_LINE.exec(line);
      if (urlMatch) {
        // A second address in the block starts the next result.
        if (url) flush();
        url = trimUrl(urlMatch[1]!.trim().split(/\s+/)[0] ?? '');
      } else if (titleMatch) {
        if (title !== undefined && url) flush();
        title = titleMatch[1];
      } else if (snippetMatch) snippet ??= snippetMatch[1];
    }
    flush();
  }
}

/**
 * The results a search tool returned, as sources in its order: for a tool whose name says it
 * searches (`web_search`, `searxng_web_search`, `brave_web_search`, `web_search_exa`), the
 * addresses its result lists — JSON objects with a url (and title, snippet), else `URL:` lines,
 * else Markdown links, else bare addresses — each cleaned (http and https only, plain titles),
 * once each, at most MAX_TOOL_SOURCES. Undefined for another tool, an error, or no address.
 */
export function searchResultSources(toolName: string, result: ToolResult): Citation[] | undefined {
  if (!/search/i.test(toolName) || result.isError) return undefined;
  const sources = new Sources();
  if (result.sources) for (const source of result.sources) sources.add(source.url, source.title, source.citedText);
  const texts = result.parts.flatMap((part) => (part.type === 'text' ? [part.text] : []));
  if (sources.list.length === 0) for (const text of texts) walkJson(parseJson(text), sources);
  if (sources.list.length === 0) for (const text of texts) readLabelledLines(text, sources);
  if (sources.list.length === 0) for (const text of texts) for (const [, title, url] of text.matchAll(MARKDOWN_LINK)) sources.add(url, title);
  if (sources.list.length === 0) for (const text of texts) for (const [url] of text.matchAll(BARE_URL)) sources.add(trimUrl(url));
  return sources.list.length > 0 ? sources.list : undefined;
}
