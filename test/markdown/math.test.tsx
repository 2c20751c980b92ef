import { render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Markdown, resetMarkdown, setMathLoader, type MathRenderer } from '../../src/markdown';
import { giveDocumentADoctype, settle } from './render-helpers';
import { MAX_TYPESET_FORMULAS, withinFormulaBudget } from '../../src/markdown/formula-budget';

beforeAll(giveDocumentADoctype);

afterEach(() => {
  resetMarkdown();
});

/** Stands in for KaTeX: wraps the TeX in a marked span, and records what it was asked. */
function fakeKatex(calls: [string, boolean][]): MathRenderer {
  return {
    renderTex(tex, display) {
      calls.push([tex, display]);
      return `<span class="fake-katex">${tex.replace(/</g, '&lt;')}</span>`;
    },
  };
}

describe('math', () => {
  it('shows the TeX source as code until KaTeX has loaded, then the typeset formula', async () => {
    const calls: [string, boolean][] = [];
    let resolve!: (renderer: MathRenderer) => void;
    const loader = vi.fn(() => new Promise<MathRenderer>((done) => (resolve = done)));
    setMathLoader(loader);
    const { container } = render(<Markdown text={'Euler: $e^{i\\pi}+1=0$'} />);
    const source = container.querySelector('code.markdown__math-source')!;
    expect(source.textContent).toBe('e^{i\\pi}+1=0');
    expect(source.getAttribute('data-state')).toBe('loading');
    await settle();
    expect(loader).toHaveBeenCalledTimes(1);
    resolve(fakeKatex(calls));
    await settle();
    expect(calls).toEqual([['e^{i\\pi}+1=0', false]]);
    const typeset = container.querySelector('.markdown__math')!;
    expect(typeset.getAttribute('data-state')).toBe('typeset');
    expect(typeset.querySelector('.fake-katex')!.textContent).toBe('e^{i\\pi}+1=0');
  });

  it('typesets display math as a block', async () => {
    setMathLoader(() => Promise.resolve(fakeKatex([])));
    const { container } = render(<Markdown text={'$$\n\\sum_i x_i\n$$'} />);
    await settle();
    expect(container.querySelector('.markdown__math-block > .markdown__math[data-display]')).not.toBeNull();
  });

  it('keeps a display formula whose closing $$ has not arrived as source', async () => {
    const loader = vi.fn(() => Promise.resolve(fakeKatex([])));
    setMathLoader(loader);
    const { container } = render(<Markdown text={'$$\n\\int_0^1 x'} streaming />);
    await settle();
    expect(loader).not.toHaveBeenCalled();
    const source = container.querySelector('code.markdown__math-source')!;
    expect([source.textContent, source.getAttribute('data-state')]).toEqual(['\\int_0^1 x', 'streaming']);
  });

  it('keeps the source when KaTeX cannot be loaded', async () => {
    setMathLoader(() => Promise.reject(new Error('offline')));
    const { container } = render(<Markdown text={'so $x^2$'} />);
    await settle();
    expect(container.querySelector('code.markdown__math-source')!.getAttribute('data-state')).toBe('source');
  });

  it('typesets with KaTeX, which refuses commands that could add links or markup (trust: false)', async () => {
    const { container } = render(
      <Markdown text={'$\\href{javascript:alert(1)}{click}$ and $\\htmlClass{evil}{x}$ and $\\includegraphics{https://x.example/a.png}$ and $x^2$'} />,
    );
    await settle(40);
    const formulas = container.querySelectorAll('.markdown__math .katex');
    expect(formulas.length).toBe(4);
    expect(container.querySelector('a, img, .evil, script')).toBeNull();
    expect(container.querySelector('.markdown__math math annotation')).not.toBeNull();
  });
});

describe('the formula budget', () => {
  it('typesets a reply up to MAX_TYPESET_FORMULAS formulas, and shows every formula as source past it', async () => {
    const calls: [string, boolean][] = [];
    setMathLoader(() => Promise.resolve(fakeKatex(calls)));
    // One per paragraph: a paragraph holding thousands of formulas is plain text anyway (the
    // inline budget). The same formula each time, as in the pathological shape: one typesetting.
    const formulas = (count: number) => Array.from({ length: count }, () => '$x_{0}$').join('\n\n');
    const within = render(<Markdown text={formulas(MAX_TYPESET_FORMULAS)} />);
    // Typesetting is sliced across tasks: enough rounds for a thousand formulas.
    await settle(200);
    expect(within.container.querySelectorAll('.markdown__math[data-state="typeset"]')).toHaveLength(MAX_TYPESET_FORMULAS);
    within.unmount();

    calls.length = 0;
    const past = render(<Markdown text={formulas(MAX_TYPESET_FORMULAS + 1)} />);
    await settle(200);
    expect(past.container.querySelectorAll('.markdown__math')).toHaveLength(0);
    const sources = past.container.querySelectorAll('code.markdown__math-source[data-state="source"]');
    expect(sources).toHaveLength(MAX_TYPESET_FORMULAS + 1);
    expect(sources[0]!.textContent).toBe('x_{0}');
    expect(calls).toEqual([]);
  });

  it.each([
    ['dollars', '$a$ '.repeat(MAX_TYPESET_FORMULAS + 1), false],
    ['\\( … \\)', '\\(a\\) '.repeat(MAX_TYPESET_FORMULAS + 1), false],
    ['a few prices', 'It costs $5, or $7 with tax.', true],
  ])('counts %s', (_, text, within) => {
    expect(withinFormulaBudget(text)).toBe(within);
  });
});
