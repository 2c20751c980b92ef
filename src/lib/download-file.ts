/**
 * Saves data as a file the way a download link would: an object URL on a temporary
 * `<a download>`. Works for local data without a server round trip.
 */

/**
 * How long the object URL outlives the click. Revoking at once can cancel the download in
 * Firefox and Safari, which start it asynchronously; the memory is freed a little later instead.
 */
export const DOWNLOAD_URL_LIFETIME_MS = 40_000;

export const JSON_MIME_TYPE = 'application/json';

export interface DownloadEnvironment {
  doc?: Document;
  urls?: Pick<typeof URL, 'createObjectURL' | 'revokeObjectURL'>;
  schedule?: (callback: () => void, delayMs: number) => unknown;
}

/** Starts the download of `data` as `fileName`. */
export function downloadFile(data: Blob, fileName: string, env: DownloadEnvironment = {}): void {
  const doc = env.doc ?? document;
  const urls = env.urls ?? URL;
  const schedule = env.schedule ?? setTimeout;
  const url = urls.createObjectURL(data);
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  // Some browsers only honour clicks on links that are in the document.
  link.hidden = true;
  doc.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    schedule(() => urls.revokeObjectURL(url), DOWNLOAD_URL_LIFETIME_MS);
  }
}

/** Starts the download of `value` as pretty-printed JSON. */
export function downloadJson(value: unknown, fileName: string, env?: DownloadEnvironment): void {
  const text = JSON.stringify(value, null, 2);
  downloadFile(new Blob([text], { type: JSON_MIME_TYPE }), fileName, env);
}
