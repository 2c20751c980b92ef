// Writes a ChatGPT-format conversations.json of `chats` conversations and `messages` messages in
// all (seeded, so every run imports the same bytes), streamed to the file conversation by
// conversation rather than built as one huge string. Each conversation has the empty root
// ChatGPT puts above it, a hidden system node, and one regenerated reply (a branch).
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

const WORDS = ('the of and to in is that for it as with was on be by this are from or have an they which one you were ' +
  'function value return state render component model server token stream request response error async await promise ' +
  'database index query cursor transaction browser memory cache layout paint frame thread python rust typescript').split(' ');
/** Seconds since the epoch of the oldest conversation: 2023-11-14. */
const START = 1_700_000_000;
const DAY_S = 86_400;

export async function generateChatgptExport(file, { chats, messages }) {
  let seed = 42;
  const random = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 4294967296;
  const sentence = () => {
    const n = 6 + Math.floor(random() * 14);
    return Array.from({ length: n }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ') + '.';
  };
  const text = (sentences) => Array.from({ length: sentences }, sentence).join(' ');
  // Every conversation has the same number of visible messages; the hidden system node is extra.
  const perChat = Math.floor(messages / chats);
  const out = createWriteStream(file);
  const write = async (chunk) => {
    if (!out.write(chunk)) await once(out, 'drain');
  };
  await write('[');
  for (let c = 0; c < chats; c++) {
    const created = START + Math.floor(random() * 700) * DAY_S;
    const id = `bench-${c.toString().padStart(6, '0')}`;
    const mapping = { root: { id: 'root', message: null, parent: null, children: ['sys'] } };
    const node = (key, parent, role, parts, t, extra = {}) => {
      mapping[key] = {
        id: key,
        parent,
        children: [],
        message: { id: key, author: { role, name: null, metadata: {} }, create_time: t, content: { content_type: 'text', parts }, status: 'finished_successfully', weight: 1, metadata: extra, recipient: 'all' },
      };
      mapping[parent].children.push(key);
    };
    node('sys', 'root', 'system', [''], created, { is_visually_hidden_from_conversation: true });
    let parent = 'sys';
    // The last two messages are siblings: a reply and its regeneration.
    for (let m = 0; m < perChat - 1; m++) {
      const role = m % 2 ? 'assistant' : 'user';
      const key = `m${m}`;
      node(key, parent, role, [role === 'user' ? text(1 + Math.floor(random() * 2)) : text(3 + Math.floor(random() * 5))], created + m * 30, role === 'assistant' ? { model_slug: 'gpt-4o' } : {});
      parent = key;
    }
    const lastRole = (perChat - 1) % 2 ? 'assistant' : 'user';
    node('regen', mapping[parent].parent, lastRole, [text(3)], created + perChat * 30, { model_slug: 'gpt-4o-mini' });
    const conversation = { title: sentence().slice(0, 48), create_time: created, update_time: created + perChat * 30, mapping, current_node: 'regen', conversation_id: id, id, default_model_slug: 'gpt-4o' };
    await write((c ? ',' : '') + JSON.stringify(conversation));
  }
  await write(']');
  out.end();
  await once(out, 'finish');
}
