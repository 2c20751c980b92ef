import { act } from '@testing-library/react';

/**
 * Lets lazy work finish: the highlighter and KaTeX load through dynamic imports and report back
 * in later tasks. A few macrotasks inside act() flush those updates.
 */
export async function settle(rounds = 8): Promise<void> {
  await act(async () => {
    for (let i = 0; i < rounds; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** KaTeX warns when the document has no doctype; happy-dom starts without one. */
export function giveDocumentADoctype(): void {
  if (!document.doctype) document.insertBefore(document.implementation.createDocumentType('html', '', ''), document.documentElement);
}

/**
 * The markup of `node` with each element's attributes in name order. innerHTML lists attributes
 * in the order they were set, which differs between an element created with them and one that
 * gained one in a later update; the DOM is the same either way.
 */
export function normalisedHtml(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return JSON.stringify(node.textContent);
  if (node.nodeType !== Node.ELEMENT_NODE) return '';
  const element = node as Element;
  const attributes = [...element.attributes]
    .map((attribute) => `${attribute.name}=${JSON.stringify(attribute.value)}`)
    .sort()
    .join(' ');
  const children = [...element.childNodes].map(normalisedHtml).join('');
  return `<${element.tagName.toLowerCase()}${attributes ? ` ${attributes}` : ''}>${children}</${element.tagName.toLowerCase()}>`;
}
