import { describe, expect, it } from 'vitest';
import { previewImport, runImport } from '../../../src/chat/import';
import { parseFiles } from '../../../src/chat/import/parse-files';
import type { LibraryProject } from '../../../src/chat/types';
import { persistences } from '../store-harness';
import { fixture, textFile, zipFile, fixtureText } from './import-files';

/**
 * Issue 23: Claude's projects.json comes in as projects (name, description, prompt template as the
 * instructions, docs as text files), and ChatGPT's project conversations go into a project made
 * for each project the export names. Importing again adds none of them twice.
 */

const projectsOf = async (persistence: Awaited<ReturnType<(typeof persistences)[0][1]>>) =>
  (await persistence.listLibrary()).filter((row): row is LibraryProject => row.kind === 'project').sort((a, b) => a.name.localeCompare(b.name));

describe('Claude’s projects.json', () => {
  it('is recognised and read field by field', async () => {
    const { formats, chats, projects } = await parseFiles([fixture('claude/projects.json')]);
    expect(formats).toEqual(['claude']);
    expect(chats).toEqual([]);
    expect(projects).toEqual([
      {
        source: { app: 'claude', id: '7a1c3e52-0000-4000-8000-00000000a001' },
        name: 'Thesis: soil microbiome',
        description: "Writing chapter 3 with my supervisor's notes",
        instructions: 'You are helping me write a PhD thesis chapter. Use British spelling and cite sources as (Author, Year).',
        files: [
          { name: 'chapter-3-outline.md', text: '# Chapter 3\n\n1. Sampling sites\n2. Sequencing\n3. Results: <b>not</b> markup, just text', createdAt: Date.UTC(2024, 8, 2, 8, 20, 40) },
          { name: 'supervisor-notes.txt', text: 'Shorten the introduction. Add the 2023 dataset.', createdAt: Date.parse('2024-09-05T11:02:09.731Z') },
        ],
        createdAt: Date.parse('2024-09-02T08:15:11.482Z'),
        updatedAt: Date.parse('2024-10-14T17:42:03.118Z'),
      },
      { source: { app: 'claude', id: '7a1c3e52-0000-4000-8000-00000000a002' }, name: 'Meal planning', files: [], createdAt: Date.UTC(2024, 10, 20, 19), updatedAt: Date.UTC(2024, 10, 20, 19) },
    ]);
  });

  it('a project whose doc has no text refuses the file, naming the project', async () => {
    const broken = JSON.parse(fixtureText('claude/projects.json'));
    broken[0].docs[1].content = null;
    await expect(parseFiles([textFile(JSON.stringify(broken), 'projects.json')])).rejects.toMatchObject({
      code: 'invalid-project',
      params: { file: 'projects.json', index: 1, title: 'Thesis: soil microbiome' },
      problem: { code: 'doc-field', params: { doc: 'd0c5a1b2-0000-4000-8000-00000000d002', field: 'content', expected: 'string' } },
    });
  });
});

describe.each(persistences)('projects imported into %s', (_name, open) => {
  it('Claude’s export zip: the preview names the projects; they come in with their files; a second import adds none', async () => {
    const persistence = await open();
    const zip = zipFile({ 'conversations.json': fixtureText('claude/conversations.json'), 'projects.json': fixtureText('claude/projects.json'), 'users.json': '[]' });
    const preview = await previewImport([zip], { persistence });
    expect(preview.projects).toEqual({ names: ['Thesis: soil microbiome', 'Meal planning'], existing: 0 });
    const result = await runImport(preview, { persistence });
    expect(result).toMatchObject({ chats: 2, projects: 2, projectsExisting: 0, projectsRefused: [] });

    const [meals, thesis] = await projectsOf(persistence);
    expect(thesis).toMatchObject({
      kind: 'project',
      name: 'Thesis: soil microbiome',
      description: "Writing chapter 3 with my supervisor's notes",
      instructions: 'You are helping me write a PhD thesis chapter. Use British spelling and cite sources as (Author, Year).',
      source: { app: 'claude', id: '7a1c3e52-0000-4000-8000-00000000a001' },
    });
    expect(thesis!.files.map((file) => [file.name, file.kind, file.size, file.text])).toEqual([
      ['chapter-3-outline.md', 'text', 85, '# Chapter 3\n\n1. Sampling sites\n2. Sequencing\n3. Results: <b>not</b> markup, just text'],
      ['supervisor-notes.txt', 'text', 47, 'Shorten the introduction. Add the 2023 dataset.'],
    ]);
    expect(meals).toMatchObject({ name: 'Meal planning', files: [] });
    expect(meals).not.toHaveProperty('instructions');

    const again = await previewImport([zip], { persistence });
    expect(again.projects).toEqual({ names: [], existing: 2 });
    expect(await runImport(again, { persistence })).toMatchObject({ chats: 0, projects: 0, projectsExisting: 2 });
    expect(await projectsOf(persistence)).toHaveLength(2);
  });

  it('ChatGPT: conversations naming a project go into one project made for it; the others stay outside', async () => {
    const persistence = await open();
    const preview = await previewImport([fixture('chatgpt/project-conversations.json', 'conversations.json')], { persistence });
    expect(preview.projects).toEqual({ names: ['ChatGPT project 6784a0c'], existing: 0 });
    const result = await runImport(preview, { persistence });
    expect(result).toMatchObject({ chats: 4, projects: 1 });
    const [project] = await projectsOf(persistence);
    expect(project).toMatchObject({ name: 'ChatGPT project 6784a0c', files: [], source: { app: 'chatgpt', id: 'g-p-6784a0c2f1e08191b9a3c6f0d2e4a1b7' } });
    const chats = await persistence.listChats();
    const inProject = chats.filter((chat) => chat.projectId === project!.id).map((chat) => chat.title).sort();
    expect(inProject).toEqual(['Kitchen renovation budget', 'Tile choices']);
    // A custom GPT's conversation (g-…, not g-p-…) and a plain one name no project.
    for (const title of ['Chat with a custom GPT', 'Plain chat']) expect(chats.find((chat) => chat.title === title)).not.toHaveProperty('projectId');
  });

  it('ChatGPT: a later export’s new conversation goes into the project imported before', async () => {
    const persistence = await open();
    const all = JSON.parse(fixtureText('chatgpt/project-conversations.json'));
    await runImport(await previewImport([textFile(JSON.stringify(all.slice(0, 1)), 'conversations.json')], { persistence }), { persistence });
    const later = await previewImport([textFile(JSON.stringify(all.slice(0, 2)), 'conversations.json')], { persistence });
    expect(later.projects).toEqual({ names: [], existing: 1 });
    await runImport(later, { persistence });
    const [project] = await projectsOf(persistence);
    expect((await projectsOf(persistence)).length).toBe(1);
    expect((await persistence.listChats()).filter((chat) => chat.projectId === project!.id)).toHaveLength(2);
  });

  it('Claude: a conversation carrying a project_uuid goes into that project', async () => {
    const persistence = await open();
    const conversations = JSON.parse(fixtureText('claude/conversations.json'));
    conversations[0].project_uuid = '7a1c3e52-0000-4000-8000-00000000a001';
    const zip = zipFile({ 'conversations.json': JSON.stringify(conversations), 'projects.json': fixtureText('claude/projects.json') });
    await runImport(await previewImport([zip], { persistence }), { persistence });
    const thesis = (await projectsOf(persistence)).find((project) => project.name === 'Thesis: soil microbiome')!;
    const chats = await persistence.listChats();
    expect(chats.filter((chat) => chat.projectId === thesis.id).map((chat) => chat.title)).toEqual([conversations[0].name]);
    expect(chats.filter((chat) => chat.projectId !== undefined)).toHaveLength(1);
  });

  it('an export that names no project changes nothing about projects', async () => {
    const persistence = await open();
    const preview = await previewImport([fixture('chatgpt/conversations.json')], { persistence });
    expect(preview.projects).toEqual({ names: [], existing: 0 });
    await runImport(preview, { persistence });
    expect(await persistence.listLibrary()).toEqual([]);
    expect((await persistence.listChats()).every((chat) => chat.projectId === undefined)).toBe(true);
  });
});
