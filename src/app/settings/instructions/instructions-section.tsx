/**
 * Settings → Instructions (issue 23): the standing instructions (what Parley should know about
 * the user, how replies should be; on once written, with a switch) and the defaults every new
 * chat starts from. Saved as typed. Loaded with the section, not with Settings.
 */
import { useId, useState } from 'react';
import { getLibraryStore, useLibrary, type LibrarySnapshot } from '../../../chat/library';
import type { LibraryInstructions } from '../../../chat/types';
import { ChatDefaultsFields, draftOf, valuesOf, type SettingsDraft } from '../shared/chat-defaults-fields';
import { DefaultModelField } from '../shared/default-model-field';
import { t } from '../shared/settings-text';
import { useDebouncedSave } from './use-debounced-save';
import '../shared/library-settings.css';

type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

/** The section once the library is read: its fields start from what is stored. */
export default function InstructionsSection() {
  const library = useLibrary();
  if (!library.loaded) return <p className="settings-hint" role="status">{t('settings.loading')}</p>;
  return (
    <>
      <StandingInstructions stored={library.instructions} />
      <ChatDefaultsSection library={library} />
    </>
  );
}

function StandingInstructions({ stored }: { stored: LibraryInstructions | undefined }) {
  const id = useId();
  const [about, setAbout] = useState(stored?.about ?? '');
  const [style, setStyle] = useState(stored?.style ?? '');
  const [state, setState] = useState<SaveState>('idle');
  const save = useDebouncedSave<Pick<LibraryInstructions, 'about' | 'style'>>((patch) => {
    setState('saving');
    void getLibraryStore().setInstructions(patch).then((ok) => setState(ok ? 'saved' : 'failed'));
  });
  const written = about.trim() !== '' || style.trim() !== '';
  return (
    <section className="settings-section library-settings" aria-labelledby={`${id}heading`} data-state={state}>
      <div className="settings-section__header">
        <h3 id={`${id}heading`}>{t('library.instructions.title')}</h3>
      </div>
      <p className="settings-hint">{t('library.instructions.order')}</p>
      <div className="settings-field">
        <label htmlFor={`${id}about`}>{t('library.instructions.about')}</label>
        <textarea
          id={`${id}about`}
          className="settings-input settings-textarea"
          rows={4}
          value={about}
          aria-describedby={`${id}aboutHint`}
          onChange={(event) => {
            setAbout(event.target.value);
            save.schedule({ about: event.target.value, style });
          }}
          onBlur={save.flush}
        />
        <p id={`${id}aboutHint`} className="settings-hint">
          {t('library.instructions.aboutHint')}
        </p>
      </div>
      <div className="settings-field">
        <label htmlFor={`${id}style`}>{t('library.instructions.style')}</label>
        <textarea
          id={`${id}style`}
          className="settings-input settings-textarea"
          rows={4}
          value={style}
          aria-describedby={`${id}styleHint`}
          onChange={(event) => {
            setStyle(event.target.value);
            save.schedule({ about, style: event.target.value });
          }}
          onBlur={save.flush}
        />
        <p id={`${id}styleHint`} className="settings-hint">
          {t('library.instructions.styleHint')}
        </p>
      </div>
      <div className="settings-field">
        <label className="settings-switch">
          <input
            type="checkbox"
            role="switch"
            // Nothing written yet: nothing to switch.
            disabled={!written && !stored}
            checked={stored?.enabled ?? true}
            aria-describedby={`${id}enabledHint`}
            onChange={(event) => {
              save.flush();
              void getLibraryStore().setInstructions({ enabled: event.target.checked });
            }}
          />
          <span>{t('library.instructions.enabled')}</span>
        </label>
        <p id={`${id}enabledHint`} className="settings-hint">
          {t('library.instructions.enabledHint')}
        </p>
      </div>
      <p className={state === 'failed' ? 'settings-error' : 'settings-hint'} role="status">
        {state === 'saving' ? t('library.instructions.saving') : state === 'saved' ? t('library.instructions.saved') : state === 'failed' ? t('library.instructions.failed') : ''}
      </p>
    </section>
  );
}

/** The defaults: the model (the connections' default), then the fields every new chat starts with. */
function ChatDefaultsSection({ library }: { library: LibrarySnapshot }) {
  const id = useId();
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(library.defaults));
  const save = useDebouncedSave<SettingsDraft>((next) => {
    const checked = valuesOf(next);
    // A number not valid yet is not saved: the field says why, and what is stored stays.
    if (!checked.ok) return;
    // The fields this form does not show stay as they are: the model (the header's picker), web search (Settings → Search).
    const { model, webSearch } = getLibraryStore().getSnapshot().defaults ?? {};
    void getLibraryStore().setDefaults({ ...(model !== undefined && { model }), ...(webSearch !== undefined && { webSearch }), ...checked.values });
  });
  return (
    <section className="settings-section library-settings" aria-labelledby={`${id}heading`}>
      <div className="settings-section__header">
        <h3 id={`${id}heading`}>{t('library.defaults.title')}</h3>
      </div>
      <p className="settings-hint">{t('library.defaults.hint')}</p>
      <DefaultModelField />
      <ChatDefaultsFields
        draft={draft}
        onChange={(next) => {
          setDraft(next);
          save.schedule(next);
        }}
        onBlur={save.flush}
      />
    </section>
  );
}
