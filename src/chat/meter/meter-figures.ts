/**
 * The context meter's figures: the next request's size (system message parts, the summary, the
 * history as sent, its files, the draft and its files) against the model's context, in tokens,
 * split by part for the tooltip.
 */
import { textTokens } from '../attachments';
import { calibratedTokens } from './calibration';
import { type HistoryCount, MESSAGE_OVERHEAD_TOKENS } from './history-count';

export type MeterPartName = 'instructions' | 'project' | 'project-files' | 'chat' | 'summary' | 'history' | 'attachments' | 'draft';

export interface MeterPart {
  part: MeterPartName;
  tokens: number;
}

/** `warn` from WARN_RATIO of the context, `over` past it; `unknown` without a context length. */
export type MeterState = 'ok' | 'warn' | 'over' | 'unknown';

/** The share of the context from which the meter warns. */
export const WARN_RATIO = 0.8;

export interface MeterInput {
  /** The system message's parts as library/systemParts gives them (estimated tokens each). */
  system: readonly { source: 'instructions' | 'project' | 'project-files' | 'chat'; tokens: number }[];
  history: HistoryCount;
  draftText: string;
  /** Estimated tokens of the draft's files (the composer's tray sums them). */
  draftFileTokens: number;
  contextLength?: number;
  /** The model's learnt ratio of reported to estimated tokens (calibration.ts). */
  calibration?: number;
}

export interface MeterFigures {
  total: number;
  /** False when some of it is estimated (shown "≈"). */
  exact: boolean;
  /** True when the server's report covers part of it. */
  reported: boolean;
  parts: MeterPart[];
  contextLength?: number;
  /** total / contextLength. */
  share?: number;
  state: MeterState;
}

export function meterState(total: number, contextLength: number | undefined): MeterState {
  if (contextLength === undefined) return 'unknown';
  if (total > contextLength) return 'over';
  return total >= WARN_RATIO * contextLength ? 'warn' : 'ok';
}

export function meterFigures(input: MeterInput): MeterFigures {
  const { history, calibration } = input;
  const draftText = input.draftText.trim();
  const draft = draftText || input.draftFileTokens > 0 ? MESSAGE_OVERHEAD_TOKENS + textTokens(draftText) : 0;
  const estimated = (tokens: number) => calibratedTokens(tokens, calibration);
  const system: MeterPart[] = input.system.map((part) => ({ part: part.source, tokens: estimated(part.tokens) }));
  const systemTotal = system.reduce((sum, part) => sum + part.tokens, 0);
  const summary = estimated(history.summary);
  let historyTokens: number;
  let attachments: number;
  if (history.reported) {
    // The report covers the system message, the summary and the thread up to its reply: what of it is not those is the history.
    historyTokens = Math.max(0, history.reported.tokens - systemTotal - summary) + estimated(history.reported.afterHistory);
    attachments = estimated(history.reported.afterAttachments);
  } else {
    historyTokens = estimated(history.history);
    attachments = estimated(history.attachments);
  }
  attachments += estimated(input.draftFileTokens);
  const parts: MeterPart[] = [
    ...system,
    ...(summary > 0 ? [{ part: 'summary' as const, tokens: summary }] : []),
    ...(historyTokens > 0 ? [{ part: 'history' as const, tokens: historyTokens }] : []),
    ...(attachments > 0 ? [{ part: 'attachments' as const, tokens: attachments }] : []),
    ...(draft > 0 ? [{ part: 'draft' as const, tokens: estimated(draft) }] : []),
  ];
  const total = parts.reduce((sum, part) => sum + part.tokens, 0);
  const exact = history.reported !== undefined && history.reported.afterHistory === 0 && attachments === 0 && draft === 0;
  const { contextLength } = input;
  return {
    total,
    exact,
    reported: history.reported !== undefined,
    parts,
    ...(contextLength !== undefined && { contextLength, share: total / contextLength }),
    state: meterState(total, contextLength),
  };
}
