import { describe, expect, it } from 'vitest';
import { ImportError } from '../../../src/chat/import/errors';
import { en } from '../../../src/i18n/en';
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
