// The message box's hands-free talk (issue 39): opens the conversation's view, whose code (and the
// voice engines) load then. Nothing asks for the microphone until it is pressed.
import { Suspense, useState } from 'react';
import { withChunkStyles } from '../../../lib/chunk-styles';
import { Button } from '../../../ui/button';
import { lazyPart } from '../../../ui/lazy-part';
import { t } from '../chat-text';

export const TALK_ICON = 'lucide:audio-lines';

const ConversationView = lazyPart(withChunkStyles('conversation-view', () => import('./conversation-view').then((module) => ({ default: module.ConversationView }))));

export function TalkButton({ chatId, onClosed }: { chatId: string; onClosed(): void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="md" variant="ghost" color="neutral" icon={TALK_ICON} label={t('voice.talkLabel')} aria-haspopup="dialog" onClick={() => setOpen(true)} />
      {open && (
        <Suspense fallback={null}>
          <ConversationView
            chatId={chatId}
            onClose={() => {
              setOpen(false);
              onClosed();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
