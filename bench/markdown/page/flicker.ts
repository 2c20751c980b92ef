// What a streaming render shows, compared with what the finished render shows: the flicker
// measure of bench/README.md ("Flicker"). Runs in the benchmark page, on the renderer's own DOM.

/** Elements that make a block of their own in every renderer's output. */
const BLOCK_TAGS = new Set(['P', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'PRE', 'LI', 'TH', 'TD', 'BLOCKQUOTE', 'UL', 'OL', 'TABLE', 'HR']);

/** A run of text and the chain of blocks it sits in (`OL>LI>P`). */
export interface Segment {
  path: string;
  text: string;
}

function blockPath(node: Node, root: Element): string {
  const tags: string[] = [];
  for (let element = node.parentElement; element && element !== root; element = element.parentElement) {
    if (BLOCK_TAGS.has(element.tagName)) tags.push(element.tagName);
  }
  return tags.reverse().join('>');
}

/** The rendered text in document order, cut into segments where the enclosing block changes; whitespace collapsed. */
export function segmentsOf(root: Element): Segment[] {
  const segments: Segment[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
  let previousBlock: Element | null = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === Node.ELEMENT_NODE) {
      // An empty block (a rule, an empty cell) is structure too.
      if ((node as Element).tagName === 'HR') segments.push({ path: `${blockPath(node, root)}>HR`, text: '' });
      continue;
    }
    const text = node.textContent ?? '';
    let block: Element | null = node.parentElement;
    while (block && block !== root && !BLOCK_TAGS.has(block.tagName)) block = block.parentElement;
    const last = segments[segments.length - 1];
    // Whitespace between highlighted tokens is part of the code's text, but starts nothing.
    if (last && block === previousBlock) last.text += text;
    else if (text.trim()) segments.push({ path: blockPath(node, root), text });
    else continue;
    previousBlock = block;
  }
  for (const segment of segments) segment.text = segment.text.replace(/\s+/g, ' ').trim();
  return segments.filter((segment, i) => segment.text || segment.path.endsWith('HR') || i === segments.length - 1);
}

/**
 * Whether a streaming render is on its way to the final one: every segment but the last is in
 * the final render unchanged (same text, same blocks around it), and the last is in the same
 * blocks with text the final's segment starts with (it may only grow at its end).
 */
export function isPrefixRender(step: readonly Segment[], final: readonly Segment[]): boolean {
  return firstChange(step, final) === -1;
}

/** The index of the first segment of `step` that breaks isPrefixRender, or -1. */
export function firstChange(step: readonly Segment[], final: readonly Segment[]): number {
  for (let i = 0; i < step.length; i += 1) {
    const a = step[i]!;
    const b = final[i];
    if (!b || a.path !== b.path) return i;
    if (i < step.length - 1 ? a.text !== b.text : !b.text.startsWith(a.text)) return i;
  }
  return -1;
}
