import { useEffect, useRef } from 'react';
import type { ModelReadiness } from '../../chat/connections';
import { Button } from '../../ui/button';
import { requestSettings, useSettingsAvailable } from '../shared';
import { t } from './onboarding-text';

/**
 * Beside the home composer after a send that could not go (issue 22): says that nothing was sent
 * and what to do first, where the eyes are. The draft stays, and so does the focus, in the
 * message box; the connect help (or the model notice) nearby is outlined with the ways to do it.
 */
const TEXTS = { 'no-connection': 'home.notSent.noConnection', 'no-model': 'home.notSent.noModel', loading: 'home.notSent.loading' } as const;

/** Nothing once a model is ready (the note's reason is gone). */
export default function NotSentNote({ readiness }: { readiness: ModelReadiness }) {
  const settings = useSettingsAvailable();
  const ref = useRef<HTMLDivElement>(null);
  const shown = readiness !== 'ready';
  // On a phone the composer's foot may be below the fold: the note comes into view (focus stays put).
  useEffect(() => {
    if (shown) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [shown]);
  if (!shown) return null;
  return (
    <div ref={ref} className="home-not-sent" role="alert" data-state={readiness}>
      <p>{t(TEXTS[readiness])}</p>
      {readiness === 'no-connection' && settings && (
        <Button variant="outline" color="neutral" size="sm" icon="lucide:settings" onClick={() => requestSettings('connections')}>
          {t('home.connect.openSettings')}
        </Button>
      )}
    </div>
  );
}
