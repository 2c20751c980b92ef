export function accountBodies(chats: number, messages: number): Generator<[string, { type: 'chat' | 'msg'; changedAt: number; [field: string]: unknown }]>;

export function seedAccount(options: {
  server: { url: string; createDb(name: string): Promise<void> };
  db: string;
  headers: Record<string, string>;
  chats: number;
  messages: number;
  encode?: (id: string, body: object) => Promise<object>;
  first?: object[];
}): Promise<number>;
