/** Rendered markdown (code blocks, tables, images, footnotes, diagrams): registered by src/markdown/markdown-text.ts, with the chat page. */
export const markdown = {
  'markdown.code.copy': 'Copy',
  /** The Copy button's name: five buttons named "Copy" on one page cannot be told apart by a screen reader. */
  'markdown.code.copyName': 'Copy code',
  /** Named by the block's language as its bar shows it, and by its number from the second block of a reply on (code-block.tsx). */
  'markdown.code.copyLanguage': 'Copy {language} code',
  'markdown.code.copyNumbered': 'Copy code block {number}',
  'markdown.code.copyLanguageNumbered': 'Copy {language} code, block {number}',
  'markdown.code.copied': 'Copied',
  'markdown.code.copyFailed': 'Copy failed',
  'markdown.code.wrap': 'Wrap lines',
  'markdown.code.label': 'Code',
  'markdown.image.load': 'Load image from {url}',
  'markdown.image.loadDescribed': 'Load image from {url}: {alt}',
  'markdown.image.untitled': 'Image',
  'markdown.table': 'Table',
  'markdown.footnotes.label': 'Footnotes',
  'markdown.footnotes.ref': 'Footnote {n}',
  'markdown.footnotes.back': 'Back to reference {n}',
  'markdown.diagram.alt': 'Diagram',
  'markdown.diagram.loading': 'Drawing the diagram…',
  'markdown.diagram.showCode': 'Show code',
  'markdown.diagram.syntaxError': 'This diagram has a syntax error, so it is shown as code.',
  'markdown.diagram.unavailable': 'The diagram could not be drawn (Mermaid did not load), so it is shown as code.',
} as const;
