/**
 * Settings → Prompts (issue 23): the saved prompts the message box's `/` menu lists — add, edit
 * (showing the variables a prompt asks for), duplicate, delete with Undo, and import or export
 * them as JSON (prompts-json.ts). Starter prompts are listed and removable like any other.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { getLibraryStore, promptVariables, useLibrary, type LibraryStore } from '../../../chat/library';
import type { LibraryPrompt } from '../../../chat/types';
import { downloadJson } from '../../../lib/download-file';
import { Button } from '../../../ui/button';
import { Progress } from '../../../ui/progress';
import { toast } from '../../../ui/toast/toast-store';
import { undoAction } from '../../../ui/toast/undo-hotkey';
import { t } from '../shared/settings-text';
import { ADD_BUTTON } from '../shared/add-button';
import { JsonFileInput } from '../shared/json-file-input';
import { freeName, promptsFile, promptsFileName, readPromptsFile, type SkippedPrompt } from './prompts-json';
import './prompts-section.css';

export const PROMPT_DELETED_ICON = 'lucide:trash-2';

export interface PromptsSectionProps {
  store?: LibraryStore;
  download?(value: unknown, fileName: string): void;
  now?: () => Date;
}

/** Who the next focus goes to once the list has rendered: a prompt's Edit button, the Add button, or the heading. */
type FocusTarget = { prompt: string } | 'add' | 'heading' | null;

type Report = { text: string; skipped: SkippedPrompt[]; failed?: boolean; undo?: () => Promise<void> };
/** An import under way: its prompts written so far, of all. */
type Importing = { file: string; done: number; total: number };

export default function PromptsSection({ store = getLibraryStore(), download = downloadJson, now = () => new Date() }: PromptsSectionProps) {
  const id = useId();
  const library = useLibrary();
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [focus, setFocus] = useState<FocusTarget>(null);
  const [report, setReport] = useState<Report | null>(null);
  const [importing, setImporting] = useState<Importing | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const prompts = library.prompts;

  useEffect(() => {
    if (!focus) return;
    setFocus(null);
    const section = sectionRef.current;
    const target =
      focus === 'heading'
        ? section?.querySelector<HTMLElement>('h3')
        : focus === 'add'
          ? section?.querySelector<HTMLElement>('[data-action="add"]')
          : section?.querySelector<HTMLElement>(`[data-prompt="${CSS.escape(focus.prompt)}"] [data-action="edit"]`);
    target?.focus();
  }, [focus]);

  const save = async (prompt: LibraryPrompt | undefined, fields: { name: string; body: string }): Promise<boolean> => {
    if (prompt) {
      const saved = await store.put({ ...prompt, ...fields });
      if (saved) setFocus({ prompt: prompt.id });
      return saved;
    }
    const taken = new Set(prompts.map((existing) => existing.name.toLowerCase()));
    const created = await store.createPrompt({ name: freeName(fields.name, taken), body: fields.body });
    const saved = store.get(created.id) !== undefined;
    if (saved) setFocus({ prompt: created.id });
    return saved;
  };

  const duplicate = async (prompt: LibraryPrompt) => {
    const taken = new Set(prompts.map((existing) => existing.name.toLowerCase()));
    const copy = await store.createPrompt({ name: freeName(t('prompts.section.copyName', { name: prompt.name }), taken), body: prompt.body });
    if (store.get(copy.id)) setFocus({ prompt: copy.id });
  };

  const remove = async (prompt: LibraryPrompt) => {
    const undo = await store.remove(prompt.id);
    // The item is gone: the section's heading is the stable place nearby.
    setFocus('heading');
    if (!undo) return;
    // Here as well as in a toast: the toasts are behind the Settings dialog, out of reach while it is open.
    const undoHere = async () => {
      await undo();
      setReport(null);
      setFocus({ prompt: prompt.id });
    };
    setReport({ text: t('prompts.section.deletedNamed', { name: prompt.name }), skipped: [], undo: undoHere });
    toast.add({
      title: t('prompts.section.deleted'),
      description: prompt.name,
      icon: PROMPT_DELETED_ICON,
      actions: [undoAction(t('prompts.section.undo'), () => void undo())],
    });
  };

  const exportAll = () => {
    const fileName = promptsFileName(now());
    download(promptsFile(prompts), fileName);
    setReport({ text: t('prompts.section.exported', { count: prompts.length, file: fileName }), skipped: [] });
  };

  const importFile = async (file: File) => {
    setReport(null);
    const read = readPromptsFile(await file.text(), prompts.map((prompt) => prompt.name));
    if (!read.ok) {
      setReport({ text: t('prompts.section.importUnreadable', { file: file.name, reason: read.reason }), skipped: [], failed: true });
      return;
    }
    setImporting({ file: file.name, done: 0, total: read.prompts.length });
    const created = await store.createPrompts(read.prompts, (done, total) => setImporting({ file: file.name, done, total }));
    setImporting(null);
    const added = created.length;
    setReport({
      text: added === 0 ? t('prompts.section.importNone', { file: file.name }) : t('prompts.section.imported', { count: added, file: file.name }),
      skipped: read.skipped,
    });
  };

  return (
    <section ref={sectionRef} className="settings-section prompts-section" aria-labelledby={`${id}heading`}>
      <div className="settings-section__header">
        <h3 id={`${id}heading`} tabIndex={-1}>
          {t('prompts.section.title')}
        </h3>
      </div>
      <p className="settings-hint">{t('prompts.section.intro')}</p>
      {library.loaded && prompts.length === 0 && <p className="settings-hint">{t('prompts.section.empty')}</p>}
      {prompts.length > 0 && (
        <ul className="prompt-list" aria-label={t('prompts.section.list')}>
          {prompts.map((prompt) =>
            editing === prompt.id ? (
              <li key={prompt.id} className="prompt-item" data-prompt={prompt.id} data-state="editing">
                <PromptEditor
                  prompt={prompt}
                  onSave={async (fields) => {
                    if (await save(prompt, fields)) setEditing(null);
                    else return t('prompts.section.saveFailed');
                    return undefined;
                  }}
                  onCancel={() => {
                    setEditing(null);
                    setFocus({ prompt: prompt.id });
                  }}
                />
              </li>
            ) : (
              <PromptItem key={prompt.id} prompt={prompt} onEdit={() => setEditing(prompt.id)} onDuplicate={() => duplicate(prompt)} onDelete={() => remove(prompt)} />
            ),
          )}
        </ul>
      )}
      {editing === 'new' ? (
        <PromptEditor
          onSave={async (fields) => {
            if (await save(undefined, fields)) setEditing(null);
            else return t('prompts.section.saveFailed');
            return undefined;
          }}
          onCancel={() => {
            setEditing(null);
            setFocus('add');
          }}
        />
      ) : (
        <div className="prompts-section__actions">
          <Button data-action="add" {...ADD_BUTTON} onClick={() => setEditing('new')}>
            {t('prompts.section.add')}
          </Button>
          <Button variant="outline" size="sm" icon="lucide:download" disabled={prompts.length === 0} onClick={exportAll}>
            {t('prompts.section.export')}
          </Button>
          <Button variant="outline" size="sm" icon="lucide:file-up" disabled={importing !== null} onClick={() => fileInput.current?.click()}>
            {t('prompts.section.import')}
          </Button>
        </div>
      )}
      <JsonFileInput ref={fileInput} label={t('prompts.section.import')} onFile={(file) => void importFile(file)} />
      <div className="prompts-section__report" role="status" data-state={importing ? 'running' : report ? (report.failed ? 'failed' : 'done') : undefined}>
        {importing && (
          <>
            <p className="settings-hint">{t('prompts.section.importing', { count: importing.total, file: importing.file })}</p>
            <Progress label={t('prompts.section.importProgress')} value={importing.done} max={importing.total} size="sm" />
          </>
        )}
        {report && (
          <>
            <p className={report.failed ? 'settings-error' : 'settings-hint'}>
              {report.text}
              {report.undo && (
                <>
                  {' '}
                  <Button variant="link" size="sm" onClick={report.undo}>
                    {t('prompts.section.undo')}
                  </Button>
                </>
              )}
            </p>
            {report.skipped.length > 0 && (
              <>
                <p className="settings-hint">{t('prompts.section.skipped')}</p>
                <ul className="prompts-section__skipped">
                  {report.skipped.map((entry) => (
                    <li key={entry.index}>
                      {entry.name !== undefined
                        ? t('prompts.section.skippedEntry', { index: entry.index, name: entry.name, reason: entry.reason })
                        : t('prompts.section.skippedUnnamed', { index: entry.index, reason: entry.reason })}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </>
        )}
      </div>
    </section>
  );
}

/** The variables a body asks for, and those Parley fills, as one line each. */
function VariablesLine({ body, id }: { body: string; id?: string }) {
  const variables = promptVariables(body);
  const asked = variables.filter((variable) => !variable.builtIn).map((variable) => variable.name);
  const builtIn = variables.filter((variable) => variable.builtIn).map((variable) => variable.name);
  return (
    <p id={id} className="settings-hint prompt-item__variables">
      {variables.length === 0 && t('prompts.section.noVariables')}
      {asked.length > 0 && <span>{t('prompts.section.variables', { names: asked.join(', ') })}</span>}
      {asked.length > 0 && builtIn.length > 0 && ' · '}
      {builtIn.length > 0 && <span>{t('prompts.section.builtIns', { names: builtIn.join(', ') })}</span>}
    </p>
  );
}

function PromptItem({ prompt, onEdit, onDuplicate, onDelete }: { prompt: LibraryPrompt; onEdit(): void; onDuplicate(): void; onDelete(): void }) {
  return (
    <li className="prompt-item" data-prompt={prompt.id}>
      <div className="prompt-item__text">
        <span className="prompt-item__name">{prompt.name}</span>
        <span className="prompt-item__body">{prompt.body}</span>
        <VariablesLine body={prompt.body} />
      </div>
      <div className="prompt-item__actions">
        <Button data-action="edit" variant="ghost" color="neutral" size="sm" icon="lucide:pencil" label={t('prompts.section.edit', { name: prompt.name })} onClick={onEdit} />
        <Button variant="ghost" color="neutral" size="sm" icon="lucide:copy" label={t('prompts.section.duplicate', { name: prompt.name })} onClick={onDuplicate} />
        <Button variant="ghost" color="error" size="sm" icon={PROMPT_DELETED_ICON} label={t('prompts.section.delete', { name: prompt.name })} onClick={onDelete} />
      </div>
    </li>
  );
}

/** Returns an error to show, or undefined once saved. */
type SavePrompt = (fields: { name: string; body: string }) => Promise<string | undefined>;

function PromptEditor({ prompt, onSave, onCancel }: { prompt?: LibraryPrompt; onSave: SavePrompt; onCancel(): void }) {
  const id = useId();
  const [name, setName] = useState(prompt?.name ?? '');
  const [body, setBody] = useState(prompt?.body ?? '');
  const [error, setError] = useState<{ field: 'name' | 'body' | 'store'; text: string } | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => nameRef.current?.focus(), []);

  const submit = async () => {
    if (name.trim() === '') {
      setError({ field: 'name', text: t('prompts.section.nameNeeded') });
      nameRef.current?.focus();
      return;
    }
    if (body.trim() === '') {
      setError({ field: 'body', text: t('prompts.section.bodyNeeded') });
      bodyRef.current?.focus();
      return;
    }
    setError(null);
    const failed = await onSave({ name: name.trim(), body });
    if (failed) setError({ field: 'store', text: failed });
  };

  return (
    <form
      className="prompt-editor"
      aria-labelledby={`${id}title`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        // Closes the form, not Settings.
        event.preventDefault();
        event.stopPropagation();
        onCancel();
      }}
    >
      <p id={`${id}title`} className="prompt-editor__title">
        {prompt ? t('prompts.section.editTitle', { name: prompt.name }) : t('prompts.section.addTitle')}
      </p>
      <div className="settings-field">
        <label htmlFor={`${id}name`}>{t('prompts.section.name')}</label>
        <input
          ref={nameRef}
          id={`${id}name`}
          className="settings-input"
          value={name}
          autoComplete="off"
          aria-invalid={error?.field === 'name' || undefined}
          aria-describedby={error?.field === 'name' ? `${id}error` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <div className="settings-field">
        <label htmlFor={`${id}body`}>{t('prompts.section.body')}</label>
        <textarea
          ref={bodyRef}
          id={`${id}body`}
          className="settings-input prompt-editor__body"
          value={body}
          rows={5}
          aria-invalid={error?.field === 'body' || undefined}
          aria-describedby={`${id}variables${error?.field === 'body' ? ` ${id}error` : ''}`}
          onChange={(event) => setBody(event.target.value)}
        />
        <VariablesLine id={`${id}variables`} body={body} />
      </div>
      {error && (
        <p id={`${id}error`} className="settings-error" role="alert">
          {error.text}
        </p>
      )}
      <div className="prompt-editor__actions">
        <Button type="submit" size="sm">
          {t('prompts.section.save')}
        </Button>
        <Button type="button" variant="ghost" color="neutral" size="sm" onClick={onCancel}>
          {t('prompts.section.cancel')}
        </Button>
      </div>
    </form>
  );
}
