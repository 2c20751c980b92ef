import { describe, expect, it } from 'vitest';
import { ImportError } from '../../../src/chat/import/errors';
import { en } from '../../../src/i18n/en';
import { MAX_IMPORT_FILE_BYTES } from '../../../src/chat/import/input-files';
import { parseFiles } from '../../../src/chat/import/parse-files';
import { fixtureText, textFile, zipFile } from './import-files';

/** Files that are not importable: each refused with its own code, naming the file and, inside it, the entry. */

async function refusal(files: File[]): Promise<ImportError> {
  const error = await parseFiles(files).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ImportError);
  // The UI translates every refusal: its code (and the problem inside an entry) has English text.
  const { code, problem } = error as ImportError;
  expect(en).toHaveProperty([`import.error.${code}`]);
  if (problem) expect(en).toHaveProperty([`import.problem.${problem.code}`]);
  return error as ImportError;
}

const conversations = () => JSON.parse(fixtureText('chatgpt/conversations.json')) as Record<string, any>[];

describe('refused imports', () => {
  it('a 0-byte file', async () => {
    const error = await refusal([textFile('', 'conversations.json')]);
    expect([error.code, error.params]).toEqual(['empty-file', { file: 'conversations.json' }]);
  });

  it('truncated JSON (an interrupted download)', async () => {
    const text = fixtureText('chatgpt/conversations.json');
    const error = await refusal([textFile(text.slice(0, text.length / 2), 'conversations.json')]);
    expect([error.code, error.params]).toEqual(['truncated-json', { file: 'conversations.json' }]);
  });

  it('JSON of the wrong shape', async () => {
    const wrong = await refusal([textFile('{"mapping": {}, "title": "not a list"}', 'conversations.json')]);
    expect([wrong.code, wrong.params]).toEqual(['wrong-shape', { file: 'conversations.json', expected: 'chatgpt' }]);
  });

  it('a file no importer knows', async () => {
    const error = await refusal([textFile('{"hello": "world"}', 'notes.json')]);
    expect([error.code, error.params]).toEqual(['unknown-format', { file: 'notes.json' }]);
  });

  it('a zip without conversations', async () => {
    const error = await refusal([zipFile({ 'chat.html': '<p>hi</p>', 'user.json': '{"id": "user-1"}' })]);
    expect([error.code, error.params]).toEqual(['zip-without-conversations', { file: 'export.zip' }]);
  });

  it('a truncated zip', async () => {
    const whole = new Uint8Array(await zipFile({ 'conversations.json': fixtureText('chatgpt/conversations.json') }).arrayBuffer());
    const error = await refusal([new File([whole.subarray(0, whole.length - 30)], 'export.zip')]);
    expect([error.code, error.params]).toEqual(['corrupt-zip', { file: 'export.zip' }]);
  });

  it('a zip bomb (an entry that unpacks to 1.2 GB) is refused as too large, before it is inflated', async () => {
    // 1 MB of spaces deflates to about a kilobyte; the headers then declare the 1.2 GB a real bomb unpacks to.
    const zip = new Uint8Array(await zipFile({ 'conversations.json': ' '.repeat(1_000_000) }).arrayBuffer());
    const view = new DataView(zip.buffer);
    const BOMB_BYTES = 1_200_000_000;
    // The local file header's uncompressed size (offset 22) and the central directory entry's (offset 24).
    view.setUint32(22, BOMB_BYTES, true);
    const central = zip.findIndex((_, i) => view.getUint32(i, true) === 0x02014b50);
    view.setUint32(central + 24, BOMB_BYTES, true);
    const error = await refusal([new File([zip], 'export.zip')]);
    expect([error.code, error.params]).toEqual(['too-large', { file: 'export.zip/conversations.json', limit: MAX_IMPORT_FILE_BYTES / (1024 * 1024) }]);
    expect(en['import.error.too-large']).toContain('{limit} MB');
  });

  it('a plain file over the limit is refused as too large without being read', async () => {
    const unread = () => Promise.reject(new Error('a file over the limit must not be read'));
    const huge = { name: 'conversations.json', size: MAX_IMPORT_FILE_BYTES + 1, slice: () => new Blob(['[']), text: unread, arrayBuffer: unread };
    const error = await refusal([huge as unknown as File]);
    expect([error.code, error.params]).toEqual(['too-large', { file: 'conversations.json', limit: 500 }]);
  });

  it('names the file, the conversation and the message when one entry breaks the format', async () => {
    const data = conversations();
    delete data[1]!.mapping.q.message.author;
    const error = await refusal([textFile(JSON.stringify(data), 'conversations.json')]);
    expect(error.code).toBe('invalid-entry');
    expect(error.params).toEqual({ file: 'conversations.json', index: 2, title: 'Prime numbers' });
    expect(error.problem).toEqual({ code: 'message-field', params: { message: 'q', field: 'author', expected: 'object' } });
  });

  it('a parent missing from the conversation, and a loop of parents', async () => {
    const missing = conversations();
    missing[0]!.mapping.a2.parent = 'gone';
    expect((await refusal([textFile(JSON.stringify(missing), 'conversations.json')])).problem).toEqual({
      code: 'missing-parent',
      params: { message: 'a2', parent: 'gone' },
    });
    const loop = conversations();
    loop[0]!.mapping.u1.parent = 'a1';
    expect((await refusal([textFile(JSON.stringify(loop), 'conversations.json')])).problem?.code).toBe('parent-cycle');
  });

  it('refuses the whole import when one of several files fails', async () => {
    const good = textFile(fixtureText('claude/conversations.json'), 'conversations.json');
    const error = await refusal([good, textFile('[{"uuid": "x", "chat_messages": 3}]', 'more.json')]);
    expect(error.params).toMatchObject({ file: 'more.json', index: 1 });
    expect(error.problem).toEqual({ code: 'chat-field', params: { field: 'chat_messages', expected: 'list' } });
  });
});
