// The image viewer's zoom keys and buttons, and Download (issue 22). Pinch, wheel, double tap
// and swipe need real pointer events and layout: test/e2e/phone.e2e.test.ts drives them.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImageViewer, type AttachmentItemRef } from '../../../src/ui/attachments';
import { resetDefaultTooltipStore } from '../../../src/ui/tooltip/tooltip-store';

const images: AttachmentItemRef[] = [
  { id: 'a', kind: 'image', name: 'cat.jpg', size: 1000, width: 800, height: 600 },
  { id: 'b', kind: 'image', name: 'dog.png', size: 2000, width: 300, height: 900 },
];
const blobs = new Map(images.map((image) => [image.id, new Blob([image.id], { type: 'image/png' })]));

beforeEach(() => {
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:url');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  resetDefaultTooltipStore();
});

function Host() {
  const [index, setIndex] = useState<number | null>(0);
  return <ImageViewer images={images} blobs={blobs} index={index} onIndexChange={setIndex} />;
}

function setup() {
  render(<Host />);
  const dialog = screen.getByRole('dialog');
  const stage = dialog.querySelector('.image-viewer__stage') as HTMLElement;
  const key = (k: string) => fireEvent.keyDown(stage, { key: k });
  const level = () => stage.style.getPropertyValue('--zoom');
  return { dialog, stage, key, level };
}

describe('the image viewer’s zoom', () => {
  it('zooms with + and −, goes back with 0, and shows the level', () => {
    const { dialog, stage, key, level } = setup();
    expect(stage.getAttribute('data-zoom')).toBe('fitted');
    // Not laid out (happy-dom): the picture's real size is unknown, so no "100%" it may not be.
    expect(within(dialog).getByText('Fit')).toBeTruthy();
    key('+');
    expect(level()).toBe('1.5');
    expect(stage.getAttribute('data-zoom')).toBe('zoomed');
    expect(within(dialog).getByText('1.5× fit')).toBeTruthy();
    key('=');
    expect(level()).toBe('2.25');
    key('-');
    expect(level()).toBe('1.5');
    key('0');
    expect(level()).toBe('1');
    expect(stage.getAttribute('data-zoom')).toBe('fitted');
    // Never below fitted.
    key('-');
    expect(level()).toBe('1');
  });

  it('shows the real zoom of a fitted picture: an 800 px photo drawn 200 px wide is at 25%, 38% one step in (issue 33)', () => {
    const { dialog, stage, key } = setup();
    const image = stage.querySelector('img')!;
    // happy-dom lays nothing out: the widths a browser would give, then the load that measures them.
    Object.defineProperty(image, 'offsetWidth', { value: 200, configurable: true });
    Object.defineProperty(image, 'naturalWidth', { value: 800, configurable: true });
    fireEvent.load(image);
    expect(dialog.querySelector('.image-viewer__zoom')!.textContent).toBe('25%');
    key('+');
    expect(dialog.querySelector('.image-viewer__zoom')!.textContent).toBe('38%');
    key('0');
    expect(dialog.querySelector('.image-viewer__zoom')!.textContent).toBe('25%');
  });

  it('has named Zoom in, Zoom out and Fit to screen buttons', () => {
    const { dialog, level } = setup();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zoom in' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zoom in' }));
    expect(level()).toBe('2.25');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zoom out' }));
    expect(level()).toBe('1.5');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fit to screen' }));
    expect(level()).toBe('1');
  });

  it('moves to the next picture with → when fitted, but not when zoomed (the arrows pan then), and opens each picture fitted', () => {
    const { key, level } = setup();
    key('+');
    key('ArrowRight');
    expect(screen.getByRole('dialog', { name: 'cat.jpg' })).toBeTruthy();
    key('0');
    key('ArrowRight');
    expect(screen.getByRole('dialog', { name: 'dog.png' })).toBeTruthy();
    key('+');
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    expect(screen.getByRole('dialog', { name: 'cat.jpg' })).toBeTruthy();
    expect(level()).toBe('1');
  });

  it('downloads the picture under its own name', () => {
    const { dialog } = setup();
    const clicked: { name: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ name: this.download, href: this.href });
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download image' }));
    expect(clicked).toEqual([{ name: 'cat.jpg', href: 'blob:url' }]);
    expect(vi.mocked(URL.createObjectURL)).toHaveBeenLastCalledWith(blobs.get('a'));
  });
});
