// Settings → Voice: the audio models and voices a connection offers, for the pickers' suggestions.
// Asked once per server address while Settings is open (both sections share it); a server that
// does not answer leaves the fields free text.
import { useEffect, useState } from 'react';
import { listAudioModels, listVoices, type AudioModels, type VoiceList } from '../../../chat/voice';
import type { OpenAiConnection } from '../../../chat/wire';

export interface AudioCatalog {
  /** Undefined: not known (not asked yet, or the server's list failed). */
  models?: AudioModels;
  voices?: VoiceList;
}

const asked = new Map<string, Promise<AudioCatalog>>();

async function askCatalog(connection: OpenAiConnection): Promise<AudioCatalog> {
  const [models, voices] = await Promise.all([listAudioModels(connection).catch(() => undefined), listVoices(connection).catch(() => undefined)]);
  return { models, voices };
}

/** What `connection` offers; {} while it is being asked. Keyed by address and key: another key may see other models. */
export function useAudioCatalog(connection: OpenAiConnection | undefined): AudioCatalog {
  const key = connection ? JSON.stringify([connection.baseUrl, connection.apiKey ?? '', connection.headers ?? {}]) : '';
  const [catalog, setCatalog] = useState<{ key: string; value: AudioCatalog }>({ key: '', value: {} });
  useEffect(() => {
    if (!connection) return;
    let current = true;
    let promise = asked.get(key);
    if (!promise) {
      promise = askCatalog(connection);
      asked.set(key, promise);
    }
    void promise.then((value) => current && setCatalog({ key, value }));
    return () => {
      current = false;
    };
    // The connection object changes with every snapshot; its key says when it is another.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return catalog.key === key ? catalog.value : {};
}

/** For tests: forgets what servers answered. */
export function forgetAudioCatalogs(): void {
  asked.clear();
}
