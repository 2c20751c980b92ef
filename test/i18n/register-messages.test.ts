// @vitest-environment node
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en';
import { modelErrors } from '../../src/i18n/en/model-errors';
import { settings } from '../../src/i18n/en/settings';
import { registerMessages, setCatalogue, t } from '../../src/i18n';

// Issue 12: the first screen carries only its own strings; a lazily loaded chunk registers its
// area before it renders. This file imports no lazy chunk, so nothing registered them yet.
describe('message areas', () => {
  it('starts with the first screen’s areas only, and a registered area’s strings show from then on', () => {
    expect(t('nav.newChat')).toBe('New chat');
    expect(t('modelPicker.label')).toBe('Model');
    expect(t('settings.title')).toBe('settings.title');
    expect(t('modelError.cors.title')).toBe('modelError.cors.title');
    expect(t('chat.message.copy')).toBe('chat.message.copy');
    expect(t('search.placeholder')).toBe('search.placeholder');
    expect(t('nav.rename')).toBe('nav.rename');

    registerMessages(settings);
    expect(t('settings.title')).toBe('Settings');
    expect(t('settings.remove.title', { name: 'Box' })).toBe('Remove “Box”?');
  });

  it('keeps registered areas when the catalogue is swapped, whose own strings win', () => {
    registerMessages(modelErrors);
    setCatalogue({ ...en, 'modelError.cors.title': 'Swapped' });
    expect(t('modelError.cors.title')).toBe('Swapped');
    setCatalogue({ 'nav.newChat': 'Nouvelle discussion' });
    expect(t('nav.newChat')).toBe('Nouvelle discussion');
    expect(t('modelError.down.title')).toBe(en['modelError.down.title']);
  });

  it('the chat page, the search palette and the history entries register their areas as their modules load', async () => {
    await import('../../src/pages/chat/chat-text');
    expect(t('chat.message.copy')).toBe('Copy message');
    expect(t('chatSettings.title')).toBe('Chat settings');
    await import('../../src/app/search-palette/search-text');
    expect(t('search.placeholder')).toBe('Search chats…');
    await import('../../src/app/sidebar/chat-entry-text');
    expect(t('nav.rename')).toBe('Rename');
    expect(t('nav.empty')).toBe('No chats yet');
  });

  it('the words for when a chat was active come with what says them (the history, the recent chats), not with the first screen', async () => {
    expect(t('nav.group.yesterday')).toBe('nav.group.yesterday');
    expect(t('home.recent')).toBe('home.recent');
    const { dayLabel } = await import('../../src/pages/shared/day-label');
    const now = new Date(2026, 2, 10, 12);
    expect(dayLabel(new Date(2026, 2, 9, 12).getTime(), now)).toBe('Yesterday');
    expect(t('home.recent')).toBe('Recent chats');
  });

  it('the whole catalogue is every area file together: no key is lost or defined twice', async () => {
    const names = readdirSync(new URL('../../src/i18n/en/', import.meta.url)).map((file) => file.replace(/\.ts$/, ''));
    expect(names.length).toBeGreaterThan(1);
    const areas = await Promise.all(
      names.map(
        async (name) => Object.values((await import(`../../src/i18n/en/${name}.ts`)) as Record<string, Record<string, string>>)[0]!,
      ),
    );
    const keys = areas.flatMap((area) => Object.keys(area));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.sort()).toEqual(Object.keys(en).sort());
  });
});
