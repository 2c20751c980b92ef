import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useChats, type ChatSearchResult } from '../../chat';
import { useSearchIndexState } from '../../chat/search-index';
import { t } from './search-text';
import { paths } from '../../pages/paths';
import { useLocation, useNavigate } from '../../router';
import { useLibrary } from '../../chat/library';
import { ProjectScope, scopeProjectOf } from './project-scope';
import { useCompositionGuard } from '../../ui/composer';
import { Dialog } from '../../ui/dialog';
import { Icon } from '../../ui/icon';
import { SearchOption, type PaletteOption } from './search-option';
import { useChatSearch, type ChatSearchState } from './use-chat-search';
import './search-palette.css';
import { tn } from '../../i18n/plural';

/** Chats offered before anything is typed: about one screen of the palette. */
export const RECENT_CHATS_LIMIT = 8;

export interface SearchPaletteProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

const fromResult = (result: ChatSearchResult): PaletteOption => ({
  chatId: result.chatId,
  title: result.title,
  kind: result.kind,
  snippet: result.snippet,
  messageId: result.messageId,
  fileName: result.fileName,
});

/** The status line, also read out by screen readers (role="status"). */
function statusText(query: string, search: ChatSearchState, options: number, chats: number): string {
  if (query === '') return chats === 0 ? t('search.noChats') : '';
  if (search.status === 'failed') return t('search.failed');
  if (search.status !== 'done') return options === 0 ? t('search.searching') : '';
  if (options === 0) return t('search.noResults', { query });
  return tn('search.count', options);
}

/**
 * "Search chats" (SPEC B2): a dialog with a combobox over a listbox of chats. Titles and
 * message text are searched as the user types; an empty query lists recent chats. Arrow keys
 * move the active option (focus stays in the field), Enter or a click opens the chat.
 */
export function SearchPalette({ open, onOpenChange }: SearchPaletteProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const close = useCallback(() => onOpenChange(false), [onOpenChange]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('search.title')} size="lg" className="search-palette" initialFocus={inputRef}>
      <SearchPaletteBody inputRef={inputRef} onClose={close} />
    </Dialog>
  );
}

/** Mounted only while the dialog is open, so every opening starts from an empty query. */
function SearchPaletteBody({ inputRef, onClose }: { inputRef: RefObject<HTMLInputElement | null>; onClose(): void }) {
  const [query, setQuery] = useState('');
  const [activeChatId, setActiveChatId] = useState<string | null>(null);
  const search = useChatSearch(query);
  const chats = useChats();
  const indexState = useSearchIndexState();
  const navigate = useNavigate();
  const composition = useCompositionGuard();
  const id = useId();
  const listboxId = `${id}listbox`;
  const labelId = `${id}label`;
  const optionId = (index: number) => `${id}option-${index}`;
  const typed = query.trim();
  // Opened from a project's page or one of its chats: the search can be kept to that project (issue 23).
  const location = useLocation();
  const library = useLibrary();
  const scopeProject = scopeProjectOf(location.path, location.search, chats, library.projects);
  const [scoped, setScoped] = useState(true);
  const inScope = scoped && scopeProject ? scopeProject.id : undefined;

  const options = useMemo<PaletteOption[]>(() => {
    const allowed = inScope === undefined ? undefined : new Set(chats.filter((chat) => chat.projectId === inScope).map((chat) => chat.id));
    const recent = allowed ? chats.filter((chat) => allowed.has(chat.id)) : chats;
    return typed === ''
      ? recent.slice(0, RECENT_CHATS_LIMIT).map((chat) => ({ chatId: chat.id, title: chat.title, kind: 'recent' }))
      : search.results.filter((result) => !allowed || allowed.has(result.chatId)).map(fromResult);
  }, [typed, chats, search.results, inScope]);
  // The active option follows its chat as results stream in; a new list starts at the top.
  const found = options.findIndex((option) => option.chatId === activeChatId);
  const activeIndex = options.length === 0 ? -1 : Math.max(found, 0);

  useEffect(() => {
    if (activeIndex < 0) return;
    document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- optionId only depends on id
  }, [activeIndex, id]);

  const openChat = ({ chatId, messageId }: PaletteOption) => {
    navigate(paths.chat.href(chatId, messageId));
    onClose();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (composition.isComposing(event)) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      // Prevented so the caret doesn't jump to the start or end of the text.
      event.preventDefault();
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveChatId(options[(activeIndex + step + options.length) % options.length]!.chatId);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const active = options[activeIndex];
      if (active) openChat(active);
    }
  };

  const expanded = options.length > 0;
  return (
    // data-index: whether answers come from the full-text index yet ('ready'), or a scan.
    <div className="search-palette__body" data-index={indexState}>
      <div className="search-palette__field">
        <Icon name="lucide:search" className="search-palette__field-icon" />
        <input
          {...composition.handlers}
          ref={inputRef}
          className="search-palette__input"
          type="text"
          role="combobox"
          aria-label={t('search.inputLabel')}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={expanded ? listboxId : undefined}
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="go"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActiveChatId(null);
          }}
          onKeyDown={onKeyDown}
        />
        {scopeProject && (
          <ProjectScope
            name={scopeProject.name}
            pressed={scoped}
            onPressedChange={(pressed) => {
              setScoped(pressed);
              setActiveChatId(null);
            }}
          />
        )}
      </div>
      {expanded && (
        <>
          <p id={labelId} className="search-palette__section">
            {typed === '' ? t('search.recent') : t('search.results')}
          </p>
          <ul id={listboxId} role="listbox" aria-labelledby={labelId} className="search-palette__list">
            {options.map((option, index) => (
              <SearchOption
                key={option.chatId}
                id={optionId(index)}
                option={option}
                active={index === activeIndex}
                // The field keeps focus (and its caret) while the pointer picks an option.
                onMouseDown={(event) => event.preventDefault()}
                onPointerMove={() => {
                  if (index !== activeIndex) setActiveChatId(option.chatId);
                }}
                onClick={() => openChat(option)}
              />
            ))}
          </ul>
        </>
      )}
      <p role="status" className="search-palette__status">
        {statusText(typed, search, options.length, chats.length)}
      </p>
    </div>
  );
}
