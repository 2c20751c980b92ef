/** The fields a new chat's settings are made of (the defaults' and a preset's): system prompt, temperature, maximum tokens, tool servers, thinking budget, reasoning effort. */
import { useEffect, useId, useSyncExternalStore } from 'react';
import type { ChatDefaults } from '../../../chat/types';
import { getToolSettingsStore } from '../../../chat/mcp/tool-settings';
import { BUILT_IN_SERVERS } from '../../../chat/tools/built-in-list';
import { WEB_SEARCH_ID } from '../../../chat/web-search';
import {
  isReasoningEffort,
  MAX_TOKENS_MIN,
  parseMaxTokens,
  parseTemperature,
  parseThinkingBudget,
  REASONING_EFFORTS,
  settingText,
  THINKING_BUDGET_MIN,
  TEMPERATURE_MAX,
  TEMPERATURE_MIN,
  TEMPERATURE_STEP,
} from '../../../pages/chat/header/chat-settings-values';
import { ChatSettingsNumber } from '../../../pages/chat/header/chat-settings-number';
import { t } from './settings-text';

/** Room for a few lines before the box scrolls (it can be resized). */
export const PROMPT_ROWS = 4;

/** The fields as typed. */
export interface SettingsDraft {
  systemPrompt: string;
  temperature: string;
  maxTokens: string;
  /** Absent: not chosen here (falls through to the next layer). */
  toolServers: string[] | undefined;
  thinkingBudget: string;
  /** '' : not chosen here. */
  reasoningEffort: string;
}

export const draftOf = (row: ChatDefaults | undefined): SettingsDraft => ({
  systemPrompt: row?.systemPrompt ?? '',
  temperature: settingText(row?.temperature),
  maxTokens: settingText(row?.maxTokens),
  toolServers: row?.toolServers ? [...row.toolServers] : undefined,
  thinkingBudget: settingText(row?.thinkingBudget),
  reasoningEffort: row?.reasoningEffort ?? '',
});

export type DraftCheck = { ok: true; values: Omit<ChatDefaults, 'model'> } | { ok: false; field: 'temperature' | 'maxTokens' | 'thinkingBudget' };

/** The draft as stored values, or the first field that is not valid; empty fields are left out. */
export function valuesOf(draft: SettingsDraft): DraftCheck {
  const temperature = parseTemperature(draft.temperature);
  if (!temperature.ok) return { ok: false, field: 'temperature' };
  const maxTokens = parseMaxTokens(draft.maxTokens);
  if (!maxTokens.ok) return { ok: false, field: 'maxTokens' };
  const thinkingBudget = parseThinkingBudget(draft.thinkingBudget);
  if (!thinkingBudget.ok) return { ok: false, field: 'thinkingBudget' };
  return {
    ok: true,
    values: {
      ...(draft.systemPrompt.trim() !== '' && { systemPrompt: draft.systemPrompt }),
      ...(temperature.value !== undefined && { temperature: temperature.value }),
      ...(maxTokens.value !== undefined && { maxTokens: maxTokens.value }),
      ...(draft.toolServers !== undefined && { toolServers: draft.toolServers }),
      ...(thinkingBudget.value !== undefined && { thinkingBudget: thinkingBudget.value }),
      ...(isReasoningEffort(draft.reasoningEffort) && { reasoningEffort: draft.reasoningEffort }),
    },
  };
}

export interface ChatDefaultsFieldsProps {
  draft: SettingsDraft;
  onChange(next: SettingsDraft): void;
  /** A field was left: a good moment to save. */
  onBlur?(): void;
  /** Whose fields they are: the hints say when their values apply (the defaults' or a preset's). */
  owner?: 'defaults' | 'preset';
}

/** The fields, each labelled, with its hint or (once it is not valid) its error. */
export function ChatDefaultsFields({ draft, onChange, onBlur, owner = 'defaults' }: ChatDefaultsFieldsProps) {
  const id = useId();
  const tools = getToolSettingsStore();
  const { servers: mcpServers } = useSyncExternalStore(tools.subscribe, tools.getSnapshot);
  // Parley's own tools (Code: issue 36) first, as the composer's Tools menu lists them; web search has its own switch (Settings → Search).
  const servers = [...BUILT_IN_SERVERS.filter((server) => server.id !== WEB_SEARCH_ID), ...mcpServers];
  useEffect(() => void tools.init(), [tools]);
  const temperatureBad = !parseTemperature(draft.temperature).ok;
  const maxTokensBad = !parseMaxTokens(draft.maxTokens).ok;
  const budgetBad = !parseThinkingBudget(draft.thinkingBudget).ok;
  const set = (patch: Partial<SettingsDraft>) => onChange({ ...draft, ...patch });
  const chosen = draft.toolServers ?? [];
  return (
    <>
      <div className="settings-field">
        <label htmlFor={`${id}prompt`}>{t('library.fields.systemPrompt')}</label>
        <textarea
          id={`${id}prompt`}
          className="settings-input settings-textarea"
          rows={PROMPT_ROWS}
          value={draft.systemPrompt}
          aria-describedby={`${id}promptHint`}
          onChange={(event) => set({ systemPrompt: event.target.value })}
          onBlur={onBlur}
        />
        <p id={`${id}promptHint`} className="settings-hint">
          {t(owner === 'preset' ? 'library.fields.systemPromptHint.preset' : 'library.fields.systemPromptHint')}
        </p>
      </div>
      <ChatSettingsNumber
        look="settings"
        id={`${id}temperature`}
        label={t('library.fields.temperature')}
        value={draft.temperature}
        invalid={temperatureBad}
        note={t(temperatureBad ? 'library.fields.temperatureError' : 'library.fields.temperatureHint', { min: TEMPERATURE_MIN, max: TEMPERATURE_MAX })}
        inputMode="decimal"
        min={TEMPERATURE_MIN}
        max={TEMPERATURE_MAX}
        step={TEMPERATURE_STEP}
        placeholder={t('library.fields.serverDefault')}
        onChange={(temperature) => set({ temperature })}
        onBlur={onBlur}
      />
      <ChatSettingsNumber
        look="settings"
        id={`${id}maxTokens`}
        label={t('library.fields.maxTokens')}
        value={draft.maxTokens}
        invalid={maxTokensBad}
        note={maxTokensBad ? t('library.fields.maxTokensError', { min: MAX_TOKENS_MIN }) : t('library.fields.maxTokensHint')}
        inputMode="numeric"
        min={MAX_TOKENS_MIN}
        step={1}
        placeholder={t('library.fields.serverDefault')}
        onChange={(maxTokens) => set({ maxTokens })}
        onBlur={onBlur}
      />
      <fieldset className="settings-field settings-choice">
        <legend>{t('library.fields.toolServers')}</legend>
        {mcpServers.length === 0 && <p className="settings-hint">{t('library.fields.noToolServers')}</p>}
        {servers.map((server) => (
          <label key={server.id} className="settings-check">
            <input
              type="checkbox"
              checked={chosen.includes(server.id)}
              onChange={(event) => set({ toolServers: event.target.checked ? [...chosen, server.id] : chosen.filter((one) => one !== server.id) })}
              onBlur={onBlur}
            />
            {server.label}
          </label>
        ))}
      </fieldset>
      <ChatSettingsNumber
        look="settings"
        id={`${id}thinkingBudget`}
        label={t('library.fields.thinkingBudget')}
        value={draft.thinkingBudget}
        invalid={budgetBad}
        note={t(budgetBad ? 'library.fields.thinkingBudgetError' : 'library.fields.thinkingBudgetHint', { min: THINKING_BUDGET_MIN })}
        inputMode="numeric"
        min={THINKING_BUDGET_MIN}
        step={1}
        onChange={(thinkingBudget) => set({ thinkingBudget })}
        onBlur={onBlur}
      />
      <div className="settings-field">
        <label htmlFor={`${id}effort`}>{t('library.fields.reasoningEffort')}</label>
        <select id={`${id}effort`} className="settings-input" value={draft.reasoningEffort} onChange={(event) => set({ reasoningEffort: event.target.value })} onBlur={onBlur}>
          <option value="">{t('library.fields.reasoningEffort.default')}</option>
          {REASONING_EFFORTS.map((choice) => (
            <option key={choice} value={choice}>
              {t(`library.fields.reasoningEffort.${choice}`)}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
