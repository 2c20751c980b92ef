import type { ConnectionKind, TestResult } from '../../chat/connections';
import { t } from '../../i18n';
import { explainModelError } from '../../pages/shared';

/** How many model ids "Test connection" lists before summing up the rest. */
export const TESTED_MODELS_SHOWN = 50;

export interface TestResultViewProps {
  result: TestResult | null;
  kind: ConnectionKind;
}

/**
 * What "Test connection" found: the models, or precisely what failed and the fix for this kind
 * of server. A polite live region that stays mounted, so each new result is announced.
 */
export function TestResultView({ result, kind }: TestResultViewProps) {
  const state = result === null ? 'idle' : result.ok ? 'ok' : 'failed';
  return (
    <div className="test-result" role="status" data-state={state}>
      {result?.ok && (
        <>
          <p className="test-result__title">
            {result.models.length === 0
              ? t('settings.test.noModels')
              : result.models.length === 1
                ? t('settings.test.found.one')
                : t('settings.test.found.other', { count: result.models.length })}
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
      {result && !result.ok && <FailureText result={result} kind={kind} />}
    </div>
  );
}

function FailureText({ result, kind }: { result: Extract<TestResult, { ok: false }>; kind: ConnectionKind }) {
  const explanation = explainModelError({ ...result.error, kind });
  return (
    <>
      <p className="test-result__title">{explanation.title}</p>
      <p>{explanation.body}</p>
      {explanation.fix && <p className="test-result__fix">{explanation.fix}</p>}
      {explanation.detail && <p className="test-result__detail">{t('settings.test.detail', { detail: explanation.detail })}</p>}
    </>
  );
}
