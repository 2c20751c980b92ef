import { createElement, memo, type Key, type ReactNode } from 'react';
import type { Links, Token, Tokens } from 'marked';
import { CodeBlock } from './code-block';
import { languageOf } from './highlight-languages';
import { MermaidDiagram } from './mermaid-diagram';
import { decodeEntities } from './entities';
import type { PlainTextToken } from './lex-block';
import { MAX_NESTING_DEPTH } from './limit-nesting';
import { MarkdownList } from './markdown-list';
import { MarkdownTable } from './markdown-table';
import type { MathToken } from './math-syntax';
import { MathView } from './math-view';
import { PlainText } from './plain-text';
import { renderInline } from './render-inline';

/** The fence language drawn as a diagram. */
const MERMAID = 'mermaid';

/** Container depth past which a quote or list is shown as its text (the lexer input is bounded too). */
export const MAX_RENDER_DEPTH = MAX_NESTING_DEPTH;

/**
 * One block token as React elements. `depth` counts the quotes and lists around it; `live` marks
 * the last token of a streaming reply, which may still change (its code is not highlighted yet).
 * Every block of text takes its direction from its own first strong letter (dir="auto"): an Arabic
 * or Hebrew paragraph reads right to left, the English one after it left to right. Code stays left
 * to right (code-block.tsx).
 */
export function renderBlock(token: Token, key: Key, depth: number, live: boolean): ReactNode {
  switch (token.type) {
    case 'space':
    case 'def':
    // A note is shown with the others at the end of the reply (footnotes.tsx).
    case 'footnoteDefinition':
      return null;
    case 'paragraph':
      return <p key={key} dir="auto">{inlineChildren(token.tokens)}</p>;
    case 'heading':
      return createElement(`h${(token as Tokens.Heading).depth}`, { key, dir: 'auto' }, inlineChildren(token.tokens));
    case 'code': {
      const code = token as Tokens.Code;
      // marked's text sometimes keeps the last line end (indented code, a fence in a list item) and
      // its own HTML writer drops it; the code shown is its lines, without it.
      const text = code.text.replace(/\n$/, '');
      // The info string is text: CommonMark resolves its references (``` f&ouml;&ouml; → föö).
      const info = code.lang ? decodeEntities(code.lang) : code.lang;
      if (languageOf(info).toLowerCase() === MERMAID) return <MermaidDiagram key={key} code={text} info={info} finished={!live} />;
      return <CodeBlock key={key} code={text} info={info} finished={!live} />;
    }
    case 'blockquote':
      if (depth >= MAX_RENDER_DEPTH) return <p key={key} className="markdown__overflow" dir="auto">{token.raw}</p>;
      return <blockquote key={key}>{renderBlocks(token.tokens ?? [], depth + 1, live)}</blockquote>;
    case 'list':
      if (depth >= MAX_RENDER_DEPTH) return <p key={key} className="markdown__overflow" dir="auto">{token.raw}</p>;
      return <MarkdownList key={key} token={token as Tokens.List} depth={depth + 1} live={live} />;
    case 'table':
      return <MarkdownTable key={key} token={token as Tokens.Table} />;
    case 'hr':
      return <hr key={key} />;
    case 'math': {
      const math = token as unknown as MathToken;
      return (
        <div key={key} className="markdown__math-block">
          <MathView tex={math.text} display finished={math.complete} />
        </div>
      );
    }
    case 'text':
      return token.tokens ? <p key={key} dir="auto">{inlineChildren(token.tokens)}</p> : <p key={key} dir="auto">{decodeEntities(token.text)}</p>;
    // Raw HTML is shown as the text it is: a reply never gets to add elements or attributes.
    case 'html':
      return <p key={key} className="markdown__html" dir="auto">{token.raw.replace(/\n+$/, '')}</p>;
    case 'plainText':
      return <PlainText key={key} text={(token as unknown as PlainTextToken).text} />;
    default:
      return <p key={key} dir="auto">{token.raw}</p>;
  }
}

/**
 * Inline tokens as an element's children: plain text (most paragraphs) as a lone string, which
 * React writes as the element's text instead of making a text node of its own to track.
 */
function inlineChildren(tokens: readonly Token[] | undefined): ReactNode {
  const nodes = renderInline(tokens);
  return nodes.length === 1 && typeof nodes[0] === 'string' ? nodes[0] : nodes;
}

/** The index of the last token that renders something (trailing space tokens render nothing). */
function lastContentIndex(tokens: readonly Token[]): number {
  for (let i = tokens.length - 1; i >= 0; i -= 1) if (tokens[i]!.type !== 'space') return i;
  return -1;
}

/** Block tokens inside a container; only the last of them can be live. */
export function renderBlocks(tokens: readonly Token[], depth: number, live: boolean): ReactNode[] {
  const last = lastContentIndex(tokens);
  return tokens.map((token, index) => renderBlock(token, index, depth, live && index === last));
}

interface TokenViewProps {
  token: Token;
  live: boolean;
  /** The reply's reference definitions, and how many the block itself has: a new one can turn `[text][ref]` into a link. */
  links: Links;
  definitions: number;
}

/** A top-level token; unchanged source means unchanged output, so re-lexed tokens skip re-rendering. */
const TokenView = memo(
  function TokenView({ token, live }: TokenViewProps) {
    return renderBlock(token, 0, 0, live);
  },
  (previous, next) => previous.token.raw === next.token.raw &&
    previous.live === next.live &&
    previous.links === next.links &&
    previous.definitions === next.definitions,
);

/**
 * The top-level tokens of a block as elements, each memoised on its source (a streaming block's
 * tokens are lexed again on every update; only those that changed render); `keyPrefix` starts
 * their keys, so a new prefix renders them afresh.
 */
export function tokenViews(tokens: readonly Token[], live: boolean, links: Links, keyPrefix = ''): ReactNode[] {
  const last = lastContentIndex(tokens);
  const definitions = 'links' in tokens ? Object.keys(tokens.links as Links).length : 0;
  return tokens.map((token, index) =>
    token.type === 'space' ? null : (
      <TokenView key={`${keyPrefix}${index}`} token={token} live={live && index === last} links={links} definitions={definitions} />
    ),
  );
}

/**
 * The top-level tokens of a block that never streamed as elements, with no memo around each: it
 * renders once (again only under a new `keyPrefix`), so there is nothing to compare.
 */
export function finishedTokens(tokens: readonly Token[], keyPrefix: string): ReactNode[] {
  return tokens.map((token, index) => renderBlock(token, `${keyPrefix}${index}`, 0, false));
}

/** The top-level tokens of a block, each memoised on its source. */
export function BlockTokens({ tokens, live, links }: { tokens: readonly Token[]; live: boolean; links: Links }) {
  return tokenViews(tokens, live, links);
}
