// The three-way merge behind conflict rule 1 (docs/sync.md): a chat row changed on two devices
// while apart keeps each device's change to a field the other left alone.
import { describe, expect, it } from 'vitest';
import { mergeFields } from '../../../src/chat/sync-bridge/sync-conflicts';

const base = { id: 'c1', title: 'Trip', pinned: false, updatedAt: 1, currentLeafId: 'm1' };

describe('mergeFields', () => {
  it('keeps a rename from one version and a pin from the other', () => {
    const renamed = { ...base, title: 'Trip to Lisbon' };
    const pinned = { ...base, pinned: true };
    expect(mergeFields(base, [pinned, renamed])).toEqual({ ...base, title: 'Trip to Lisbon', pinned: true });
    expect(mergeFields(base, [renamed, pinned])).toEqual({ ...base, title: 'Trip to Lisbon', pinned: true });
  });

  it('gives a field both changed to the newest version (listed first)', () => {
    const newer = { ...base, title: 'Newer', updatedAt: 3 };
    const older = { ...base, title: 'Older', pinned: true, updatedAt: 2 };
    expect(mergeFields(base, [newer, older])).toEqual({ ...base, title: 'Newer', pinned: true, updatedAt: 3 });
  });

  it('keeps a field one version added and drops one a version removed, comparing values by content', () => {
    const withFolder = { ...base, projectId: 'p1', settings: { model: 'a', temperature: 1 } };
    const baseWithSettings = { ...base, settings: { temperature: 1, model: 'a' } };
    const withoutLeaf: Record<string, unknown> = { ...baseWithSettings };
    delete withoutLeaf.currentLeafId;
    expect(mergeFields(baseWithSettings, [withFolder, withoutLeaf])).toEqual({ ...base, projectId: 'p1', settings: { model: 'a', temperature: 1 }, currentLeafId: undefined });
  });

  it('is the base when no version changed anything', () => {
    expect(mergeFields(base, [{ ...base }, { ...base }])).toEqual(base);
  });
});
