import { describe, expect, it, vi } from 'vitest';
import type { ProcessedImage } from '../../../src/chat/attachments/image';
import { createImageProcessor, type ImageWorkerLike } from '../../../src/chat/attachments/image-client';
import type { ImageRequest, ImageResponse } from '../../../src/chat/attachments/image-protocol';

/** A worker stand-in: records requests; the test answers them (happy-dom has neither Worker nor canvas). */
function fakeWorker() {
  const sent: ImageRequest[] = [];
  const worker: ImageWorkerLike & { sent: ImageRequest[]; answer(r: ImageResponse): void; crash(): void } = {
    sent,
    onmessage: null,
    onerror: null,
    postMessage: (message) => void sent.push(message),
    terminate: vi.fn(),
    answer(response) {
      this.onmessage?.({ data: response } as MessageEvent<ImageResponse>);
    },
    crash() {
      this.onerror?.({ preventDefault() {} } as ErrorEvent);
    },
  };
  return worker;
}

const image = (width: number): ProcessedImage => ({ blob: new Blob(['x']), mimeType: 'image/jpeg', width, height: 1 });

describe('createImageProcessor', () => {
  it('starts one worker on the first picture and matches answers to requests by id', async () => {
    const worker = fakeWorker();
    const startWorker = vi.fn(() => worker);
    const processor = createImageProcessor({ startWorker, onPage: () => Promise.reject(new Error('not on the page')) });
    expect(startWorker).not.toHaveBeenCalled();
    const first = processor.process(new Blob(['a'], { type: 'image/png' }), 2048);
    const second = processor.process(new Blob(['b']), 1024, 'image/heic');
    expect(startWorker).toHaveBeenCalledTimes(1);
    expect(worker.sent.map(({ id, maxLongSide, sourceType }) => ({ id, maxLongSide, sourceType }))).toEqual([
      { id: 1, maxLongSide: 2048, sourceType: 'image/png' },
      { id: 2, maxLongSide: 1024, sourceType: 'image/heic' },
    ]);
    worker.answer({ id: 2, ok: true, image: image(20) });
    worker.answer({ id: 1, ok: true, image: image(10) });
    expect((await first).width).toBe(10);
    expect((await second).width).toBe(20);
  });

  it('passes a refusal on with its code', async () => {
    const worker = fakeWorker();
    const processor = createImageProcessor({ startWorker: () => worker });
    const pending = processor.process(new Blob(['a']), 2048);
    worker.answer({ id: 1, ok: false, code: 'image-undecodable', message: 'no HEIC codec' });
    await expect(pending).rejects.toMatchObject({ code: 'image-undecodable', message: 'no HEIC codec' });
  });

  it('falls back to the page when the worker fails, for waiting and later pictures alike', async () => {
    const worker = fakeWorker();
    const onPage = vi.fn(async (_blob: Blob, max: number) => image(max));
    const processor = createImageProcessor({ startWorker: () => worker, onPage });
    const waiting = processor.process(new Blob(['a']), 100);
    worker.crash();
    expect(worker.terminate).toHaveBeenCalled();
    expect((await waiting).width).toBe(100);
    expect((await processor.process(new Blob(['b']), 200)).width).toBe(200);
    expect(worker.sent).toHaveLength(1);
  });

  it('processes on the page when there is no worker at all', async () => {
    const onPage = vi.fn(async () => image(5));
    expect((await createImageProcessor({ onPage }).process(new Blob(['a']), 2048)).width).toBe(5);
    expect(onPage).toHaveBeenCalledWith(expect.any(Blob), 2048, '');
  });

  it('says plainly when this browser cannot re-encode images', async () => {
    await expect(createImageProcessor().process(new Blob(['a']), 2048)).rejects.toMatchObject({ code: 'image-undecodable' });
  });
});
