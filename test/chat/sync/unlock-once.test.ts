// @vitest-environment node
// Settings → Sync tests a passphrase, then turns sync on with it: the slow key derivation runs once.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCryptoDoc, unlockCryptoDoc, WrongPassphraseError } from '../../../src/chat/sync-bridge/sync-crypto';

afterEach(() => vi.restoreAllMocks());

describe('unlockCryptoDoc', () => {
  it('derives the key once for the same passphrase and parameters, again for others, and never keeps a wrong one', async () => {
    const { doc } = await createCryptoDoc('correct horse');
    const { doc: other } = await createCryptoDoc('correct horse');
    const derive = vi.spyOn(globalThis.crypto.subtle, 'deriveKey');
    const first = await unlockCryptoDoc(doc, 'correct horse');
    const again = await unlockCryptoDoc(doc, 'correct horse');
    expect(again).toBe(first);
    expect(derive).toHaveBeenCalledTimes(1);
    // Another database (its own salt) gets its own key.
    const otherKey = await unlockCryptoDoc(other, 'correct horse');
    expect(otherKey).not.toBe(first);
    expect(derive).toHaveBeenCalledTimes(2);
    // A wrong passphrase is refused every time, and the right one after it still opens.
    await expect(unlockCryptoDoc(other, 'wrong horse')).rejects.toBeInstanceOf(WrongPassphraseError);
    await expect(unlockCryptoDoc(other, 'wrong horse')).rejects.toBeInstanceOf(WrongPassphraseError);
    expect(await unlockCryptoDoc(other, 'correct horse')).toBe(otherKey);
    // A document whose check was changed is not opened by the key kept for the old one.
    await expect(unlockCryptoDoc({ ...other, check: doc.check }, 'correct horse')).rejects.toBeInstanceOf(WrongPassphraseError);
  }, 30_000);
});
