import { memo, useContext, useId, useMemo, useState } from 'react';
import { t } from './markdown-text';
import { CodeBlock } from './code-block';
import { CodeSlotContext } from './code-slot';
import { languageOf } from './highlight-languages';
import { peekDiagram, requestDiagram } from './mermaid-loader';
import { useDeferredAnswer } from './use-deferred-answer';

export interface MermaidDiagramProps {
  code: string;
  info?: string;
  /** False while the fence is still open: a half-written diagram is not drawn, its code shows. */
  finished: boolean;
}

/**
 * The SVG as a data: URL for an <img>, never a blob: one. A blob: URL carries the app's origin:
 * opened as a document ("Open image in new tab") an SVG there would run with access to this
 * origin's storage. A data: document has an opaque origin (and Chromium refuses to navigate a tab to one).
 */
function useSvgUrl(svg: string | null): string | null {
  return useMemo(() => (svg ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` : null), [svg]);
}

/**
 * A ```mermaid block: drawn by Mermaid (loaded on the first diagram) once its fence has closed,
 * and shown as an image, so nothing in the SVG can run. "Show code" reveals the source; a
 * diagram Mermaid cannot read says so and shows its code.
 */
export const MermaidDiagram = memo(function MermaidDiagram({ code, info, finished }: MermaidDiagramProps) {
  const result = finished ? peekDiagram(code) : undefined;
  useDeferredAnswer(finished && result === undefined ? () => requestDiagram(code) : null, [code]);
  const svg = result && 'svg' in result ? result.svg : null;
  const url = useSvgUrl(svg);
  const [showCode, setShowCode] = useState(false);
  const codeId = useId();
  const Slot = useContext(CodeSlotContext);

  const state = !finished ? 'streaming' : result === undefined || (svg && !url) ? 'loading' : svg ? 'rendered' : 'error';
  if (state === 'streaming') return <CodeBlock code={code} info={info} finished={false} />;
  const failed = state === 'error';
  return (
    <figure className="markdown__diagram" data-state={state}>
      {state === 'loading' && (
        <p className="markdown__diagram-note" role="status">
          {t('markdown.diagram.loading')}
        </p>
      )}
      {url && <img className="markdown__diagram-image" src={url} alt={t('markdown.diagram.alt')} />}
      {failed && (
        <p className="markdown__diagram-note" role="alert">
          {result && 'error' in result && result.error === 'unavailable' ? t('markdown.diagram.unavailable') : t('markdown.diagram.syntaxError')}
        </p>
      )}
      {!failed && (
        <div className="markdown__diagram-actions">
          <button type="button" className="markdown__code-button" aria-expanded={showCode} aria-controls={codeId} onClick={() => setShowCode((value) => !value)}>
            {t('markdown.diagram.showCode')}
          </button>
          {/* What the page adds to the block's bar (the chat page: Open in the artifact panel), beside the drawing too. */}
          {Slot && !showCode ? (
            <Slot code={code} language={languageOf(info)} finished>
              {(extras) => extras.actions ?? null}
            </Slot>
          ) : null}
        </div>
      )}
      <div id={codeId} hidden={!failed && !showCode}>
        <CodeBlock code={code} info={info} finished />
      </div>
    </figure>
  );
});
