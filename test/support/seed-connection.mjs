// Runs inside a page of the app's origin (before the app opens its database): stores one
// connection and its model as the default, exactly as the Settings dialog would persist them.
// `connections` (issue 27): several, each as stored (an API format, a key), instead of the one; `model` is then a whole reference.
export function seedConnection({ baseUrl, kind = 'custom', model = 'test-model', name = 'Test server', connections }) {
  return new Promise((resolve, reject) => {
    // No version: an existing database (the app may have opened it first) opens at its own version; a new one is created at 1 and the app migrates it.
    const open = indexedDB.open('parley');
    open.onupgradeneeded = () => {
      const db = open.result;
      db.createObjectStore('chats', { keyPath: 'id' }).createIndex('updatedAt', 'updatedAt');
      db.createObjectStore('messages', { keyPath: 'id' }).createIndex('chatId_createdAt', ['chatId', 'createdAt']);
      db.createObjectStore('drafts', { keyPath: 'key' });
      db.createObjectStore('settings', { keyPath: 'key' });
    };
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction('settings', 'readwrite');
      tx.objectStore('settings').put({ key: 'connections', value: connections ?? [{ id: 'test', name, kind, baseUrl }] });
      tx.objectStore('settings').put({ key: 'defaultModel', value: connections ? model : `test/${model}` });
      tx.oncomplete = () => {
        db.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}
