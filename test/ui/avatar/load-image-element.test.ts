import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadImageElement } from '../../../src/ui/avatar/use-image-status';

/** Stands in for the browser's Image, which happy-dom never loads. */
class FakeImage {
  static last: FakeImage | undefined;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  src = '';
  constructor() {
    FakeImage.last = this;
  }
}

const image = () => {
  if (!FakeImage.last) throw new Error('no Image was created');
  return FakeImage.last;
};

describe('loadImageElement', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeImage.last = undefined;
  });

  it('starts the download and resolves on load', async () => {
    vi.stubGlobal('Image', FakeImage);
    const loading = loadImageElement('/a.png', new AbortController().signal);
    expect(image().src).toBe('/a.png');
    image().onload?.();
    await expect(loading).resolves.toBeUndefined();
    expect(image().onload).toBeNull();
  });

  it('rejects on error', async () => {
    vi.stubGlobal('Image', FakeImage);
    const loading = loadImageElement('/missing.png', new AbortController().signal);
    image().onerror?.();
    await expect(loading).rejects.toThrow('/missing.png');
  });

  it('stops the download and rejects when aborted', async () => {
    vi.stubGlobal('Image', FakeImage);
    const controller = new AbortController();
    const loading = loadImageElement('/big.png', controller.signal);
    controller.abort();
    await expect(loading).rejects.toBeDefined();
    expect(image().src).toBe('');
    expect(image().onload).toBeNull();
  });
});
