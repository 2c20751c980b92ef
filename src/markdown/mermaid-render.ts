import mermaid from 'mermaid';
import type { DiagramRenderer } from './mermaid-loader';
import { withIntrinsicSize } from './svg-size';

// Loaded only when a reply holds a ```mermaid block (mermaid-loader.ts imports this file lazily).
// `strict` makes Mermaid escape labels and drop click handlers and links; the SVG text is then
// shown as an image (mermaid-diagram.tsx), where nothing in it can run or fetch anything anyway.
mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'neutral' });

let renders = 0;

export const renderer: DiagramRenderer = {
  async render(code: string): Promise<string> {
    // parse() throws on a syntax error without touching the page; render() would draw an error diagram first.
    await mermaid.parse(code);
    renders += 1;
    const { svg } = await mermaid.render(`parley-mermaid-${renders}`, code);
    return withIntrinsicSize(svg);
  },
};
