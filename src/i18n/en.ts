import { chat } from './en/chat';
import { kit } from './en/kit';
import { models } from './en/models';
import { shell } from './en/shell';

/** The English catalogue: every user-visible string has a key here. Other languages copy its shape. */
export const en = { ...shell, ...kit, ...chat, ...models } as const;

export type MessageKey = keyof typeof en;
