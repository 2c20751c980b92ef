/// <reference lib="webworker" />
// The image worker: decodes, scales, turns upright and re-encodes pictures off the page's main
// thread, so a 12-megapixel photo never stalls typing. Each request is answered on its own.
import { processImage } from './image';
import type { ImageRequest, ImageResponse } from './image-protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (event: MessageEvent<ImageRequest>) => {
  const { id, blob, maxLongSide, sourceType } = event.data;
  let answer: ImageResponse;
  try {
    answer = { id, ok: true, image: await processImage(blob, maxLongSide, sourceType) };
  } catch (error) {
    const code = typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : 'image-undecodable';
    answer = { id, ok: false, code, message: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(answer);
};
