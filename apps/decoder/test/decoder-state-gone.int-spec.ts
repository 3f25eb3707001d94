import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import {
  type DecodedGenesis,
  decodedGenesis,
  expectedJettonWallets,
} from '../../../test/integration/support/decoded-genesis';

const KEPT = 3;

/**
 * The genesis seed decoded from a local network that keeps the states of its last 3 masterchain
 * blocks only: the decoder's get-methods for the seed's blocks find their states gone (`state already
 * gc'd`, as a pruned C++ node answers) and run on the latest state instead of stopping the decoder.
 */
void describe("decoder: blocks whose states the liteservers no longer have (state already gc'd)", () => {
  let genesis: DecodedGenesis;
  const gone: number[] = [];

  before(async () => {
    genesis = await decodedGenesis('decoder_state_gone', {
      stateHistory: KEPT,
      onStateGone: (mcSeqno) => gone.push(mcSeqno),
    });
  });

  after(async () => {
    await genesis.close();
  });

  void it('decodes to the head, falling back only for blocks older than the kept states', () => {
    const head = genesis.localnet.chain.head().id.seqno;
    assert.ok(gone.length > 0, 'some get-methods met a gone state');
    for (const seqno of gone) {
      assert.ok(seqno <= head - KEPT, `block ${String(seqno)} is older than the kept states`);
    }
  });

  void it('still finds the Jetton wallets, their owners and master, with the final balances', async () => {
    const wallets: { address: string; balance: string; owner: string; jetton: string }[] =
      await genesis.ds.query(
        `SELECT address, balance::text, owner, jetton FROM jetton_wallets ORDER BY address`,
      );
    assert.deepEqual(wallets, expectedJettonWallets(genesis));
  });
});
