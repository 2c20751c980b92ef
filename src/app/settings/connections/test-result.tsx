import type { ConnectionKind, ModelErrorInfo, TestResult } from '../../../chat/connections';
import { t } from '../shared/settings-text';
import { explainModelError } from '../../../pages/shared/explain-model-error';
import { tn } from '../../../i18n/plural';

/** How many model ids "Test connection" lists before summing up the rest. */
export const TESTED_MODELS_SHOWN = 50;

export interface TestResultViewProps {
  result: TestResult | null;
  kind: ConnectionKind;
  /** The connection's wire format (issue 27), for the fixes that differ by it. */
  api?: string;
  base?: string;
}

/**
 * What "Test connection" found: the models, or precisely what failed and the fix for this kind
 * of server. A polite live region that stays mounted, so each new result is announced.
 */
export function TestResultView({ result, kind, api, base }: TestResultViewProps) {
  const state = result === null ? 'idle' : result.ok ? 'ok' : 'failed';
  return (
    <div className="test-result" role="status" data-state={state}>
      {result?.ok && (
        <>
          <p className="test-result__title">
            {result.models.length === 0
              ? t('settings.test.noModels')
              : tn('settings.test.found', result.models.length)}
          </p>
          {result.models.length > 0 && (
            <ul className="test-result__models" aria-label={t('settings.test.models')}>
              {result.models.slice(0, TESTED_MODELS_SHOWN).map((id) => (
                <li key={id}>{id}</li>
              ))}
              {result.models.length > TESTED_MODELS_SHOWN && <li>{t('settings.test.more', { count: result.models.length - TESTED_MODELS_SHOWN })}</li>}
            </ul>
          )}
        </>
      )}
      {result && !result.ok && <FailureText result={result} kind={kind} api={api} base={base} />}
    </div>
  );
}

/**
 * The failure's own words, introduced by who said them: "The server said" only for a server's
 * answer (an HTTP status); a network failure is what the browser reported; an address that was
 * never asked, or a request that timed out, adds nothing to the explanation.
 */
export function failureDetail(error: ModelErrorInfo, detail: string | undefined): string | undefined {
  if (!detail) return undefined;
  if (error.status !== undefined) return t('settings.test.detail', { detail });
  if (error.code !== 'unreachable') return t('settings.test.plainDetail', { detail });
  if (error.reason === 'invalid-url' || error.reason === 'timeout') return undefined;
  return t('settings.test.networkDetail', { detail });
}

function FailureText({ result, kind, api, base }: { result: Extract<TestResult, { ok: false }>; kind: ConnectionKind; api?: string; base?: string }) {
  const explanation = explainModelError({ ...result.error, kind, api, base });
  const detail = failureDetail(result.error, explanation.detail);
  return (
    <>
      <p className="test-result__title">{explanation.title}</p>
      <p>{explanation.body}</p>
      {explanation.fix && <p className="test-result__fix">{explanation.fix}</p>}
      {detail && <p className="test-result__detail">{detail}</p>}
    </>
  );
}
