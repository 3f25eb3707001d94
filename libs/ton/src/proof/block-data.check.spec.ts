import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { checkBlockData } from './block-data.check';
import { mainnetBlock } from './block-proofs.test-util';
import { flipByte } from './mainnet-answers.test-util';
import { ProofError } from './proof-error';

const refused = (e: unknown) => e instanceof ProofError && e.reason === 'block_data';

void describe('checkBlockData on mainnet block (0,0d83800000000000,4168601) (block-4)', () => {
  const { data, id } = mainnetBlock('block-4.bin', 0, 0x0d83800000000000n, 4168601);

  void it('accepts the block under its own id (root hash ee04f0f8…)', () => {
    assert.equal(id.rootHash.toString('hex').slice(0, 8), 'ee04f0f8');
    checkBlockData(data, id);
  });

  void it('refuses a changed byte, and the data under another id', () => {
    assert.throws(() => {
      checkBlockData(flipByte(data, data.length - 40), id);
    }, /file hash/);
    assert.throws(() => {
      checkBlockData(data, { ...id, rootHash: flipByte(id.rootHash, 3) });
    }, /root hashes to/);
    assert.throws(() => {
      checkBlockData(data, { ...id, fileHash: flipByte(id.fileHash) });
    }, refused);
  });
});
