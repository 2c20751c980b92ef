import type { Element, ElementContent, Root } from 'hast';
import type { ReactNode } from 'react';

/** highlight.js only emits its own class names; anything else is dropped rather than trusted. */
const HIGHLIGHT_CLASS = /^(?:hljs-[\w-]+|language-[\w-]+|[\w-]+_)$/;

function classNameOf(element: Element): string | undefined {
  const value = element.properties?.className;
  const names = (Array.isArray(value) ? value : [value]).filter((name): name is string => typeof name === 'string' && HIGHLIGHT_CLASS.test(name));
  return names.length ? names.join(' ') : undefined;
}

function renderNode(node: ElementContent, key: number): ReactNode {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element') return null;
  // Every element lowlight makes is a span; we build spans whatever the tree says.
  return (
    <span key={key} className={classNameOf(node)}>
      {node.children.map(renderNode)}
    </span>
  );
}

/** lowlight's tree as React elements: spans with highlight classes around text, never HTML strings. */
export function hastToReact(tree: Root): ReactNode[] {
  return tree.children.map((node, index) => (node.type === 'doctype' ? null : renderNode(node, index)));
}
