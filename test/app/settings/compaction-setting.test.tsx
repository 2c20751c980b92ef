// Settings → Chats, long chats (issue 24): "When a chat outgrows the model's context" starts on Ask,
// a choice is stored where compaction reads it, and comes back when Settings open again.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CompactionSettingsField } from '../../../src/app/settings/chats/compaction-settings-field';
import { WHEN_FULL_SETTING } from '../../../src/chat/replies/compaction-actions';
import { TooltipProvider } from '../../../src/ui/tooltip';
import { cleanUpStore, installStore } from '../../pages/chat/chat-page-kit';

afterEach(() => cleanUpStore());

const section = () => screen.getByRole('region', { name: 'Long chats' });
const radio = (name: string) => within(section()).getByRole('radio', { name }) as HTMLInputElement;
const show = () =>
  render(
    <TooltipProvider>
      <CompactionSettingsField />
    </TooltipProvider>,
  );

describe('the long chats setting', () => {
  it('starts on Ask; Drop the oldest turns is stored and shown again', async () => {
    const store = installStore();
    const { unmount } = show();
    expect(radio('Ask').checked).toBe(true);
    expect(within(section()).getByText('Model for summaries')).toBeTruthy();
    fireEvent.click(radio('Drop the oldest turns'));
    await waitFor(async () => expect(await store.getSetting(WHEN_FULL_SETTING)).toBe('drop'));
    unmount();
    show();
    await waitFor(() => expect(radio('Drop the oldest turns').checked).toBe(true));
    expect(radio('Ask').checked).toBe(false);
  });
});
