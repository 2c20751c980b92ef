// The Mermaid runtime of diagram previews (issue 36): the `mermaid` package, built into its own file
// in assets/ and handed to the sandbox, configured as the thread's inline diagrams are
// (src/markdown/mermaid-render.ts): `strict` escapes labels and drops click handlers and links.
import mermaid from 'mermaid';
import { publish } from './publish';

mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'neutral' });

publish('mermaid', async (source: string): Promise<string> => {
  // parse() throws on a syntax error without drawing; render() would draw an error diagram first.
  await mermaid.parse(source);
  return (await mermaid.render('parley-diagram', source)).svg;
});
