// Under a message box while it dictates (issue 39): what the microphone is doing, the browser
// recognition's words so far, or why it failed (the draft is untouched) with a way to dismiss it.
import { Button } from '../../../ui/button';
import { t } from '../../../i18n';
import { cancelDictation, useDictation } from './dictation-store';

export function DictationNote({ owner }: { owner: string }) {
  const dictation = useDictation();
  if (dictation.owner !== owner || dictation.status === 'idle' || dictation.status === 'starting') return null;
  if (dictation.status === 'error') {
    return (
      <p className="dictation-note" data-state="error" role="alert">
        {t('voice.problem', { problem: dictation.problem ?? '' })}{' '}
        <Button variant="link" size="sm" onClick={cancelDictation}>
          {t('voice.dismiss')}
        </Button>
      </p>
    );
  }
  return (
    <p className="dictation-note" data-state={dictation.status} role="status">
      {dictation.interim || t(dictation.status === 'recording' ? 'voice.recording' : 'voice.transcribing')}
    </p>
  );
}
