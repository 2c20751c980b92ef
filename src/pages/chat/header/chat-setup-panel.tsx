/**
 * Chat settings' part that knows the user's library (issue 23): "Save as preset", "Reset to
 * defaults", and "What the model receives" — the whole system message as the next request will
 * send it, part by part, as plain text.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { getChatStore, type Chat } from '../../../chat';
import { useDefaultModel } from '../../../chat/connections';
import { getLibraryStore, presetFromChat, resetPatch, systemParts, useLibrary, type SystemPartSource } from '../../../chat/library';
import { Button } from '../../../ui/button';
import { tn } from '../../../i18n/plural';
import { t, type MessageKey } from '../chat-text';

const SOURCE_LABEL: Record<SystemPartSource, MessageKey> = {
  instructions: 'library.source.instructions',
  project: 'library.source.project',
  'project-files': 'library.source.project-files',
  chat: 'library.source.chat',
};

export interface ChatSetupPanelProps {
  chat: Chat;
  /** The chat as the form would save it now; undefined while a number in the form is not valid. */
  edited: Chat | undefined;
  /** After Reset to defaults: the dialog closes. */
  onReset(): void;
}

export function ChatSetupPanel({ chat, edited, onReset }: ChatSetupPanelProps) {
  const id = useId();
  const library = useLibrary();
  const defaultModel = useDefaultModel();
  const [name, setName] = useState('');
  const [saved, setSaved] = useState<string>();
  const parts = systemParts(edited ?? chat, library);

  const saveAsPreset = async () => {
    const trimmed = name.trim();
    if (trimmed === '' || !edited) return;
    const values = presetFromChat(edited, library);
    // The model in use now, even when it is the default: the preset keeps it.
    const preset = await getLibraryStore().createPreset({ name: trimmed, ...values, ...(values.model === undefined && defaultModel !== undefined && { model: defaultModel }) });
    await getChatStore().updateChatSettings(chat.id, {
      systemPrompt: edited.systemPrompt,
      temperature: edited.temperature,
      maxTokens: edited.maxTokens,
      presetId: preset.id,
    });
    setName('');
    setSaved(preset.name);
  };
  const reset = async () => {
    await getChatStore().updateChatSettings(chat.id, resetPatch(chat, library));
    onReset();
  };
  const onNameKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void saveAsPreset();
  };

  return (
    <div className="chat-setup-panel">
      <div className="chat-settings-form__field">
        <label htmlFor={`${id}preset`}>{t('library.chat.presetName')}</label>
        <div className="chat-setup-panel__row">
          <input
            id={`${id}preset`}
            className="chat-settings-form__input"
            value={name}
            autoComplete="off"
            onChange={(event) => {
              setName(event.target.value);
              setSaved(undefined);
            }}
            onKeyDown={onNameKey}
          />
          <Button variant="outline" color="neutral" icon="lucide:bookmark-plus" disabled={name.trim() === '' || !edited} onClick={() => void saveAsPreset()}>
            {t('library.chat.saveAsPreset')}
          </Button>
        </div>
        <p className="chat-settings-form__hint" role="status">
          {saved ? t('library.chat.presetSaved', { name: saved }) : ''}
        </p>
      </div>
      <div className="chat-settings-form__field">
        <div>
          <Button variant="outline" color="neutral" icon="lucide:rotate-ccw" aria-describedby={`${id}resetHint`} onClick={() => void reset()}>
            {t('library.chat.resetDefaults')}
          </Button>
        </div>
        <p id={`${id}resetHint`} className="chat-settings-form__hint">
          {t('library.chat.resetHint')}
        </p>
      </div>
      <details className="chat-setup-panel__receives">
        <summary>{t('library.chat.receives')}</summary>
        <p className="chat-settings-form__hint">{t('library.chat.receivesHint')}</p>
        {parts.length === 0 ? (
          <p className="chat-settings-form__hint">{t('library.chat.receivesNothing')}</p>
        ) : (
          <ol className="chat-setup-panel__parts">
            {parts.map((part) => (
              <li key={part.source} className="chat-setup-panel__part" data-source={part.source}>
                <div className="chat-setup-panel__part-head">
                  <span>{t(SOURCE_LABEL[part.source])}</span>
                  <span className="chat-setup-panel__tokens">{tn('library.chat.tokens', part.tokens)}</span>
                </div>
                {/* Plain text, never HTML: the user's own words, a project file's contents. */}
                <pre className="chat-setup-panel__text">{part.text}</pre>
              </li>
            ))}
          </ol>
        )}
      </details>
    </div>
  );
}
