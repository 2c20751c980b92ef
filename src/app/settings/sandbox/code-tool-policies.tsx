// The model's code tools in Settings → Code (issue 36): for run_python and run_javascript, whether a
// call runs at once, asks first (the default) or is refused. The same policies as an MCP tool's
// (Settings → Tools), kept in the tools settings row; "Always allow" on a call's card sets "On".
import { useEffect, useId, useSyncExternalStore } from 'react';
import { getToolSettingsStore, policyFor, type ToolPolicy } from '../../../chat/mcp';
import { codeTools } from '../../../chat/sandbox/code-tools';
import { t } from '../shared/settings-text';

const POLICIES: readonly ToolPolicy[] = ['ask', 'on', 'off'];

export function CodeToolPolicies() {
  const id = useId();
  const store = getToolSettingsStore();
  const { policies } = useSyncExternalStore(store.subscribe, store.getSnapshot);
  useEffect(() => void store.init(), [store]);
  return (
    <fieldset className="code-section__tools" aria-describedby={`${id}hint`}>
      <legend>{t('codeSettings.tools.legend')}</legend>
      <p id={`${id}hint`} className="settings-hint">
        {t('codeSettings.tools.hint')}
      </p>
      {codeTools.tools.map((tool) => {
        const target = { serverId: codeTools.id, tool: tool.name };
        return (
          <label key={tool.name} className="code-section__tool">
            <span>{t('codeSettings.tools.label', { tool: tool.name })}</span>
            <select
              className="settings-input"
              value={policyFor(policies, target, tool)}
              // "On" keeps the tool's definition, as Always allow does: a later Parley that changes the tool asks again.
              onChange={(event) => void store.setPolicy(target, event.target.value as ToolPolicy, tool)}
            >
              {POLICIES.map((policy) => (
                <option key={policy} value={policy}>
                  {t(`codeSettings.tools.${policy}`)}
                </option>
              ))}
            </select>
          </label>
        );
      })}
    </fieldset>
  );
}
