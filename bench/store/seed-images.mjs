// Runs inside the page: adds one chat of `messages` messages whose user messages carry `images`
// pictures in all, stored as the app leaves them after processing: a downscaled JPEG Blob (long
// side 2,048 px, as a 2 MB photo becomes) in the `attachments` store, and a ref (with its width
// and height) on the message row. Opens the database at schema version 3 and creates what is
// missing exactly as the app's migrations do, so it works on the 10,000-chat seed or on none.
export async function seedImageChat({ messages, images, width, height, quality }) {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  let seed = 7;
  const random = () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 4294967296);
  /** A photo-like picture: gradients and soft shapes, with fine grain so the JPEG is as heavy as a photo's. */
  const picture = async (n) => {
    const gradient = context.createLinearGradient(0, 0, width, height);
    gradient.addColorStop(0, `hsl(${(n * 37) % 360} 60% 55%)`);
    gradient.addColorStop(1, `hsl(${(n * 37 + 120) % 360} 50% 35%)`);
    context.fillStyle = gradient;
    context.fillRect(0, 0, width, height);
    for (let i = 0; i < 60; i += 1) {
      context.fillStyle = `hsla(${Math.floor(random() * 360)} 70% ${30 + Math.floor(random() * 50)}% / 0.5)`;
      context.beginPath();
      context.arc(random() * width, random() * height, 20 + random() * 300, 0, Math.PI * 2);
      context.fill();
    }
    const grain = context.getImageData(0, 0, width, height);
    for (let i = 0; i < grain.data.length; i += 4) {
      const noise = (random() - 0.5) * 24;
      grain.data[i] += noise;
      grain.data[i + 1] += noise;
      grain.data[i + 2] += noise;
    }
    context.putImageData(grain, 0, 0);
    return canvas.convertToBlob({ type: 'image/jpeg', quality });
  };

  const blobs = [];
  for (let n = 0; n < images; n += 1) blobs.push(await picture(n));

  const db = await new Promise((resolve, reject) => {
    const open = indexedDB.open('parley', 3);
    open.onerror = () => reject(open.error);
    open.onupgradeneeded = () => {
      const db = open.result;
      const has = (name) => db.objectStoreNames.contains(name);
      if (!has('chats')) db.createObjectStore('chats', { keyPath: 'id' }).createIndex('updatedAt', 'updatedAt');
      if (!has('messages')) db.createObjectStore('messages', { keyPath: 'id' }).createIndex('chatId_createdAt', ['chatId', 'createdAt']);
      if (!has('drafts')) db.createObjectStore('drafts', { keyPath: 'key' });
      if (!has('settings')) db.createObjectStore('settings', { keyPath: 'key' });
      if (!has('searchIndex')) db.createObjectStore('searchIndex');
      if (!has('attachments')) {
        const attachments = db.createObjectStore('attachments', { keyPath: 'id' });
        attachments.createIndex('draftKey', 'draftKey');
        attachments.createIndex('chatId', 'chatId');
        attachments.createIndex('messageId', 'messageId');
      }
    };
    open.onsuccess = () => resolve(open.result);
  });

  const now = Date.now();
  const start = now - messages * 60_000;
  const chatId = `0pictures${now.toString(36)}`;
  const every = Math.max(1, Math.floor(messages / images));
  const tx = db.transaction(['chats', 'messages', 'attachments'], 'readwrite');
  let parentId = null;
  let attached = 0;
  let bytes = 0;
  for (let m = 0; m < messages; m += 1) {
    const createdAt = start + m * 60_000;
    const id = `${createdAt.toString(36)}m${String(m).padStart(4, '0')}`;
    const role = m % 2 === 0 ? 'user' : 'assistant';
    const row = { id, chatId, parentId, role, content: role === 'user' ? `Picture ${m / 2 + 1}: what is in it?` : 'A gradient with some soft circles, and fine grain all over.', status: 'complete', createdAt };
    if (role === 'user' && m % every === 0 && attached < images) {
      const blob = blobs[attached];
      const ref = { id: `${id}a`, kind: 'image', name: `IMG_${1000 + attached}.jpg`, size: blob.size, mimeType: 'image/jpeg', width, height };
      tx.objectStore('attachments').put({ ...ref, blob, createdAt, chatId, messageId: id });
      row.attachments = [ref];
      attached += 1;
      bytes += blob.size;
    }
    tx.objectStore('messages').put(row);
    parentId = id;
  }
  tx.objectStore('chats').put({ id: chatId, title: 'The picture chat', titleSource: 'auto', createdAt: start, updatedAt: now, pinned: true, currentLeafId: parentId });
  await new Promise((resolve, reject) => {
    tx.oncomplete = resolve;
    tx.onerror = () => reject(tx.error);
  });
  db.close();
  return { chatId, attached, bytes };
}
