import { describe, expect, it } from 'vitest';
import { requestChat, systemMessage, systemParts, SYSTEM_SEPARATOR, type LibraryContents } from '../../../src/chat/library';
import type { LibraryInstructions, LibraryProject } from '../../../src/chat/types';
import { chat } from '../fixtures';

const instructions = (extra: Partial<LibraryInstructions> = {}): LibraryInstructions => ({
  id: 'instructions',
  kind: 'instructions',
  createdAt: 1,
  updatedAt: 1,
  about: 'I am a nurse in Leeds.',
  style: 'Short answers.',
  enabled: true,
  ...extra,
});

const project = (extra: Partial<LibraryProject> = {}): LibraryProject => ({
  id: 'proj',
  kind: 'project',
  name: 'Thesis',
  createdAt: 1,
  updatedAt: 1,
  instructions: 'Cite sources.',
  files: [{ id: 'f1', name: 'notes.md', kind: 'text', size: 12, text: 'Chapter one.', addedAt: 1 }],
  ...extra,
});

const library = (extra: Partial<LibraryContents> = {}): LibraryContents => ({ presets: [], projects: [], ...extra });

describe('the system message (one place, one order)', () => {
  it('is standing instructions, then the project instructions and files, then the chat system prompt, joined by the separator', () => {
    const parts = systemParts(chat('c', 1, { projectId: 'proj', systemPrompt: 'Be a tutor.' }), library({ instructions: instructions(), projects: [project()] }));
    expect(parts.map((part) => part.source)).toEqual(['instructions', 'project', 'project-files', 'chat']);
    expect(systemMessage(parts)).toBe(
      [
        'About the user:\nI am a nurse in Leeds.\n\nHow to reply:\nShort answers.',
        'Cite sources.',
        'Project files:\n\nFile: notes.md\n```markdown\nChapter one.\n```',
        'Be a tutor.',
      ].join(SYSTEM_SEPARATOR),
    );
    expect(parts.every((part) => part.tokens === Math.ceil(part.text.length / 4))).toBe(true);
  });

  it('leaves out instructions that are off or blank, and a project the chat is not in', () => {
    const off = systemParts(chat('c', 1, { systemPrompt: 'Be a tutor.' }), library({ instructions: instructions({ enabled: false }), projects: [project()] }));
    expect(systemMessage(off)).toBe('Be a tutor.');
    const blank = systemParts(chat('c', 1), library({ instructions: instructions({ about: '  ', style: '' }) }));
    expect(systemMessage(blank)).toBeUndefined();
    const onlyStyle = systemParts(chat('c', 1), library({ instructions: instructions({ about: '' }) }));
    expect(systemMessage(onlyStyle)).toBe('How to reply:\nShort answers.');
  });

  it("takes the defaults' system prompt when the chat has none of its own, and the chat's own over it", () => {
    const defaults = { id: 'defaults', kind: 'defaults' as const, createdAt: 1, updatedAt: 1, systemPrompt: 'Default prompt.', temperature: 0.2 };
    expect(systemMessage(systemParts(chat('c', 1), library({ defaults })))).toBe('Default prompt.');
    expect(systemMessage(systemParts(chat('c', 1, { systemPrompt: 'Mine.' }), library({ defaults })))).toBe('Mine.');
    // An empty prompt of its own is the chat's choice: no prompt at all.
    expect(systemMessage(systemParts(chat('c', 1, { systemPrompt: '' }), library({ defaults })))).toBeUndefined();
  });

  it('builds the chat a request is made from: every layer applied, the stored chat untouched', () => {
    const stored = chat('c', 1, { projectId: 'proj', model: 'm1' });
    const sent = requestChat(stored, library({ projects: [project({ temperature: 0.3, toolServers: ['s1'] })], defaults: { id: 'defaults', kind: 'defaults', createdAt: 1, updatedAt: 1, maxTokens: 500 } }));
    expect(sent).toMatchObject({ id: 'c', model: 'm1', temperature: 0.3, maxTokens: 500, toolServers: ['s1'] });
    expect(sent.systemPrompt).toContain('Cite sources.');
    expect(stored.temperature).toBeUndefined();
    expect(stored.systemPrompt).toBeUndefined();
  });
});
