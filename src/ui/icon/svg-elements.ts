import { createElement, type ReactNode } from 'react';

/** Parsed icon bodies, reused by every instance: a chat shows the same few icons thousands of times. */
const cache = new Map<string, ReactNode>();
/** Plenty for any screen; an unbounded cache would grow with every rotation and flip combination. */
const CACHE_LIMIT = 500;

const RENAMED: Record<string, string> = { class: 'className', 'xlink:href': 'xlinkHref', 'xml:space': 'xmlSpace', 'xmlns:xlink': 'xmlnsXlink' };

/** `stroke-width` → `strokeWidth`, as React names SVG attributes; aria-* and data-* stay as they are. */
function propName(attribute: string): string {
  if (attribute in RENAMED) return RENAMED[attribute]!;
  if (attribute.startsWith('aria-') || attribute.startsWith('data-')) return attribute;
  return attribute.replace(/[-:]([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

function styleObject(style: string): Record<string, string> {
  const entries = style
    .split(';')
    .map((rule) => rule.split(':').map((part) => part.trim()))
    .filter((pair): pair is [string, string] => pair.length === 2 && pair[0] !== '')
    .map(([name, value]) => [name.startsWith('--') ? name : propName(name), value]);
  return Object.fromEntries(entries);
}

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === 3) return node.textContent;
  if (node.nodeType !== 1) return null;
  const element = node as Element;
  // Icon data never needs script or handlers; dropping them costs nothing and closes a door.
  if (element.localName === 'script' || element.localName === 'foreignObject') return null;
  const props: Record<string, unknown> = { key };
  for (const { name, value } of Array.from(element.attributes)) {
    if (/^on/i.test(name) || (/href$/i.test(name) && /^\s*javascript:/i.test(value))) continue;
    props[propName(name)] = name === 'style' ? styleObject(value) : value;
  }
  return createElement(element.localName, props, ...Array.from(element.childNodes, (child, i) => toReact(child, i)));
}

/**
 * An icon body (SVG markup from Iconify data) as React elements, parsed once per distinct body.
 * No HTML is injected: the markup is parsed as XML and rebuilt element by element.
 */
export function svgElements(body: string): ReactNode {
  let elements = cache.get(body);
  if (elements === undefined) {
    const doc = new DOMParser().parseFromString(`<svg xmlns="http://www.w3.org/2000/svg">${body}</svg>`, 'image/svg+xml');
    const root = doc.documentElement;
    elements = root.localName === 'svg' ? Array.from(root.childNodes, (child, i) => toReact(child, i)) : null;
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(body, elements);
  }
  return elements;
}
