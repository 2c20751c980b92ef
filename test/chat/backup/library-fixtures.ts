// The user's library as a backup, sync or an import carries it (issue 23): one row of each kind, a project with a file.
import type { LibraryRecord } from '../../../src/chat/types';

export const instructions: LibraryRecord = { id: 'instructions', kind: 'instructions', createdAt: 10, updatedAt: 11, about: 'I teach chemistry.', style: 'Short answers.', enabled: true };
export const defaults: LibraryRecord = { id: 'defaults', kind: 'defaults', createdAt: 10, updatedAt: 12, model: 'oai/gpt-4o', temperature: 0.4, toolServers: [] };
export const preset: LibraryRecord = { id: 'preset-1', kind: 'preset', createdAt: 20, updatedAt: 21, name: 'Careful coder', model: 'oai/gpt-4o', systemPrompt: 'Write tests first.', maxTokens: 800 };
export const project: LibraryRecord = {
  id: 'project-1',
  kind: 'project',
  createdAt: 30,
  updatedAt: 31,
  name: 'Lab reports',
  description: 'Term 2',
  instructions: 'Use SI units.',
  presetId: 'preset-1',
  files: [{ id: 'file-1', name: 'rubric.md', kind: 'text', mimeType: 'text/markdown', size: 24, text: '# Rubric\nClarity: 5 points', addedAt: 32 }],
};
export const prompt: LibraryRecord = { id: 'prompt-1', kind: 'prompt', createdAt: 40, updatedAt: 41, name: 'Summarise', body: 'Summarise {{text}} in {{count}} points.' };

export const library: LibraryRecord[] = [instructions, defaults, preset, project, prompt];
