import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { getSyncStatus, subscribeSyncStatus, type ChangesFeed, type SyncAuth, type SyncErrorReason } from '../../../chat/sync';
import { getSyncService, preloadSyncEngine, type SyncConfig } from '../../../chat/sync';
import { Button } from '../../../ui/button';
import { Progress } from '../../../ui/progress';
import { t } from '../shared/settings-text';
import { SyncReason } from './sync-reason';
import { SyncRefusals } from './sync-refusals';
import './sync-section.css';
import { tn } from '../../../i18n/plural';

/**
 * Settings → Sync (issue 15): the CouchDB server, its database and credentials, an optional
 * encryption passphrase, "Test", and turning sync on and off or forgetting the server.
 */

type AuthKind = SyncAuth['kind'];
type Form = { url: string; db: string; kind: AuthKind; username: string; password: string; passphrase: string };

/** Parley's database name unless the user picks another: one per person, shared by their devices. */
const DEFAULT_DB = 'parley';
const EMPTY: Form = { url: '', db: DEFAULT_DB, kind: 'basic', username: '', password: '', passphrase: '' };

const configOf = (form: Form): Omit<SyncConfig, 'enabled'> => ({
  url: form.url.trim(),
  db: form.db.trim() || DEFAULT_DB,
  auth: form.kind === 'none' ? { kind: 'none' } : { kind: form.kind, username: form.username, password: form.password },
  ...(form.passphrase ? { passphrase: form.passphrase } : {}),
});

const formOf = (config: SyncConfig): Form => ({
  url: config.url,
  db: config.db,
  kind: config.auth.kind,
  username: config.auth.kind === 'none' ? '' : config.auth.username,
  password: config.auth.kind === 'none' ? '' : config.auth.password,
  passphrase: config.passphrase ?? '',
});

type TestState = { state: 'idle' } | { state: 'testing' } | { state: 'ok'; feed: ChangesFeed } | { state: 'failed'; reason: SyncErrorReason };

/** Reasons the passphrase field answers (a second device, a wrong guess, a plain database): focus goes there. */
const PASSPHRASE_REASONS: ReadonlySet<SyncErrorReason> = new Set(['passphrase-required', 'wrong-passphrase', 'plain-database']);

export function SyncSection() {
  const id = useId();
  const service = getSyncService();
  const status = useSyncExternalStore(subscribeSyncStatus, getSyncStatus);
  const [form, setForm] = useState<Form>(EMPTY);
  const [saved, setSaved] = useState<SyncConfig | undefined>();
  const [test, setTest] = useState<TestState>({ state: 'idle' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void service.readConfig().then((config) => {
      if (!live || !config) return;
      setSaved(config);
      setForm(formOf(config));
    });
    return () => void (live = false);
  }, [service]);

  const field = (name: keyof Form) => ({
    id: `${id}${name}`,
    className: 'settings-input',
    value: form[name],
    disabled: busy,
    onChange: (event: { target: { value: string } }) => {
      setForm((previous) => ({ ...previous, [name]: event.target.value }));
      setTest({ state: 'idle' });
    },
  });
  const act = async (run: () => Promise<void>) => {
    setBusy(true);
    try {
      await run();
      setSaved(await service.readConfig());
    } finally {
      setBusy(false);
    }
  };
  /** Tests the form's server; true when it passed. */
  const runTest = async () => {
    setTest({ state: 'testing' });
    const result = await service.test(configOf(form));
    setTest(result.ok ? { state: 'ok', feed: result.feed } : { state: 'failed', reason: result.reason });
    setAnswered((count) => count + 1);
    return result.ok;
  };
  const on = saved?.enabled === true;
  const canSubmit = form.url.trim() !== '' && !busy;
  const reason = test.state === 'failed' ? test.reason : test.state === 'idle' && on && status.state === 'error' ? status.reason : undefined;
  const passphraseAsked = reason !== undefined && PASSPHRASE_REASONS.has(reason);
  const passphraseRef = useRef<HTMLInputElement>(null);
  /**
   * How many times Test or Turn on sync has answered: each answer (and a first sync's progress
   * bar, when it appears) is scrolled into view. On a phone the buttons end the screen, and what
   * they said would otherwise be below it.
   */
  const [answered, setAnswered] = useState(0);
  const answerRef = useRef<HTMLDivElement>(null);
  const showsProgress = on && status.state === 'syncing' && status.total !== undefined && status.done !== undefined;
  /** What was last brought into view: the bar's disappearing when the sync ends scrolls nothing. */
  const shown = useRef({ answered: 0, progress: false });
  useEffect(() => {
    const before = shown.current;
    shown.current = { answered, progress: showsProgress };
    if (answered === 0 || (answered === before.answered && !(showsProgress && !before.progress))) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    answerRef.current?.scrollIntoView?.({ block: 'nearest', behavior: reduced ? 'instant' : 'smooth' });
  }, [answered, showsProgress]);
  useEffect(() => {
    if (passphraseAsked && !busy) passphraseRef.current?.focus();
  }, [passphraseAsked, busy]);

  return (
    <section className="settings-section sync-section" aria-labelledby={`${id}heading`} data-state={on ? 'on' : 'off'}>
      <div className="settings-section__header">
        <h3 id={`${id}heading`}>{t('sync.title')}</h3>
      </div>
      <p className="settings-hint">{t('sync.intro')}</p>
      <div className="settings-field">
        <label htmlFor={`${id}url`}>{t('sync.url.label')}</label>
        <input {...field('url')} type="url" inputMode="url" autoComplete="url" spellCheck={false} aria-describedby={`${id}urlHint`} />
        <p id={`${id}urlHint`} className="settings-hint">
          {t('sync.url.hint')}
        </p>
      </div>
      <div className="settings-field">
        <label htmlFor={`${id}db`}>{t('sync.db.label')}</label>
        <input {...field('db')} spellCheck={false} />
      </div>
      <div className="settings-field">
        <label htmlFor={`${id}kind`}>{t('sync.auth.label')}</label>
        <select {...field('kind')}>
          <option value="basic">{t('sync.auth.basic')}</option>
          <option value="session">{t('sync.auth.session')}</option>
          <option value="none">{t('sync.auth.none')}</option>
        </select>
      </div>
      {form.kind !== 'none' && (
        <>
          <div className="settings-field">
            <label htmlFor={`${id}username`}>{t('sync.username.label')}</label>
            <input {...field('username')} autoComplete="username" spellCheck={false} />
          </div>
          <div className="settings-field">
            <label htmlFor={`${id}password`}>{t('sync.password.label')}</label>
            <input {...field('password')} type="password" autoComplete="current-password" aria-describedby={`${id}secretHint`} />
          </div>
        </>
      )}
      <div className="settings-field">
        <label htmlFor={`${id}passphrase`}>{t('sync.passphrase.label')}</label>
        <input
          {...field('passphrase')}
          ref={passphraseRef}
          type="password"
          autoComplete="new-password"
          aria-invalid={passphraseAsked || undefined}
          aria-describedby={`${passphraseAsked ? `${id}reason ` : ''}${id}passphraseWarning ${id}secretHint`}
        />
        <p id={`${id}passphraseWarning`} className="settings-hint">
          {t('sync.passphrase.warning')}
        </p>
        <p id={`${id}secretHint`} className="settings-hint">
          {t('sync.secretHint')}
        </p>
      </div>
      {/* Laid out as the connection editor's actions: the test first, soft, with its icon; removal last, in red. */}
      <div className="sync-section__actions">
        <Button variant="soft" icon="lucide:activity" disabled={!canSubmit} loading={test.state === 'testing'} onClick={() => void runTest()}>
          {test.state === 'testing' ? t('sync.testing') : t('sync.test')}
        </Button>
        <Button
          icon="lucide:refresh-cw"
          disabled={!canSubmit}
          onClick={() =>
            act(async () => {
              // The engine's code is fetched meanwhile: a failed test wastes a fetch, a passed one saves its wait.
              void preloadSyncEngine().catch(() => undefined);
              // Only a server that passed the test is synced with: run it first unless it just passed.
              if (test.state !== 'ok' && !(await runTest())) return;
              // The sidebar's status line, loaded before the first status arrives.
              await import('../../sidebar/sync-status-line');
              await service.turnOn(configOf(form));
              // From here on the section speaks of sync itself, not of the test.
              setTest({ state: 'idle' });
              setAnswered((count) => count + 1);
            })
          }
        >
          {t('sync.turnOn')}
        </Button>
        {on && (
          <Button variant="outline" disabled={busy} aria-describedby={`${id}offHint`} onClick={() => act(() => service.turnOff())}>
            {t('sync.turnOff')}
          </Button>
        )}
        {saved && (
          <Button
            variant="ghost"
            color="error"
            icon="lucide:trash-2"
            disabled={busy}
            aria-describedby={`${id}forgetHint`}
            onClick={() =>
              act(async () => {
                await service.forget();
                setForm(EMPTY);
              })
            }
          >
            {t('sync.forget')}
          </Button>
        )}
      </div>
      {/* What Test and Turn on sync answered, and a first sync's progress: scrolled into view as each comes. */}
      <div ref={answerRef} className="sync-section__answer">
        <div role="status" className="sync-section__result" data-state={test.state}>
          {test.state === 'ok' && (
            <>
              <p>{t('sync.test.ok')}</p>
              <p data-feed={test.feed}>{t(`sync.test.feed.${test.feed}`)}</p>
            </>
          )}
          {reason !== undefined && <SyncReason reason={reason} id={`${id}reason`} />}
          {test.state === 'idle' && on && status.state !== 'error' && saved && <p>{t('sync.on', { db: saved.db, url: saved.url })}</p>}
        </div>
        {saved && <SyncRefusals />}
        {on && status.state === 'syncing' && status.total !== undefined && status.done !== undefined && (
          <div className="settings-field">
            <Progress value={status.done} max={status.total} aria-labelledby={`${id}progress`} />
            <p id={`${id}progress`} className="settings-hint">
              {tn('sync.progress.text', status.total, { done: status.done.toLocaleString(), count: status.total.toLocaleString() })}
            </p>
          </div>
        )}
      </div>
      {on && (
        <p id={`${id}offHint`} className="settings-hint">
          {t('sync.turnOffHint')}
        </p>
      )}
      {saved && (
        <p id={`${id}forgetHint`} className="settings-hint">
          {t('sync.forgetHint')}
        </p>
      )}
    </section>
  );
}
