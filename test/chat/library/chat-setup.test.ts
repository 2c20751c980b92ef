import { describe, expect, it } from 'vitest';
import { baseSettings, customFields, effectiveSettings, presetPatch, requestChat, resetPatch, type LibraryContents } from '../../../src/chat/library';
import type { LibraryPreset, LibraryProject } from '../../../src/chat/types';
import { chat } from '../fixtures';

const preset: LibraryPreset = { id: 'pre', kind: 'preset', name: 'Coder', createdAt: 1, updatedAt: 1, model: 'coder-7b', systemPrompt: 'Write code.', temperature: 0.1 };
const project: LibraryProject = { id: 'proj', kind: 'project', name: 'App', createdAt: 1, updatedAt: 1, presetId: 'pre', temperature: 0.4, files: [] };
const library: LibraryContents = {
  defaults: { id: 'defaults', kind: 'defaults', createdAt: 1, updatedAt: 1, systemPrompt: 'Be kind.', temperature: 0.7, maxTokens: 900, toolServers: [] },
  presets: [preset],
  projects: [project],
};

describe("a chat's layers", () => {
  it("stacks the defaults, the project's preset and the project, the project's own fields on top", () => {
    expect(baseSettings(undefined, library)).toEqual({ systemPrompt: 'Be kind.', temperature: 0.7, maxTokens: 900, toolServers: [] });
    expect(baseSettings('proj', library)).toEqual({ systemPrompt: 'Write code.', temperature: 0.4, maxTokens: 900, toolServers: [], model: 'coder-7b' });
    expect(effectiveSettings(chat('c', 1, { projectId: 'proj', maxTokens: 50 }), library)).toMatchObject({ temperature: 0.4, maxTokens: 50 });
  });

  it('marks a chat custom only where its own value differs from its base', () => {
    expect(customFields(chat('c', 1), library)).toEqual([]);
    expect(customFields(chat('c', 1, { temperature: 0.7, systemPrompt: ' Be kind. ' }), library)).toEqual([]);
    expect(customFields(chat('c', 1, { temperature: 1.2, toolServers: ['s1'] }), library)).toEqual(['temperature', 'toolServers']);
    // The model has its own picker: changing it is not "custom".
    expect(customFields(chat('c', 1, { model: 'other' }), library)).toEqual([]);
  });

  it('carries a thinking budget and a reasoning effort through the layers, into a chat from its preset, and out again on Reset', () => {
    const deep: LibraryPreset = { id: 'deep', kind: 'preset', name: 'Deep', createdAt: 1, updatedAt: 1, model: 'claude', thinkingBudget: 8000, reasoningEffort: 'high' };
    const layered: LibraryContents = { ...library, defaults: { ...library.defaults!, thinkingBudget: 2048 }, presets: [deep], projects: [{ ...project, presetId: 'deep' }] };
    expect(baseSettings(undefined, layered)).toMatchObject({ thinkingBudget: 2048 });
    expect(baseSettings('proj', layered)).toMatchObject({ thinkingBudget: 8000, reasoningEffort: 'high' });
    expect(presetPatch(deep)).toEqual({ model: 'claude', thinkingBudget: 8000, reasoningEffort: 'high', presetId: 'deep' });
    // A chat outside the project that took the preset differs from the defaults there: custom.
    const started = chat('c', 1, presetPatch(deep));
    expect(customFields(started, layered)).toEqual(['thinkingBudget', 'reasoningEffort']);
    expect(resetPatch(started, layered)).toMatchObject({ thinkingBudget: undefined, reasoningEffort: undefined, presetId: undefined });
    expect(Object.keys(resetPatch(started, layered))).toEqual(expect.arrayContaining(['thinkingBudget', 'reasoningEffort']));
    // What a request is built from: the chat's own value, else its layers'.
    expect(requestChat(chat('c', 1), layered)).toMatchObject({ thinkingBudget: 2048 });
    expect(requestChat(chat('c', 1, { projectId: 'proj' }), layered)).toMatchObject({ thinkingBudget: 8000, reasoningEffort: 'high' });
    expect(requestChat(chat('c', 1, { projectId: 'proj', thinkingBudget: 1024 }), layered)).toMatchObject({ thinkingBudget: 1024 });
  });

  it('copies a preset into a chat, and Reset clears what the chat holds of its own', () => {
    expect(presetPatch(preset)).toEqual({ model: 'coder-7b', systemPrompt: 'Write code.', temperature: 0.1, presetId: 'pre' });
    const reset = resetPatch(chat('c', 1, { projectId: 'proj', ...presetPatch(preset) }), library);
    expect(reset).toEqual({ systemPrompt: undefined, temperature: undefined, maxTokens: undefined, toolServers: undefined, presetId: undefined, model: 'coder-7b' });
  });
});
