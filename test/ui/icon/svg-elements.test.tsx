import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { svgElements } from '../../../src/ui/icon/svg-elements';

const renderBody = (body: string) => render(<svg>{svgElements(body)}</svg>).container.querySelector('svg')!;

describe('svgElements', () => {
  it('rebuilds icon markup as elements with the same attributes', () => {
    const svg = renderBody('<g fill="none" stroke-width="2" stroke-linecap="round"><path d="M5 12h14"/><circle cx="4" cy="4" r="2"/></g>');
    const g = svg.querySelector('g')!;
    expect(g.getAttribute('stroke-width')).toBe('2');
    expect(g.getAttribute('stroke-linecap')).toBe('round');
    expect(svg.querySelector('path')!.getAttribute('d')).toBe('M5 12h14');
    expect(svg.querySelector('circle')!.getAttribute('r')).toBe('2');
  });

  it('keeps text and inline styles', () => {
    const svg = renderBody('<path style="opacity:.5;fill-rule:evenodd" d="M0 0"/><title>Hi</title>');
    expect(svg.querySelector('path')!.getAttribute('style')).toContain('opacity');
    expect(svg.querySelector('title')!.textContent).toBe('Hi');
  });

  it('drops scripts, event handlers and javascript: links', () => {
    const svg = renderBody('<script>alert(1)</script><path onload="alert(2)" d="M0 0"/><a href="javascript:alert(3)"><path d="M1 1"/></a>');
    expect(svg.querySelector('script')).toBeNull();
    expect(svg.querySelector('path')!.getAttribute('onload')).toBeNull();
    expect(svg.querySelector('a')!.getAttribute('href')).toBeNull();
  });

  it('parses a body once and reuses the elements', () => {
    expect(svgElements('<path d="M2 2"/>')).toBe(svgElements('<path d="M2 2"/>'));
  });
});
