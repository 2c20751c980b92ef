import type { Ref } from 'react';
import { useConnectionsSnapshot, type ModelList } from '../../chat/connections';
import { t } from './onboarding-text';
import { Button } from '../../ui/button';
import { requestSettings, useModelErrorExplainer, useSettingsAvailable } from '../shared';

export interface ModelNoticeProps {
  /** Send was pressed without a model: draw the eye here. */
  attention: boolean;
  ref?: Ref<HTMLElement>;
}

/** `choose`: models are listed, none picked; `loading`: a list is on its way; `failed`: a list failed; `empty`: no server lists a model. */
export type ModelNoticeState = 'choose' | 'loading' | 'failed' | 'empty';

/**
 * Servers are connected but no model is chosen (SPEC B3): says why there is nothing to pick
 * (a server that could not be asked, with its fix, or one with no models) instead of failing on send.
 */
export default function ModelNotice({ attention, ref }: ModelNoticeProps) {
  const snapshot = useConnectionsSnapshot();
  const settings = useSettingsAvailable();
  const lists = snapshot.connections.map((connection) => ({ connection, list: snapshot.models[connection.id] as ModelList | undefined }));
  const failed = lists.find(({ list }) => list?.status === 'error');
  const loading = lists.some(({ list }) => !list || list.status === 'loading' || list.status === 'idle');
  const listed = lists.some(({ list }) => (list?.ids.length ?? 0) > 0);
  // Fetched with the first failure to explain; until it is here the notice still says models are loading.
  const explain = useModelErrorExplainer(!listed && !loading && failed !== undefined);
  const state: ModelNoticeState = listed ? 'choose' : loading || (failed && !explain) ? 'loading' : failed ? 'failed' : 'empty';
  const explanation = state === 'failed' && failed?.list?.error && explain ? explain({ ...failed.list.error, kind: failed.connection.kind }) : undefined;

  return (
    <section ref={ref} className="model-notice" tabIndex={-1} aria-labelledby="model-notice-title" data-state={state} data-attention={attention ? '' : undefined}>
      <h2 id="model-notice-title">{explanation ? `${failed!.connection.name}: ${explanation.title}` : t('home.model.chooseTitle')}</h2>
      <p role="status">
        {state === 'choose'
          ? t('home.model.choose')
          : state === 'loading'
            ? t('home.model.loading')
            : explanation
              ? explanation.body
              : t('home.model.empty')}
      </p>
      {explanation?.fix && <p className="model-notice__fix">{explanation.fix}</p>}
      {(state === 'failed' || state === 'empty') && settings && (
        <Button variant="outline" color="neutral" size="sm" icon="lucide:settings" onClick={() => requestSettings('connections')}>
          {t('home.connect.openSettings')}
        </Button>
      )}
    </section>
  );
}
