import { useState } from 'react';
import { getLibraryStore } from '../../../chat/library';
import { MAX_PROJECT_FILES, MAX_PROJECT_TEXT_CHARS } from '../../../chat/library';
import { fitProjectFiles, projectFileTokens, projectTokens, readProjectFile, ProjectFileError } from '../../../chat/library/project-file';
import type { LibraryProject, ProjectFile } from '../../../chat/types';
import { isolatedName } from '../../../lib/bidi-controls';
import { formatBytes } from '../../../lib/format-bytes';
import { Button } from '../../../ui/button';
import { attachmentErrorText, AttachButton, FileDropOverlay, FileName, useFileDrop } from '../../../ui/attachments';
import { tn } from '../../../i18n/plural';
import { t } from './project-text';

/** What the picker offers: the text, code and PDF files the attachment pipeline reads (no pictures). */
export const PROJECT_FILE_ACCEPT = '.txt,.md,.markdown,.csv,.tsv,.json,.jsonl,.yaml,.yml,.toml,.xml,.html,.css,.js,.jsx,.ts,.tsx,.py,.rb,.go,.rs,.java,.kt,.c,.h,.cpp,.hpp,.cs,.php,.sh,.sql,.swift,.lua,.r,.tex,.log,.ini,.cfg,.pdf,text/*,application/json,application/pdf';

export interface ProjectFilesProps {
  project: LibraryProject;
  /** The context length of the model new chats use, when known; its name for the sentence. */
  contextLength?: number;
  modelName?: string;
}

/** A count of tokens in words, the figure formatted for the reader. */
const tokensText = (base: 'projects.home.fileTokens' | 'projects.home.totalTokens', count: number) => tn(base, count, { count: count.toLocaleString() });

/** Characters to tokens, as the files' figures count them (textTokens: four characters a token). */
const CHARS_PER_TOKEN = 4;

/** A refusal naming the file (isolated: its name cannot reorder the sentence) and, for a limit, the limit. */
const refusalText = (error: ProjectFileError) => {
  const name = isolatedName(error.fileName);
  if (error.code === 'image') return t('projects.home.imageRefused', { name });
  if (error.code === 'no-text') return t('projects.home.noTextRefused', { name });
  if (error.code === 'too-many-files') return t('projects.home.tooManyFiles', { name, limit: MAX_PROJECT_FILES.toLocaleString() });
  if (error.code === 'too-much-text')
    return t('projects.home.tooMuchText', { name, limit: MAX_PROJECT_TEXT_CHARS.toLocaleString(), limitTokens: (MAX_PROJECT_TEXT_CHARS / CHARS_PER_TOKEN).toLocaleString() });
  return attachmentErrorText(error.code, error.fileName);
};

/**
 * A project's files (issue 23): added by the picker or by dropping them on the page, read into
 * text by the attachment pipeline, each with its tokens (characters / 4) and the total against
 * the context of the model new chats use. Their text goes into every chat of the project.
 */
export function ProjectFiles({ project, contextLength, modelName }: ProjectFilesProps) {
  const [busy, setBusy] = useState(0);
  const [refused, setRefused] = useState<string[]>([]);

  const add = async (files: readonly File[]) => {
    setRefused([]);
    setBusy((n) => n + files.length);
    const read: ProjectFile[] = [];
    const errors: string[] = [];
    for (const file of files) {
      try {
        read.push(await readProjectFile(file));
      } catch (error) {
        errors.push(error instanceof ProjectFileError ? refusalText(error) : attachmentErrorText('unknown', file.name));
      } finally {
        setBusy((n) => n - 1);
      }
    }
    // Read again: the project may have changed while the files were read.
    const latest = getLibraryStore().get(project.id);
    if (latest?.kind !== 'project' || read.length === 0) return setRefused(errors);
    // Only what the project's row may hold: a row past its limits could not be backed up, restored or synced.
    const { kept, refused: over } = fitProjectFiles(latest.files, read);
    setRefused([...errors, ...over.map(refusalText)]);
    if (kept.length === 0) return;
    await getLibraryStore().put({ ...latest, files: [...latest.files, ...kept] });
  };

  const remove = (file: ProjectFile) => {
    const latest = getLibraryStore().get(project.id);
    if (latest?.kind !== 'project') return;
    void getLibraryStore().put({ ...latest, files: latest.files.filter((f) => f.id !== file.id) });
  };

  const drop = useFileDrop({ onFiles: (files) => void add(files) });
  const total = projectTokens(project);
  const over = contextLength !== undefined && total > contextLength;

  return (
    <section className="project-files" aria-labelledby="project-files-heading" aria-busy={busy > 0 || undefined}>
      <div className="project-section__header">
        <h2 id="project-files-heading" className="project-section__heading">
          {t('projects.home.files')}
        </h2>
        <AttachButton className="project-files__add" onFiles={(files) => void add(files)} accept={PROJECT_FILE_ACCEPT} label={t('projects.home.addFiles')} variant="outline" size="sm" />
      </div>
      <p className="project-field__help">
        {t('projects.home.filesHelp', { limit: MAX_PROJECT_FILES.toLocaleString(), limitChars: MAX_PROJECT_TEXT_CHARS.toLocaleString(), limitTokens: (MAX_PROJECT_TEXT_CHARS / CHARS_PER_TOKEN).toLocaleString() })}
      </p>
      {project.files.length === 0 ? (
        <p className="project-files__none">{t('projects.home.noFiles')}</p>
      ) : (
        <ul className="project-files__list">
          {project.files.map((file) => (
            <li key={file.id} className="project-file" data-kind={file.kind}>
              <FileName className="project-file__name" name={file.name} />
              <span className="project-file__facts">
                {formatBytes(file.size)} · <span className="project-file__tokens">{tokensText('projects.home.fileTokens', projectFileTokens(file))}</span>
              </span>
              <Button icon="lucide:x" label={t('projects.home.removeFile', { name: isolatedName(file.name) })} variant="ghost" color="neutral" size="xs" onClick={() => remove(file)} />
            </li>
          ))}
        </ul>
      )}
      <p className="project-files__total" data-state={over ? 'over' : 'within'} role="status">
        {contextLength !== undefined && modelName
          ? tn('projects.home.totalOfContext', contextLength, { count: contextLength.toLocaleString(), tokens: total.toLocaleString(), model: modelName })
          : tokensText('projects.home.totalTokens', total)}
        {over && <span className="project-files__over"> {t('projects.home.overContext')}</span>}
      </p>
      {refused.length > 0 && (
        <ul className="project-files__refused" role="alert">
          {refused.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      <FileDropOverlay active={drop.active} />
    </section>
  );
}
