import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadChunkStyles, resetChunkStyles, STYLES_META_NAME } from '../../src/lib/chunk-styles';

const HREF = 'assets/chat-page-ABCDEFGH.css';

/** Every stylesheet link put in <head>, kept or not (happy-dom loads no CSS: each one fails). */
let appended: string[];
let observer: MutationObserver;

beforeEach(() => {
  document.head.innerHTML = `<meta name="${STYLES_META_NAME}" content="chat-page=${HREF}" />`;
  resetChunkStyles();
  appended = [];
  observer = new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (node instanceof HTMLLinkElement) appended.push(node.getAttribute('href')!);
  });
  observer.observe(document.head, { childList: true });
});
afterEach(() => {
  observer.disconnect();
  document.head.innerHTML = '';
});

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('loadChunkStyles', () => {
  it('resolves when the stylesheet fails, takes its link away, and asks again on the next load (issue 26: offline, then back online)', async () => {
    await loadChunkStyles('chat-page');
    await flush();
    expect(appended).toEqual([HREF]);
    expect(document.head.querySelectorAll('link[data-chunk-styles]')).toHaveLength(0);
    await loadChunkStyles('chat-page');
    await flush();
    expect(appended).toEqual([HREF, HREF]);
  });

  it('links nothing for a chunk without a stylesheet', async () => {
    await loadChunkStyles('home-page');
    await flush();
    expect(appended).toEqual([]);
  });
});
