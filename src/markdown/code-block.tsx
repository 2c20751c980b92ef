import { memo, useContext, useLayoutEffect, useRef, useState } from 'react';
import { CodeSlotContext, type CodeExtras } from './code-slot';
import { t } from './markdown-text';
import { hastToReact } from './hast-to-react';
import { grammarFor, languageOf } from './highlight-languages';
import { useCopy } from './use-copy';
import { useHighlight } from './use-highlight';

export interface CodeBlockProps {
  code: string;
  /** The fence's info string (`ts`, `python title="x"`), if any. */
  info?: string;
  /** False while the block is still streaming: it is highlighted only once finished. */
  finished: boolean;
}

/**
 * A code block: a bar with its language, a line-wrap toggle and a Copy button above the code.
 * Highlighting arrives after the block is finished, as React elements built from lowlight's tree.
 */
/**
 * The Copy button's name, told apart from the reply's other code blocks: a screen reader's list of
 * buttons read four identical "Copy code" entries. The language as the bar shows it (so the name
 * holds the visible label); the block's number from the second block on.
 */
export function copyName(language: string, number: number): string {
  if (number <= 1) return language ? t('markdown.code.copyLanguage', { language }) : t('markdown.code.copyName');
  return language ? t('markdown.code.copyLanguageNumbered', { language, number }) : t('markdown.code.copyNumbered', { number });
}

/**
 * The block's place among the code blocks of its reply (1 for the first). Read from the page once
 * mounted: a reply only grows at its end, and its blocks mount in order, so the ones before it are
 * there already and its number never changes.
 */
function useBlockNumber() {
  const ref = useRef<HTMLDivElement>(null);
  const [value, setValue] = useState(1);
  useLayoutEffect(() => {
    const block = ref.current;
    const root = block?.closest('.markdown');
    if (!block || !root) return;
    setValue(Array.prototype.indexOf.call(root.querySelectorAll('.markdown__code'), block) + 1 || 1);
  }, []);
  return { ref, value };
}

export const CodeBlock = memo(function CodeBlock({ code, info, finished }: CodeBlockProps) {
  const language = languageOf(info);
  const Slot = useContext(CodeSlotContext);
  const render = (extras: CodeExtras) => <CodeBlockView code={code} language={language} finished={finished} extras={extras} />;
  return Slot ? (
    <Slot code={code} language={language} finished={finished}>
      {render}
    </Slot>
  ) : (
    render({})
  );
});

function CodeBlockView({ code, language, finished, extras }: { code: string; language: string; finished: boolean; extras: CodeExtras }) {
  const tree = useHighlight(code, language ? grammarFor(language) : null, finished);
  const [wrap, setWrap] = useState(false);
  const { state: copyState, copy } = useCopy(code);
  const number = useBlockNumber();
  const copyLabel = copyState === 'copied' ? t('markdown.code.copied') : copyState === 'failed' ? t('markdown.code.copyFailed') : t('markdown.code.copy');

  return (
    <div ref={number.ref} className="markdown__code" dir="ltr" data-state={finished ? 'finished' : 'streaming'} data-highlighted={tree ? '' : undefined}>
      <div className="markdown__code-bar">
        <span className="markdown__code-language">{language || t('markdown.code.label')}</span>
        {/* Wrapping means nothing while a slot's view stands in the code's place. */}
        {extras.view ? null : (
          <button type="button" className="markdown__code-button" aria-pressed={wrap} onClick={() => setWrap((value) => !value)}>
            {t('markdown.code.wrap')}
          </button>
        )}
        {extras.actions}
        <button
          type="button"
          className="markdown__code-button"
          data-state={copyState}
          aria-label={copyState === 'idle' ? copyName(language, number.value) : undefined}
          onClick={() => void copy()}
        >
          {copyLabel}
        </button>
        <span role="status" className="visually-hidden">
          {copyState === 'idle' ? '' : copyLabel}
        </span>
      </div>
      {extras.view ?? (
        // Focusable so keyboard users can scroll a long line sideways.
        <pre className="markdown__pre" data-wrap={wrap ? '' : undefined} tabIndex={0}>
          <code className={language ? `language-${language}` : undefined}>{tree ? hastToReact(tree) : code}</code>
        </pre>
      )}
      {extras.after}
    </div>
  );
}
