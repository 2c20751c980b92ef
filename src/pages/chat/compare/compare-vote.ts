/** A blind comparison's vote (issue 38): a library record (counted in Settings → Compare, synced with the library), then the names shown. */
import { getChatStore, type Comparing, type Message } from '../../../chat';
import { voteRecord } from '../../../chat/compare';
import { modelIdOf } from '../../../chat/connections';
import { getLibraryStore } from '../../../chat/library';

/** Resolves with whether the vote was stored; the names show either way (the user has chosen). */
export async function recordVote(chatId: string, comparing: Comparing, answers: readonly Message[], winner: Message | undefined): Promise<boolean> {
  const models = answers.map((m) => modelIdOf(m.model ?? ''));
  let saved = false;
  try {
    const record = voteRecord({ models, ...(winner && { winner: modelIdOf(winner.model ?? '') }), chatId }, Date.now());
    saved = record !== undefined && (await getLibraryStore().put(record));
  } catch {
    // Two answers by the same model, or one with no model: nothing to count.
  }
  await getChatStore().updateChatSettings(chatId, { comparing: { ...comparing, picked: winner?.id ?? 'tie' } });
  return saved;
}
