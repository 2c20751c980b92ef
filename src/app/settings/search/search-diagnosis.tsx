/** What Check found about a SearXNG address: one line, the fix, and the configuration lines to copy, announced as a status. */
import { useEffect, useRef, useState } from 'react';
import type { ConfigLines, SearchDiagnosis } from '../../../chat/web-search';
import { Button } from '../../../ui/button';
import { t } from '../shared/settings-text';
import { tn } from '../../../i18n/plural';

/** How long "Copied" shows before the button reads as before. */
const COPIED_MS = 2000;

function messageOf(found: SearchDiagnosis): string {
  if (found.kind === 'unreachable' && found.timedOut) return t('webSearchSettings.doctor.unreachableTimeout', { seconds: 15 });
  if (found.kind === 'working') return tn('webSearchSettings.doctor.working', found.results ?? 0, { query: 'SearXNG' });
  return t(`webSearchSettings.doctor.${found.kind}`, { status: found.status ?? '' });
}

function ConfigBlock({ config }: { config: ConfigLines }) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (copy === 'idle') return;
    const timer = setTimeout(() => setCopy('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copy]);
  const label = t('webSearchSettings.config.label', { file: config.file });
  return (
    <div className="search-section__config">
      <pre className="search-section__lines" role="group" tabIndex={0} aria-label={label}>
        <code>{config.text}</code>
      </pre>
      <Button
        size="sm"
        variant="outline"
        color="neutral"
        // Two blocks (nginx, Caddy) each have a Copy: the name says which; after a click it says how it went.
        aria-label={copy === 'idle' ? t('webSearchSettings.config.copy', { file: config.file }) : undefined}
        onClick={async () => {
          try {
            if (!navigator.clipboard) throw new Error('no clipboard');
            await navigator.clipboard.writeText(config.text);
            setCopy('copied');
          } catch {
            setCopy('failed');
          }
        }}
      >
        {copy === 'copied' ? t('webSearchSettings.config.copied') : copy === 'failed' ? t('webSearchSettings.config.copyFailed') : t('webSearchSettings.config.copyButton')}
      </Button>
    </div>
  );
}

/** Always rendered, so the status region exists before its words change and screen readers announce them. */
export function SearchDiagnosisView({ found }: { found: SearchDiagnosis | undefined }) {
  const ref = useRef<HTMLDivElement>(null);
  // A finding below the fold (a phone's dialog, the lines to copy) is brought into view: the eyes follow Check.
  useEffect(() => {
    if (found) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [found]);
  return (
    <div className="search-section__diagnosis" data-state={found?.kind ?? 'none'}>
      <div ref={ref} role="status" className={found && found.kind !== 'working' ? 'settings-error' : 'settings-hint'}>
        {found && <p className="search-section__finding">{messageOf(found)}</p>}
        {found && found.kind !== 'working' && <p>{t(`webSearchSettings.fix.${found.kind}`, { origin: found.origin ?? location.origin })}</p>}
      </div>
      {found?.config?.map((config) => <ConfigBlock key={config.file} config={config} />)}
    </div>
  );
}
