import { useEffect, useRef, useState } from 'react';
import { getConnectionsStore, type Connection, type LocalServer } from '../../chat/connections';
import { t } from './onboarding-text';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast/toast-store';
import { tn } from '../../i18n/plural';

/** `searching` while the probe runs; `found` with the servers that answered; `none` when none did. */
export type LocalServerOfferState = 'searching' | 'found' | 'none';

/** "localhost:11434": what the offer calls the server, short. */
const hostOf = (baseUrl: string) => new URL(baseUrl).host;

export interface LocalServerOfferProps {
  /** After a server was added and its models loaded. */
  onConnected?: (connection: Connection) => void;
}

/**
 * First run: asks whether Ollama or llama.cpp answers on its default port and offers each one
 * that does in one click ("Use Ollama at localhost:11434"): that adds the connection, loads its
 * models and makes the first one the default.
 */
export function LocalServerOffer({ onConnected }: LocalServerOfferProps) {
  const store = getConnectionsStore();
  const probe = useRef<Promise<LocalServer[]> | null>(null);
  const [found, setFound] = useState<LocalServer[] | null>(null);

  useEffect(() => {
    // Asked once per mount, also when StrictMode runs the effect twice.
    probe.current ??= store.findLocalServers();
    let live = true;
    void probe.current.then((servers) => live && setFound(servers));
    return () => {
      live = false;
    };
  }, [store]);

  const state: LocalServerOfferState = found === null ? 'searching' : found.length > 0 ? 'found' : 'none';
  const use = async (server: LocalServer) => {
    const connection = await store.adoptLocalServer(server);
    toast.add({ title: t('home.connect.connected', { name: connection.name }), color: 'success', icon: 'lucide:plug-zap' });
    onConnected?.(connection);
  };

  return (
    <div className="local-server-offer" role="status" data-state={state}>
      {state === 'searching' && <p>{t('home.connect.searching')}</p>}
      {state === 'none' && <p>{t('home.connect.noneFound')}</p>}
      {state === 'found' && (
        <>
          <p>{t('home.connect.found')}</p>
          <ul>
            {found!.map((server) => (
              <li key={server.baseUrl}>
                <Button icon="lucide:plug-zap" onClick={() => use(server)}>
                  {t('home.connect.use', { name: server.preset.name, host: hostOf(server.baseUrl) })}
                </Button>
                <span className="local-server-offer__models">
                  {tn('home.connect.modelCount', server.models.length)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
