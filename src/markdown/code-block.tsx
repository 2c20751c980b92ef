import { memo, useState } from 'react';
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
export const CodeBlock = memo(function CodeBlock({ code, info, finished }: CodeBlockProps) {
  const language = languageOf(info);
  const tree = useHighlight(code, language ? grammarFor(language) : null, finished);
  const [wrap, setWrap] = useState(false);
  const { state: copyState, copy } = useCopy(code);
  const copyLabel = copyState === 'copied' ? t('markdown.code.copied') : copyState === 'failed' ? t('markdown.code.copyFailed') : t('markdown.code.copy');

  return (
    <div className="markdown__code" data-state={finished ? 'finished' : 'streaming'} data-highlighted={tree ? '' : undefined}>
      <div className="markdown__code-bar">
        <span className="markdown__code-language">{language || t('markdown.code.label')}</span>
        <button type="button" className="markdown__code-button" aria-pressed={wrap} onClick={() => setWrap((value) => !value)}>
          {t('markdown.code.wrap')}
        </button>
        <button
          type="button"
          className="markdown__code-button"
          data-state={copyState}
          aria-label={copyState === 'idle' ? t('markdown.code.copyName') : undefined}
          onClick={() => void copy()}
        >
          {copyLabel}
        </button>
        <span role="status" className="visually-hidden">
          {copyState === 'idle' ? '' : copyLabel}
        </span>
      </div>
      {/* Focusable so keyboard users can scroll a long line sideways. */}
      <pre className="markdown__pre" data-wrap={wrap ? '' : undefined} tabIndex={0}>
        <code className={language ? `language-${language}` : undefined}>{tree ? hastToReact(tree) : code}</code>
      </pre>
    </div>
  );
});
