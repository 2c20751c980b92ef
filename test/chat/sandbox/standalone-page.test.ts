import { describe, expect, it } from 'vitest';
import { standalonePage } from '../../../src/chat/sandbox/standalone-page';

describe('standalonePage', () => {
  it('keeps a whole HTML document as it is', () => {
    const page = '<!-- made by a model -->\n<!DOCTYPE html><html><body><p>Hi</p></body></html>';
    expect(standalonePage('html', page, 'index.html', 2, 'index.html')).toEqual({ fileName: 'index-v2.html', mimeType: 'text/html', text: page });
  });

  it('puts a fragment into a UTF-8 document titled with the artifact, its title escaped', () => {
    const { text, fileName } = standalonePage('html', '<button>+1</button>', null, 1, 'A <b>"page"</b>');
    expect(fileName).toBe('page-v1.html');
    expect(text).toMatch(/^<!doctype html>/);
    expect(text).toContain('<meta charset="utf-8">');
    expect(text).toContain('<title>A &lt;b&gt;&quot;page&quot;&lt;/b&gt;</title>');
    expect(text).toContain('<body>\n<button>+1</button>\n</body>');
  });

  it('puts an SVG picture into a page, without its XML declaration', () => {
    const { text, fileName } = standalonePage('svg', '<?xml version="1.0"?>\n<svg viewBox="0 0 2 2"><rect/></svg>', 'Logo / dark.svg', 3, 'Logo');
    expect(fileName).toBe('Logo-dark-v3.html');
    expect(text).not.toContain('<?xml');
    expect(text).toContain('<body>\n<svg viewBox="0 0 2 2"><rect/></svg>\n</body>');
  });

  it('gives a component and a diagram a page carrying their runtimes, in order, before the script that runs them', () => {
    const page = standalonePage('jsx', 'export default () => null', 'Counter.jsx', 2, 'Counter', ['/* react */', '/* sucrase */']);
    expect(page).toMatchObject({ fileName: 'Counter-v2.html', mimeType: 'text/html' });
    expect(page.text).toMatch(/^<!doctype html><html><head>\n<meta charset="utf-8">[\s\S]*<title>Counter<\/title>/);
    const react = page.text.indexOf('<script>/* react */</script>');
    const sucrase = page.text.indexOf('<script>/* sucrase */</script>');
    expect(react).toBeGreaterThan(0);
    expect(sucrase).toBeGreaterThan(react);
    expect(page.text.indexOf('export default () => null')).toBeGreaterThan(sucrase);
    expect(standalonePage('mermaid', 'graph TD; A-->B', null, 4, 'Diagram', ['/* mermaid */']).fileName).toBe('diagram-v4.html');
  });

  it('gives a component and a diagram their source files when their runtimes cannot be had', () => {
    expect(standalonePage('jsx', 'export default () => null', 'Counter.jsx', 1, 'Counter')).toMatchObject({ fileName: 'Counter-v1.jsx', text: 'export default () => null' });
    expect(standalonePage('mermaid', 'graph TD; A-->B', null, 4, 'Diagram').fileName).toBe('diagram-v4.mmd');
  });

  it('makes a file name of anything a model calls its artifact', () => {
    expect(standalonePage('html', '<p/>', '../../etc/passwd', 1, 'x').fileName).toBe('etc-passwd-v1.html');
    expect(standalonePage('html', '<p/>', '***', 1, 'x').fileName).toBe('page-v1.html');
  });
});
