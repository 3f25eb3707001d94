import { createHash } from 'node:crypto';

import { mnemonicToWalletKey, mnemonicValidate, mnemonicWordList, type KeyPair } from '@ton/crypto';

const WORDS = 24;
const BITS_PER_WORD = 11;

/**
 * A valid 24-word TON mnemonic derived from a label, so the local network's wallets have the same keys on
 * every run. TON accepts a word list only when its seed passes the "basic seed" check (mnemonicValidate);
 * candidates come from sha512(label || counter) until one does, like mnemonicNew does with random words.
 * For development only: anyone who knows the label knows the keys.
 */
export async function deterministicMnemonic(label: string): Promise<string[]> {
  for (let counter = 0; counter < 1_000_000; counter++) {
    const words = candidateWords(label, counter);
    if (await mnemonicValidate(words)) {
      return words;
    }
  }
  throw new Error(`no valid mnemonic found for ${label}`);
}

function candidateWords(label: string, counter: number): string[] {
  // 24 words × 11 bits = 264 bits: two sha512 blocks give 1024 bits to draw from.
  const bytes = Buffer.concat(
    [0, 1].map((block) =>
      createHash('sha512').update(`${label}\u0000${counter}\u0000${block}`).digest(),
    ),
  );
  const words: string[] = [];
  for (let i = 0; i < WORDS; i++) {
    let index = 0;
    for (let bit = i * BITS_PER_WORD; bit < (i + 1) * BITS_PER_WORD; bit++) {
      const byte = bytes[bit >> 3] ?? 0;
      index = (index << 1) | ((byte >> (7 - (bit & 7))) & 1);
    }
    const word = mnemonicWordList[index];
    if (word === undefined) {
      throw new Error(`word index ${index} outside the BIP-39 list`);
    }
    words.push(word);
  }
  return words;
}

/** The label's mnemonic and the ed25519 key pair TON wallets derive from it. */
export async function deterministicWalletKey(
  label: string,
): Promise<{ mnemonic: string[]; keyPair: KeyPair }> {
  const mnemonic = await deterministicMnemonic(label);
  return { mnemonic, keyPair: await mnemonicToWalletKey(mnemonic) };
}
