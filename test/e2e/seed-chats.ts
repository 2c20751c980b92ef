/** A linear chat to store: its messages alternate user / assistant, oldest first. */
export interface SeedChat {
  id: string;
  title: string;
  texts: string[];
  /** Milliseconds after the seed's start: chats made later sort first in the history. */
  offsetMs: number;
}

/**
 * Runs in a same-origin page that is not the app (page.evaluate): stores chats as the app would,
 * in the schema's first version (the app upgrades it on open). Message ids are
 * `${chatId}-m${index padded to 4}`. Self-contained: it is serialised into the page.
 */
export function seedChats({ chats, startMs }: { chats: SeedChat[]; startMs: number }): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const open = indexedDB.open('parley', 1);
    open.onerror = () => reject(open.error);
    open.onupgradeneeded = () => {
      const db = open.result;
      db.createObjectStore('chats', { keyPath: 'id' }).createIndex('updatedAt', 'updatedAt');
      db.createObjectStore('messages', { keyPath: 'id' }).createIndex('chatId_createdAt', ['chatId', 'createdAt']);
      db.createObjectStore('drafts', { keyPath: 'key' });
      db.createObjectStore('settings', { keyPath: 'key' });
    };
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction(['chats', 'messages'], 'readwrite');
      for (const { id: chatId, title, texts, offsetMs } of chats) {
        const start = startMs + offsetMs;
        let parentId: string | null = null;
        texts.forEach((content, i) => {
          const id = `${chatId}-m${String(i).padStart(4, '0')}`;
          tx.objectStore('messages').put({ id, chatId, parentId, role: i % 2 ? 'assistant' : 'user', content, status: 'complete', createdAt: start + i * 1000 });
          parentId = id;
        });
        tx.objectStore('chats').put({ id: chatId, title, titleSource: 'user', createdAt: start, updatedAt: start + texts.length * 1000, pinned: false, currentLeafId: parentId });
      }
      tx.oncomplete = () => {
        db.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}
