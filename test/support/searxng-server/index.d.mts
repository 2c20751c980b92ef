export type SearxngMode = 'working' | 'json-off' | 'no-cors' | 'limited';

export const SEARXNG_RESULTS: { url: string; title: string }[];
export function searxngAnswer(query: string): { query: string; number_of_results: number; results: { url: string; title: string; content: string }[] };

export interface SearxngRequest {
  method?: string;
  path: string;
  query: Record<string, string>;
}

export interface RunningSearxngServer {
  origin: string;
  /** The instance's address, as a user types it (origin and '/'). */
  url: string;
  /** Every request received, in order. */
  requests: SearxngRequest[];
  readonly mode: SearxngMode;
  setMode(mode: SearxngMode): void;
  /** Back to the starting mode; forgets the requests. */
  reset(): void;
  close(): Promise<void>;
}

export function startSearxngServer(options?: { mode?: SearxngMode; host?: string; port?: number }): Promise<RunningSearxngServer>;
