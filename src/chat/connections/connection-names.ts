import type { Connection } from './connection';

/** Naming and numbering new connections: their ids and the names people see. */

/** Random base-36 characters in a connection id: unique among a person's handful of connections. */
export const CONNECTION_ID_CHARS = 8;

export function randomId(): string {
  const bytes = new Uint8Array(CONNECTION_ID_CHARS);
  crypto.getRandomValues(bytes);
  return `c${[...bytes].map((byte) => (byte % 36).toString(36)).join('')}`;
}

/** "Ollama", then "Ollama 2", "Ollama 3"… so two connections of a kind can be told apart. */
export function uniqueConnectionName(base: string, connections: readonly Pick<Connection, 'name'>[]): string {
  const taken = new Set(connections.map((connection) => connection.name));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base} ${n}`)) return `${base} ${n}`;
}
