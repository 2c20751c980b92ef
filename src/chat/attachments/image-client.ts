import { canProcessImages, ImageDecodeError, processImage, type ProcessedImage } from './image';
import type { ImageRequest, ImageResponse } from './image-protocol';

/**
 * The page's side of the image worker (image-worker.ts): one worker, started on the first
 * picture, answering requests by id. Without a worker (none built in, the browser refused it, or
 * its script failed to load) pictures are processed on the page, which OffscreenCanvas still
 * keeps off the DOM; without OffscreenCanvas at all, processing fails with a clear code.
 */

/** What the client needs of a Worker (a real one, or a test's stand-in). */
export interface ImageWorkerLike {
  postMessage(message: ImageRequest): void;
  onmessage: ((event: MessageEvent<ImageResponse>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  terminate(): void;
}

export interface ImageProcessor {
  process(blob: Blob, maxLongSide: number, sourceType?: string): Promise<ProcessedImage>;
  /** Stops the worker; requests still waiting fall back to the page. */
  dispose(): void;
}

export interface ImageProcessorOptions {
  /** Starts the worker; absent: no worker, process on the page. */
  startWorker?: () => ImageWorkerLike;
  /** The page-side fallback (tests replace it: happy-dom has no canvas). */
  onPage?: (blob: Blob, maxLongSide: number, sourceType: string) => Promise<ProcessedImage>;
}

/** Processes on the page, or says plainly that this browser cannot. */
function pageFallback(blob: Blob, maxLongSide: number, sourceType: string): Promise<ProcessedImage> {
  if (!canProcessImages()) return Promise.reject(new ImageDecodeError('This browser cannot re-encode images (no OffscreenCanvas)'));
  return processImage(blob, maxLongSide, sourceType);
}

/** The error a worker's refusal stands for, keeping its code for the UI. */
function refusal(answer: Extract<ImageResponse, { ok: false }>): Error {
  const error = new ImageDecodeError(answer.message);
  return answer.code === error.code ? error : Object.assign(new Error(answer.message), { code: answer.code });
}

interface Waiting {
  request: ImageRequest;
  resolve: (image: ProcessedImage) => void;
  reject: (error: unknown) => void;
}

export function createImageProcessor(options: ImageProcessorOptions = {}): ImageProcessor {
  const onPage = options.onPage ?? pageFallback;
  const waiting = new Map<number, Waiting>();
  let worker: ImageWorkerLike | undefined;
  let workerFailed = !options.startWorker;
  let nextId = 1;

  const settleOnPage = ({ request, resolve, reject }: Waiting) =>
    onPage(request.blob, request.maxLongSide, request.sourceType).then(resolve, reject);

  function failWorker() {
    workerFailed = true;
    worker?.terminate();
    worker = undefined;
    const left = [...waiting.values()];
    waiting.clear();
    for (const job of left) void settleOnPage(job);
  }

  function connect(): ImageWorkerLike | undefined {
    if (worker || workerFailed) return worker;
    try {
      worker = options.startWorker!();
    } catch {
      workerFailed = true;
      return undefined;
    }
    worker.onmessage = ({ data }) => {
      const job = waiting.get(data.id);
      if (!job) return;
      waiting.delete(data.id);
      if (data.ok) job.resolve(data.image);
      else job.reject(refusal(data));
    };
    worker.onerror = (event) => {
      // The script failed to load or threw at the top: nothing it was sent will be answered.
      event.preventDefault();
      failWorker();
    };
    return worker;
  }

  return {
    process(blob, maxLongSide, sourceType = blob.type) {
      const request: ImageRequest = { id: nextId++, blob, maxLongSide, sourceType };
      return new Promise<ProcessedImage>((resolve, reject) => {
        const job = { request, resolve, reject };
        const target = connect();
        if (!target) return void settleOnPage(job);
        waiting.set(request.id, job);
        target.postMessage(request);
      });
    },
    dispose() {
      if (worker) failWorker();
      workerFailed = true;
    },
  };
}

/** The usual processor: the built image worker at `workerUrl` when there is one and Worker exists. */
export function imageProcessorFor(workerUrl: string | undefined): ImageProcessor {
  if (!workerUrl || typeof Worker !== 'function') return createImageProcessor();
  return createImageProcessor({ startWorker: () => new Worker(workerUrl, { type: 'module' }) as unknown as ImageWorkerLike });
}
