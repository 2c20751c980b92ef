import { useId, useRef, useState, type FormEvent } from 'react';
import { getChatStore, type Chat, type ChatSettings } from '../../../chat';
import { connectionOfModel, useConnectionsSnapshot } from '../../../chat/connections';
import { t } from '../chat-text';
import { ChatSettingsNumber } from './chat-settings-number';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import {
  isReasoningEffort,
  MAX_TOKENS_MIN,
  parseMaxTokens,
  parseTemperature,
  parseThinkingBudget,
  REASONING_EFFORTS,
  THINKING_BUDGET_MIN,
  settingText,
  TEMPERATURE_MAX,
  TEMPERATURE_MIN,
  TEMPERATURE_STEP,
} from './chat-settings-values';
import { ChatSetupPanel } from './chat-setup-panel';
import './chat-settings-dialog.css';

/** Room for a few lines of instructions before the box scrolls (it can be resized). */
export const SYSTEM_PROMPT_ROWS = 5;

export interface ChatSettingsDialogProps {
  chat: Chat;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Per-chat settings (SPEC B4): the system prompt, temperature and maximum tokens (empty fields fall back to the defaults, else the server); and, from the library (issue 23), Save as preset, Reset to defaults and what the model receives. */
export function ChatSettingsDialog({ chat, open, onOpenChange }: ChatSettingsDialogProps) {
  const formId = useId();
  return (
    <Dialog
      className="chat-settings-dialog"
      open={open}
      onOpenChange={onOpenChange}
      title={t('chatSettings.title')}
      description={t('chatSettings.description')}
      footer={
        <>
          <Button variant="outline" color="neutral" onClick={() => onOpenChange(false)}>
            {t('chatSettings.cancel')}
          </Button>
          <Button type="submit" form={formId}>
            {t('chatSettings.save')}
          </Button>
        </>
      }
    >
      <ChatSettingsForm id={formId} chat={chat} onSaved={() => onOpenChange(false)} />
    </Dialog>
  );
}

/** The settings only one wire format sends: Anthropic Messages' thinking budget, OpenAI Responses' reasoning effort. */
export interface FormatFields {
  thinkingBudget: boolean;
  reasoningEffort: boolean;
}

/**
 * Which of them apply to a chat whose model runs on a connection of this format (issue 33):
 * Chat Completions (`api` unset) takes neither. An unknown connection (its model's connection
 * removed, or none yet) shows both, labelled with their format, rather than hide a stored value.
 */
export function formatFields(connection: { api?: string } | undefined): FormatFields {
  if (!connection) return { thinkingBudget: true, reasoningEffort: true };
  return { thinkingBudget: connection.api === 'anthropic', reasoningEffort: connection.api === 'responses' };
}

/** Mounted each time the dialog opens, so it starts from the chat's current settings. */
function ChatSettingsForm({ id, chat, onSaved }: { id: string; chat: Chat; onSaved(): void }) {
  const fieldId = useId();
  const snapshot = useConnectionsSnapshot();
  // A field not shown keeps its stored value: the chat may go back to a model of that format.
  const shows = formatFields(connectionOfModel(snapshot, chat.model ?? snapshot.defaultModel));
  const [prompt, setPrompt] = useState(chat.systemPrompt ?? '');
  const [temperature, setTemperature] = useState(settingText(chat.temperature));
  const [maxTokens, setMaxTokens] = useState(settingText(chat.maxTokens));
  const [thinkingBudget, setThinkingBudget] = useState(settingText(chat.thinkingBudget));
  const [effort, setEffort] = useState<string>(chat.reasoningEffort ?? '');
  const [checked, setChecked] = useState(false);
  const temperatureRef = useRef<HTMLInputElement>(null);
  const maxTokensRef = useRef<HTMLInputElement>(null);
  const budgetRef = useRef<HTMLInputElement>(null);
  const parsedTemperature = parseTemperature(temperature);
  const parsedMaxTokens = parseMaxTokens(maxTokens);
  const parsedBudget = parseThinkingBudget(thinkingBudget);
  const temperatureInvalid = checked && !parsedTemperature.ok;
  const maxTokensInvalid = checked && !parsedMaxTokens.ok;
  const budgetInvalid = checked && !parsedBudget.ok;

  // What Save stores, once every number is valid: "What the model receives" and "Save as preset" read the chat with it.
  const settings: ChatSettings | undefined =
    parsedTemperature.ok && parsedMaxTokens.ok && parsedBudget.ok
      ? {
          systemPrompt: prompt.trim() === '' ? undefined : prompt,
          temperature: parsedTemperature.value,
          maxTokens: parsedMaxTokens.value,
          thinkingBudget: parsedBudget.value,
          reasoningEffort: isReasoningEffort(effort) ? effort : undefined,
        }
      : undefined;
  const edited: Chat | undefined = settings && { ...chat, ...settings };

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    if (!settings) {
      (!parsedTemperature.ok ? temperatureRef : !parsedMaxTokens.ok ? maxTokensRef : budgetRef).current?.focus();
      return;
    }
    await getChatStore().updateChatSettings(chat.id, settings);
    onSaved();
  };

  return (
    <>
      <form id={id} className="chat-settings-form" onSubmit={save} noValidate>
        <div className="chat-settings-form__field">
          <label htmlFor={`${fieldId}prompt`}>{t('chatSettings.systemPrompt.label')}</label>
          <textarea
            id={`${fieldId}prompt`}
            className="chat-settings-form__input"
            rows={SYSTEM_PROMPT_ROWS}
            value={prompt}
            placeholder={t('chatSettings.systemPrompt.placeholder')}
            aria-describedby={`${fieldId}promptHint`}
            onChange={(event) => setPrompt(event.target.value)}
          />
          <p id={`${fieldId}promptHint`} className="chat-settings-form__hint">
            {t('chatSettings.systemPrompt.hint')}
          </p>
        </div>
        <ChatSettingsNumber
          inputRef={temperatureRef}
          id={`${fieldId}temperature`}
          label={t('chatSettings.temperature.label')}
          value={temperature}
          onChange={setTemperature}
          invalid={temperatureInvalid}
          note={t(temperatureInvalid ? 'chatSettings.temperature.error' : 'chatSettings.temperature.hint', { min: TEMPERATURE_MIN, max: TEMPERATURE_MAX })}
          inputMode="decimal"
          min={TEMPERATURE_MIN}
          max={TEMPERATURE_MAX}
          step={TEMPERATURE_STEP}
          placeholder={t('chatSettings.serverDefault')}
        />
        <ChatSettingsNumber
          inputRef={maxTokensRef}
          id={`${fieldId}maxTokens`}
          label={t('chatSettings.maxTokens.label')}
          value={maxTokens}
          onChange={setMaxTokens}
          invalid={maxTokensInvalid}
          note={maxTokensInvalid ? t('chatSettings.maxTokens.error', { min: MAX_TOKENS_MIN }) : t('chatSettings.maxTokens.hint')}
          inputMode="numeric"
          min={MAX_TOKENS_MIN}
          step={1}
          placeholder={t('chatSettings.serverDefault')}
        />
        {shows.thinkingBudget && (
          <ChatSettingsNumber
            inputRef={budgetRef}
            id={`${fieldId}budget`}
            label={t('chatSettings.thinkingBudget.label')}
            value={thinkingBudget}
            onChange={setThinkingBudget}
            invalid={budgetInvalid}
            note={t(budgetInvalid ? 'chatSettings.thinkingBudget.error' : 'chatSettings.thinkingBudget.hint', { min: THINKING_BUDGET_MIN })}
            inputMode="numeric"
            min={THINKING_BUDGET_MIN}
            step={1}
          />
        )}
        {shows.reasoningEffort && (
          <div className="chat-settings-form__field">
            <label htmlFor={`${fieldId}effort`}>{t('chatSettings.reasoningEffort.label')}</label>
            <select id={`${fieldId}effort`} className="chat-settings-form__input" value={effort} onChange={(event) => setEffort(event.target.value)}>
              <option value="">{t('chatSettings.reasoningEffort.default')}</option>
              {REASONING_EFFORTS.map((choice) => (
                <option key={choice} value={choice}>
                  {t(`chatSettings.reasoningEffort.${choice}`)}
                </option>
              ))}
            </select>
          </div>
        )}
      </form>
      <ChatSetupPanel chat={chat} edited={edited} onReset={onSaved} />
    </>
  );
}
