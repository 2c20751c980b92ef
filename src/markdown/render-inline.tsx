import { Fragment, useContext, type ReactNode } from 'react';
import type { Token, Tokens } from 'marked';
import { decodeEntities } from './entities';
import type { CitationMarkToken } from './citation-syntax';
import { CitationSlotContext } from './citation-slot';
import type { FootnoteRefToken } from './footnote-syntax';
import { FootnoteRef } from './footnote-ref';
import { MAX_EMPHASIS_DEPTH } from './limit-delimiters';
import type { MathToken } from './math-syntax';
import { MarkdownImage } from './markdown-image';
import { MathView } from './math-view';
import { safeLinkHref } from './safe-url';

/** Inline elements nest at most this deep (emphasis is bounded before lexing; links and images add a level each). */
export const MAX_INLINE_DEPTH = MAX_EMPHASIS_DEPTH + 4;

/** The text a reader would see in `tokens`, without markup (a task checkbox's accessible name). */
export function plainText(tokens: readonly Token[] | undefined): string {
  let text = '';
  for (const token of tokens ?? []) {
    const children = 'tokens' in token ? (token.tokens as Token[] | undefined) : undefined;
    if (children) text += plainText(children);
    else if (token.type === 'codespan' || token.type === 'escape') text += token.text as string;
    else if (token.type === 'text') text += decodeEntities(token.text as string);
    else if (token.type === 'br') text += ' ';
    // Raw HTML and formulas are shown as their source, so that is their text too.
    else if (token.type === 'html' || token.type === 'math') text += token.raw as string;
  }
  return text.trim();
}

/** A task list's box: read-only (a reply cannot be edited), named by the task's text. */
export function TaskCheckbox({ checked, label }: { checked: boolean; label: string }) {
  return <input type="checkbox" className="markdown__task-box" checked={checked} disabled aria-label={label || undefined} />;
}

interface InlineContext {
  readonly depth: number;
  readonly insideLink: boolean;
}

function renderLink(token: Tokens.Link, key: number, context: InlineContext): ReactNode {
  const children = renderTokens(token.tokens, { depth: context.depth + 1, insideLink: true });
  const href = context.insideLink ? null : safeLinkHref(token.href, token.autolink === true);
  if (!href) return <Fragment key={key}>{children}</Fragment>;
  const title = token.title ? decodeEntities(token.title) : undefined;
  return (
    <a key={key} href={href} title={title} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** A citation mark: whatever the page's slot shows there, or nothing. */
function CitationMark({ index, insideLink }: { index: number; insideLink: boolean }) {
  const Slot = useContext(CitationSlotContext);
  return Slot ? <Slot index={index} insideLink={insideLink} /> : null;
}

function renderToken(tokens: readonly Token[], key: number, context: InlineContext): ReactNode {
  const token = tokens[key]!;
  const inner = { depth: context.depth + 1, insideLink: context.insideLink };
  if (context.depth >= MAX_INLINE_DEPTH && 'tokens' in token && token.tokens) return token.raw;
  switch (token.type) {
    case 'text':
      return token.tokens ? <Fragment key={key}>{renderTokens(token.tokens, context)}</Fragment> : decodeEntities(token.text);
    case 'escape':
      return token.text;
    case 'strong':
      return <strong key={key}>{renderTokens(token.tokens, inner)}</strong>;
    case 'em':
      return <em key={key}>{renderTokens(token.tokens, inner)}</em>;
    case 'del':
      return <del key={key}>{renderTokens(token.tokens, inner)}</del>;
    case 'codespan':
      return <code key={key}>{token.text}</code>;
    case 'br':
      return <br key={key} />;
    case 'link':
      return renderLink(token as Tokens.Link, key, context);
    case 'image': {
      const image = token as Tokens.Image;
      // CommonMark: the alt text is the description's plain text (`![a *b*]` → "a b"), not its source.
      const alt = image.tokens ? plainText(image.tokens) : decodeEntities(image.text);
      return <MarkdownImage key={key} href={image.href} alt={alt} title={image.title} insideLink={context.insideLink} />;
    }
    case 'checkbox':
      return <TaskCheckbox key={key} checked={(token as Tokens.Checkbox).checked} label={plainText(tokens.slice(key + 1))} />;
    case 'math': {
      const math = token as unknown as MathToken;
      return <MathView key={key} tex={math.text} display={math.display} finished={math.complete} />;
    }
    case 'footnoteRef': {
      const ref = token as unknown as FootnoteRefToken;
      return <FootnoteRef key={key} label={ref.label} raw={ref.raw} />;
    }
    case 'citationMark': {
      const mark = token as unknown as CitationMarkToken;
      return <CitationMark key={key} index={mark.index} insideLink={context.insideLink} />;
    }
    // Raw HTML is shown as the text it is: a reply never gets to add elements or attributes.
    case 'html':
      return token.raw;
    default:
      return token.raw;
  }
}

function renderTokens(tokens: readonly Token[] | undefined, context: InlineContext): ReactNode[] {
  if (!tokens) return [];
  const nodes: ReactNode[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const node = renderToken(tokens, index, context);
    const last = nodes.length - 1;
    // Adjacent text (an escape beside plain text) becomes one text node, not one per token.
    if (typeof node === 'string' && typeof nodes[last] === 'string') nodes[last] += node;
    else nodes.push(node);
  }
  return nodes;
}

/** Inline tokens as React elements: text nodes, emphasis, code, safe links, gated images, formulas. */
export function renderInline(tokens: readonly Token[] | undefined): ReactNode[] {
  return renderTokens(tokens, { depth: 0, insideLink: false });
}
