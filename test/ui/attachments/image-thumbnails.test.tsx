import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImageThumbnails, type AttachmentItemRef } from '../../../src/ui/attachments';
import { resetDefaultTooltipStore } from '../../../src/ui/tooltip/tooltip-store';

const images: AttachmentItemRef[] = [
  { id: 'a', kind: 'image', name: 'cat.jpg', size: 1000, width: 800, height: 600 },
  { id: 'b', kind: 'image', name: 'dog.png', size: 2000, width: 300, height: 900 },
  { id: 'c', kind: 'image', name: 'owl.webp', size: 3000, width: 500, height: 500 },
];

let urls = 0;
beforeEach(() => {
  urls = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:url-${++urls}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});
afterEach(() => resetDefaultTooltipStore());

const blobFor = (id: string) => new Blob([id], { type: 'image/png' });

/** The store's loader: every blob there, or resolved only when the test says so. */
function loader() {
  const pending = new Map<string, (blob: Blob | undefined) => void>();
  const loadBlob = vi.fn((id: string) => new Promise<Blob | undefined>((resolve) => pending.set(id, resolve)));
  const resolveAll = async () => {
    await act(async () => {
      for (const [id, resolve] of pending) resolve(blobFor(id));
    });
  };
  return { loadBlob, resolveAll };
}

async function renderLoaded(list = images) {
  const { loadBlob, resolveAll } = loader();
  const view = render(<ImageThumbnails images={list} loadBlob={loadBlob} />);
  await resolveAll();
  return { ...view, loadBlob };
}

describe('ImageThumbnails', () => {
  it('reserves each image’s box from its size and shows a placeholder until the bytes arrive', async () => {
    const { loadBlob, resolveAll } = loader();
    render(<ImageThumbnails images={images} loadBlob={loadBlob} />);
    const cat = screen.getByRole('button', { name: 'Open image cat.jpg' });
    expect(cat.style.getPropertyValue('--thumb-aspect')).toBe('800 / 600');
    expect(cat.getAttribute('data-state')).toBe('loading');
    expect(cat.querySelector('img')).toBeNull();
    expect(loadBlob.mock.calls.map(([id]) => id)).toEqual(['a', 'b', 'c']);

    await resolveAll();
    expect(cat.getAttribute('data-state')).toBe('loaded');
    const img = cat.querySelector('img')!;
    expect(img.getAttribute('src')).toMatch(/^blob:/);
    expect(img.getAttribute('width')).toBe('800');
  });

  it('opens the viewer on the image, named by its file, and Escape brings focus back to the thumbnail', async () => {
    await renderLoaded();
    const dog = screen.getByRole('button', { name: 'Open image dog.png' });
    dog.focus();
    fireEvent.click(dog);
    const dialog = screen.getByRole('dialog', { name: 'dog.png' });
    const picture = within(dialog).getByRole('img', { name: 'dog.png' });
    expect(picture.getAttribute('src')).toMatch(/^blob:/);
    expect(within(dialog).getByText('Image 2 of 3')).toBeTruthy();

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(dog);
  });

  it('moves between the message’s images with the arrow keys and the buttons, wrapping around', async () => {
    await renderLoaded();
    fireEvent.click(screen.getByRole('button', { name: 'Open image cat.jpg' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(screen.getByRole('dialog', { name: 'dog.png' })).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(screen.getByRole('dialog', { name: 'owl.webp' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next image' }));
    expect(screen.getByRole('dialog', { name: 'cat.jpg' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Previous image' }));
    expect(within(dialog).getByRole('img', { name: 'owl.webp' })).toBeTruthy();
  });

  it('shows no navigation for a single image, and its Close button closes it', async () => {
    await renderLoaded(images.slice(0, 1));
    const cat = screen.getByRole('button', { name: 'Open image cat.jpg' });
    cat.focus();
    fireEvent.click(cat);
    const dialog = screen.getByRole('dialog', { name: 'cat.jpg' });
    // Inside the viewer, on the picture: not on an icon button, whose tooltip would take the first Escape.
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement?.tagName).not.toBe('BUTTON');
    expect(within(dialog).queryByRole('button', { name: 'Next image' })).toBeNull();
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(screen.getByRole('dialog', { name: 'cat.jpg' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(cat);
  });

  it('revokes every blob: URL it made when the message goes', async () => {
    const { unmount } = await renderLoaded();
    fireEvent.click(screen.getByRole('button', { name: 'Open image cat.jpg' }));
    const made = vi.mocked(URL.createObjectURL).mock.results.map((result) => result.value as string);
    expect(made.length).toBe(4);
    unmount();
    const revoked = vi.mocked(URL.revokeObjectURL).mock.calls.map(([url]) => url);
    expect(revoked.sort()).toEqual(made.sort());
  });

  it('names an image with markup in its name as text, never as HTML', async () => {
    const name = '<img src=x onerror=alert(1)>.png';
    await renderLoaded([{ id: 'x', kind: 'image', name, size: 1, width: 1, height: 1 }]);
    fireEvent.click(screen.getByRole('button', { name: `Open image ${name}` }));
    const dialog = screen.getByRole('dialog', { name });
    expect(dialog.querySelectorAll('img')).toHaveLength(1);
    expect(dialog.querySelector('h2')?.textContent).toBe(name);
  });
});
