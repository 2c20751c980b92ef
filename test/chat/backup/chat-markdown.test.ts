import { describe, expect, it } from 'vitest';
import { chatMarkdown, type MarkdownLabels } from '../../../src/chat/backup/chat-markdown';
import { chat, message } from '../fixtures';

const labels: MarkdownLabels = {
  roles: { user: 'You', assistant: 'Assistant', system: 'System prompt', tool: 'Tool result' },
  reasoning: 'Reasoning',
  attachments: 'Files:',
  otherBranches: 'Other versions are left out.',
  status: { stopped: 'Stopped', error: 'Failed' },
  turn: (role, time, model) => `${role} · ${time}${model ? ` · ${model}` : ''}`,
  file: (name, kind, size) => `${name} (${kind}, ${size} bytes)`,
  compaction: ({ covered, tokensBefore, tokensAfter, undone }) => `${covered} messages summarised · ${tokensBefore} → ${tokensAfter} tokens${undone ? ' · Undone' : ''}`,
};
const time = (ms: number) => `t${ms}`;

describe('chatMarkdown', () => {
  const messages = [
    message('u1', null, 1, { role: 'user', content: 'Show me code', attachments: [{ id: 'f', kind: 'text', name: 'main.py', size: 12, mimeType: 'text/x-python' }] }),
    message('a1', 'u1', 2, { content: 'Old answer' }),
    message('a2', 'u1', 3, { model: 'gpt', reasoning: 'Let me think </details> more', content: '```js\nlet x = 1;\n```' }),
    message('u2', 'a2', 4, { role: 'user', content: 'And?' }),
    message('a3', 'u2', 5, { content: 'Partial\n```py\nprint(1)', status: 'stopped' }),
  ];
  const text = chatMarkdown(chat('c1', 9, { title: 'Code  help', systemPrompt: 'Be terse', currentLeafId: 'a3' }), messages, labels, time);
  const lines = text.split('\n');

  it('has the title, the system prompt, and each turn of the thread on screen with its role and time', () => {
    expect(lines[0]).toBe('# Code help');
    expect(lines).toContain('_Other versions are left out._');
    expect(lines).toContain('## System prompt');
    expect(lines).toContain('Be terse');
    expect(lines.filter((line) => line.startsWith('## '))).toEqual(['## System prompt', '## You · t1', '## Assistant · t3 · gpt', '## You · t4', '## Assistant · t5']);
    expect(text).not.toContain('Old answer');
  });

  it('folds reasoning in a details block that its text cannot close early', () => {
    const start = lines.indexOf('<details>');
    expect(lines.slice(start, start + 6)).toEqual(['<details>', '<summary>Reasoning</summary>', '', 'Let me think &lt;/details> more', '', '</details>']);
  });

  it('keeps code as written, closes a block a stopped reply left open, names files and a reply’s status', () => {
    expect(text).toContain('```js\nlet x = 1;\n```');
    expect(text).toContain('Partial\n```py\nprint(1)\n```\n\n_Stopped_');
    expect(lines).toContain('- main.py (text, 12 bytes)');
    expect(text.endsWith('_Stopped_\n')).toBe(true);
  });

  it('names the model by its name, not by the connection’s internal id', () => {
    const reply = [message('u', null, 1, { role: 'user', content: 'Hi' }), message('a', 'u', 2, { model: 'c7z32hsw2/llama3.1:8b', content: 'Hello' })];
    const md = chatMarkdown(chat('c1', 1, { title: 'T', currentLeafId: 'a' }), reply, labels, time);
    expect(md).toContain('## Assistant · t2 · llama3.1:8b\n');
    expect(md).not.toContain('c7z32hsw2');
  });

  it('moves a reply’s headings below its turn’s heading, and leaves code alone', () => {
    const reply = [
      message('u', null, 1, { role: 'user', content: '# My question' }),
      message('a', 'u', 2, { reasoning: '## Plan', content: '# Answer\n\n## Part\n\n```sh\n# a comment\n```' }),
    ];
    const md = chatMarkdown(chat('c1', 1, { title: 'T', currentLeafId: 'a' }), reply, labels, time);
    const headings = md.split('\n').filter((line) => line.startsWith('#'));
    expect(headings).toEqual(['# T', '## You · t1', '### My question', '## Assistant · t2', '#### Plan', '### Answer', '#### Part', '# a comment']);
  });

  it('says nothing about other versions when there are none', () => {
    const simple = chatMarkdown(chat('c1', 1, { title: 'T' }), [message('u', null, 1, { role: 'user', content: 'Hi' })], labels, time);
    expect(simple).toBe('# T\n\n## You · t1\n\nHi\n');
  });

  it('writes a compaction marker as a quoted note with its summary, where it is in the thread (issue 24)', () => {
    const thread = [
      message('u', null, 1, { role: 'user', content: 'One' }),
      message('a', 'u', 2, { content: 'Two' }),
      message('m', 'a', 3, { role: 'system', content: 'They said one.\n\n# Heading', compaction: { mode: 'summary', covered: 2, tokensBefore: 8400, tokensAfter: 610 } }),
      message('u2', 'm', 4, { role: 'user', content: 'Three' }),
    ];
    const md = chatMarkdown(chat('c1', 1, { title: 'T', currentLeafId: 'u2' }), thread, labels, time);
    expect(md).toBe('# T\n\n## You · t1\n\nOne\n\n## Assistant · t2\n\nTwo\n\n> _2 messages summarised · 8400 → 610 tokens_\n>\n> They said one.\n>\n> ### Heading\n\n## You · t4\n\nThree\n');
  });
});
