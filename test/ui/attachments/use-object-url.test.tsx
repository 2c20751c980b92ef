// useObjectUrl never hands out the URL of a Blob other than the one it was given.
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useObjectUrl } from '../../../src/ui/attachments/use-object-url';

function Probe({ blob, seen }: { blob: Blob | undefined; seen: Array<[Blob | undefined, string | undefined]> }) {
  seen.push([blob, useObjectUrl(blob)]);
  return null;
}

describe('useObjectUrl', () => {
  it('gives no URL in the render where the Blob changes, then the new Blob’s own URL', () => {
    const first = new Blob(['one'], { type: 'image/png' });
    const second = new Blob(['two'], { type: 'image/png' });
    const seen: Array<[Blob | undefined, string | undefined]> = [];
    const view = render(<Probe blob={first} seen={seen} />);
    const firstUrl = seen.at(-1)![1];
    expect(firstUrl).toMatch(/^blob:/);
    seen.length = 0;
    view.rerender(<Probe blob={second} seen={seen} />);
    // Every render under the second Blob shows either nothing or a URL other than the first's.
    expect(seen.length).toBeGreaterThan(0);
    for (const [blob, url] of seen) {
      expect(blob).toBe(second);
      expect(url).not.toBe(firstUrl);
    }
    const secondUrl = seen.at(-1)![1];
    expect(secondUrl).toMatch(/^blob:/);
  });

  it('gives nothing without a Blob', () => {
    const seen: Array<[Blob | undefined, string | undefined]> = [];
    render(<Probe blob={undefined} seen={seen} />);
    expect(seen.every(([, url]) => url === undefined)).toBe(true);
  });
});
