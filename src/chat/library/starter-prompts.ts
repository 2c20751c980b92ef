/** The prompts Parley starts with: useful at once, each removable (fixed ids, so two devices that sync share them, and one deleted stays deleted). */
import type { LibraryPrompt } from '../types';

const STARTERS: readonly { id: string; name: string; body: string }[] = [
  { id: 'starter-summarise', name: 'Summarise', body: 'Summarise the following in {{length}}, keeping names, figures and decisions:\n\n{{text}}' },
  { id: 'starter-explain', name: 'Explain simply', body: 'Explain {{topic}} to someone new to it, with one everyday example. Then list three questions to check my understanding.' },
  { id: 'starter-translate', name: 'Translate', body: 'Translate into {{language}}, keeping the tone and formatting. Reply with the translation only.\n\n{{text}}' },
  { id: 'starter-proofread', name: 'Proofread', body: 'Proofread this text. Fix spelling, grammar and unclear sentences without changing its meaning, then list what you changed.\n\n{{selection}}' },
  { id: 'starter-review-code', name: 'Review code', body: 'Review this {{language}} code for bugs, security problems and readability. Point to lines and suggest fixes.\n\n```\n{{code}}\n```' },
  { id: 'starter-reply-email', name: 'Reply to an email', body: 'Write a {{tone}} reply to this email, dated {{date}}, that {{goal}}:\n\n{{email}}' },
];

/** The starter rows, stamped `at`. */
export function starterPrompts(at: number): LibraryPrompt[] {
  return STARTERS.map((starter) => ({ ...starter, kind: 'prompt', starter: true, createdAt: at, updatedAt: at }));
}
