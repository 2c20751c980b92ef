// What the model is told of a code tool's run (issue 36), and the names a chat's files get at
// /mnt/data: plain names, no folder, no leading dot, repeats numbered.
import { describe, expect, it } from 'vitest';
import { MAX_RESULT_FILE_BYTES, MAX_RESULT_OUTPUT_CHARS, resultText } from '../../../src/chat/sandbox/code-tool-run';
import { runFileName, runFilesOf } from '../../../src/chat/sandbox/run-files';
import type { Attachment } from '../../../src/chat/attachments';
import type { Message } from '../../../src/chat/types';

const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;
const base = { cut: false, files: [], limitSeconds: 30, notes: [] };

describe('the text of a run for the model', () => {
  it('gives output, the last value, text files in full, pictures by name', () => {
    const text = resultText({
      ...base,
      ended: { type: 'ended', id: 0, outcome: 'done', value: '1024' },
      output: 'mean = 5.0\n',
      files: [
        { name: 'figure-1.png', data: new ArrayBuffer(70) },
        { name: 'summary.txt', data: bytes('mean=5.0\n') },
        { name: 'data.bin', data: new Uint8Array([0xff, 0xfe, 0x00]).buffer },
        { name: 'big.txt', data: bytes('x'.repeat(MAX_RESULT_FILE_BYTES + 1)) },
      ],
    });
    expect(text).toBe(
      [
        'Output:\nmean = 5.0\n',
        'Value of the last expression: 1024',
        'Picture figure-1.png (70 bytes): attached.',
        'File summary.txt:\nmean=5.0\n',
        'File data.bin (3 bytes) written.',
        `File big.txt (${MAX_RESULT_FILE_BYTES + 1} bytes) written.`,
      ].join('\n\n'),
    );
  });

  it('cuts long output, and says how a run ended that did not finish on its own', () => {
    const long = resultText({ ...base, ended: { type: 'ended', id: 0, outcome: 'error', error: 'Traceback…\nZeroDivisionError', line: 3 }, output: 'y'.repeat(MAX_RESULT_OUTPUT_CHARS + 5) });
    expect(long).toBe(`Output:\n${'y'.repeat(MAX_RESULT_OUTPUT_CHARS)}\n[… 5 more characters not shown]\n\nError at line 3:\nTraceback…\nZeroDivisionError`);
    expect(resultText({ ...base, ended: { type: 'ended', id: 0, outcome: 'timeout' }, output: '', limitSeconds: 12 })).toBe('Stopped after 12 s: the time limit.');
    expect(resultText({ ...base, ended: null, output: '' })).toBe('The run did not finish: the sandbox stopped answering.');
    expect(resultText({ ...base, ended: { type: 'ended', id: 0, outcome: 'done' }, output: '' })).toBe('Finished with no output.');
  });
});

describe('the chat’s files at /mnt/data', () => {
  it('names them plainly and numbers repeats', () => {
    const taken = new Set(['a.csv']);
    expect(runFileName('a.csv', taken)).toBe('a (2).csv');
    expect(runFileName('../../etc/passwd', new Set())).toBe('__.._etc_passwd');
    expect(runFileName('.env', new Set())).toBe('_env');
    expect(runFileName('', new Set())).toBe('file');
  });

  it('reads every file of the chat once, oldest first: text as UTF-8, pictures as stored, a PDF without its file as its text', async () => {
    const message = (id: string, attachments: Message['attachments']): Message => ({ id, chatId: 'c', parentId: null, role: 'user', content: '', status: 'complete', createdAt: 1, attachments });
    const ref = (id: string, name: string, kind: 'text' | 'image' | 'pdf') => ({ id, kind, name, size: 1, mimeType: 'x' });
    const rows: Record<string, Attachment> = {
      t: { id: 't', kind: 'text', name: 'scores.csv', mimeType: 'text/csv', size: 9, createdAt: 1, text: 'a,b\n1,2\n' },
      p: { id: 'p', kind: 'pdf', name: 'paper.pdf', mimeType: 'application/pdf', size: 9, createdAt: 1, text: 'page one', pageCount: 1, hasTextLayer: true },
    };
    const { files, left } = await runFilesOf(
      [message('m1', [ref('t', 'scores.csv', 'text'), ref('p', 'paper.pdf', 'pdf')]), message('m2', [ref('t', 'scores.csv', 'text'), ref('gone', 'lost.png', 'image')])],
      async (id) => rows[id],
    );
    expect(files.map((file) => [file.name, new TextDecoder().decode(file.data)])).toEqual([
      ['scores.csv', 'a,b\n1,2\n'],
      ['paper.pdf.txt', 'page one'],
    ]);
    expect(left).toEqual(['lost.png']);
  });
});
