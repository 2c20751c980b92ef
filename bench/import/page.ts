// The bench page: an <input type="file"> and the import API on window, over the app's own IndexedDB
// storage. The import runs in the import worker (as in the app) unless the address says `?on=page`.
import { configureImport, previewImport, runImport, type ImportPreview } from '../../src/chat/import';
import { createIdbPersistence } from '../../src/chat/persistence/idb-persistence';
import { openDatabase } from '../../src/chat/persistence/db';

declare global {
  interface Window {
    __importFile(): Promise<{ preview: ImportPreview; previewMs: number; runMs: number; chats: number; messages: number }>;
  }
}

if (new URLSearchParams(location.search).get('on') !== 'page') configureImport({ workerUrl: new URL('import-worker.js', location.href).href });

window.__importFile = async () => {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  const persistence = createIdbPersistence(await openDatabase(indexedDB));
  const start = performance.now();
  const preview = await previewImport([...input.files!], { persistence });
  const parsed = performance.now();
  const result = await runImport(preview, { persistence });
  const end = performance.now();
  return { preview, previewMs: parsed - start, runMs: end - parsed, chats: result.chats, messages: result.messages };
};
