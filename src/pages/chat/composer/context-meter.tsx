import { memo, useEffect, useMemo } from 'react';
import { chatById, useChatStore } from '../../../chat';
import { contextLengthOfModel, useConnectionsSnapshot } from '../../../chat/connections';
import { contextFigure, getContextSettings, useContextSettings, useServerContext } from '../../../chat/connections/context-settings-instance';
import { systemParts, useLibrary } from '../../../chat/library';
import { cachedHistoryCount, meterFigures, nextCalibration, type MeterFigures, type MeterState } from '../../../chat/meter';
import { useSettledThread } from '../../../chat/store/thread-hooks';
import type { Message } from '../../../chat/types';
import { Tooltip } from '../../../ui/tooltip';
import type { TextSource } from '../../../lib/text-source';
import { useSettledText } from '../../../lib/use-settled-text';
import { t, type MessageKey } from '../chat-text';
import { tn } from '../../../i18n/plural';
import './context-meter.css';

/**
 * The context meter by the message box (issue 24): the next request's size against the model's
 * context, split by part in its tooltip. The thread's count is remembered per path (a keystroke
 * re-estimates only the draft) and a reply is counted once it has ended (its tokens do not
 * render the meter while it streams); the figure is exact up to the last reply the server reported.
 */

const numbers = new Intl.NumberFormat();
const format = (n: number) => numbers.format(n);
/** The share shown: whole percent, never "0 %" for something there. */
const percent = (share: number) => `${Math.max(share > 0 ? 1 : 0, Math.round(share * 100))} %`;

// Replies already learnt from in this tab: a re-render must not count the same report twice.
const learnt = new Set<string>();

export interface ContextMeterProps {
  chatId: string;
  /** The model reference the next message goes to. */
  model: string | undefined;
  /** The message box's text. */
  draft: TextSource;
  draftFileTokens: number;
  /** Told the state each time it changes (the composer asks before sending past 100 %). */
  onFigures?(figures: MeterFigures): void;
}

/**
 * The draft is counted at most this often while typing goes on, and never within a keystroke:
 * counting and drawing the meter on every keystroke cost about 0.4 ms of script each on a
 * 2,000-message chat (bench/meter), and typing renders nothing but the box (issue 34). A bigger
 * change (a paste, a send) is counted at once; the last one always is.
 */
export const METER_DRAFT_INTERVAL_MS = 200;

/** The meter, its draft counted as useSettledText allows (a keystroke renders none of it). */
export const ContextMeter = memo(function ContextMeter({ draft, ...props }: ContextMeterProps) {
  return <ContextMeterView {...props} draftText={useSettledText(draft, METER_DRAFT_INTERVAL_MS)} />;
});

const ContextMeterView = memo(function ContextMeterView({ chatId, model, draftText, draftFileTokens, onFigures }: Omit<ContextMeterProps, 'draft'> & { draftText: string }) {
  const chat = useChatStore((s) => chatById(s.chats, chatId));
  // A streaming reply is counted when it ends: its tokens do not re-render the meter.
  const entries = useSettledThread(chatId);
  const path = useMemo((): readonly Message[] => entries.map((entry) => entry.message), [entries]);
  const library = useLibrary();
  const snapshot = useConnectionsSnapshot();
  const settings = useContextSettings();
  const system = useMemo(() => (chat ? systemParts(chat, library) : []), [chat, library]);
  const history = cachedHistoryCount(path);
  // A local server is asked what it actually runs the model with (llama.cpp's n_ctx, Ollama's num_ctx).
  const server = useServerContext(snapshot, model);
  const context = contextFigure(model ? settings.contexts[model] : undefined, contextLengthOfModel(snapshot, model), server);
  const calibration = model ? settings.calibration[model] : undefined;
  const figures = meterFigures({ system, history, draftText, draftFileTokens, contextLength: context?.tokens, calibration });

  useEffect(() => onFigures?.(figures), [onFigures, figures.state, figures.total]);

  // What the server reported for the last reply teaches the model's ratio, once per reply.
  const sample = history.sample;
  const replyId = history.reported ? path[path.length - 1]?.id : undefined;
  useEffect(() => {
    if (!sample || !model || !replyId || learnt.has(replyId) || settings.status !== 'ready') return;
    learnt.add(replyId);
    const systemTokens = system.reduce((sum, part) => sum + part.tokens, 0);
    const next = nextCalibration(settings.calibration[model], sample.reported, sample.estimated + systemTokens);
    if (next !== undefined) getContextSettings().setCalibration(model, Math.round(next * 1000) / 1000);
  }, [sample, model, replyId, settings.status]);

  const state: MeterState = figures.state;
  const approx = figures.exact ? '' : t('contextMeter.approx');
  const label = context
    ? tn('contextMeter.ofContext', context.tokens, { approx, tokens: format(figures.total), count: format(context.tokens) })
    : tn('contextMeter.noContext', figures.total, { approx, count: format(figures.total) });
  const details = (
    <span className="context-meter__details">
      <span className="context-meter__parts">
        {figures.parts.map((part) => (
          <span key={part.part} className="context-meter__part" data-part={part.part}>
            {t(`contextMeter.part.${part.part}` as MessageKey)}: {format(part.tokens)}
          </span>
        ))}
      </span>
      <span className="context-meter__basis">
        {figures.reported ? t('contextMeter.reported') + ' ' : ''}
        {figures.exact ? '' : t('contextMeter.estimated', { calibrated: calibration !== undefined ? t('contextMeter.calibrated') : '' })}
      </span>
      {state === 'warn' && <span className="context-meter__warning">{t('contextMeter.warn')}</span>}
      {state === 'over' && context && <span className="context-meter__warning">{tn('contextMeter.over', figures.total - context.tokens, { count: format(figures.total - context.tokens) })}</span>}
      <span className="context-meter__source">{context ? tn(`contextMeter.source.${context.source}`, context.tokens, { count: format(context.tokens) }) : t('contextMeter.source.none')}</span>
    </span>
  );
  return (
    // The state sits on a wrapper: the tooltip writes its own data-state on the trigger.
    <span className="context-meter" data-state={state}>
      <Tooltip content={details} side="top">
        <button type="button" className="context-meter__button">
          <span className="visually-hidden">{t('contextMeter.label')}: </span>
          {figures.share !== undefined && (
            <span className="context-meter__bar" aria-hidden="true">
              <span className="context-meter__fill" style={{ inlineSize: `${Math.min(100, figures.share * 100)}%` }} />
            </span>
          )}
          <span className="context-meter__figure">{label}</span>
          {figures.share !== undefined && <span className="context-meter__share">{percent(figures.share)}</span>}
        </button>
      </Tooltip>
    </span>
  );
});
