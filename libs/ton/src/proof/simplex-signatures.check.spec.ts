import { describe, it } from 'node:test';
import assert from 'node:assert/strict';

import { blockSignatureMessage, sha256 } from '../tlb/validator-set';
import { type ProofBlockId } from './block-header.check';
import { checkBlockSignatures, type BlockSignatureSet } from './block-signatures.check';
import { ProofError } from './proof-error';
import { signatureSetOf, signingValidators } from './signing-validators.test-util';
import { simplexCandidateBlock } from './simplex-vote';

/*
 * No real mainnet Simplex proof is available offline, so these sets are built here from the algorithm
 * of crypto/block/signature-set.cpp (https://github.com/ton-blockchain/ton), with keys made by the
 * test. The TL below is spelled out byte by byte, independently of simplex-vote.ts, from
 * tl/generate/scheme/ton_api.tl; the constructor ids are crc32 of its declaration lines.
 */
const u32 = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};
const ID = {
  dataToSign: u32(0xa8e33df8), // consensus.dataToSign session_id:int256 data:bytes
  finalizeVote: u32(0x40a7e105), // consensus.simplex.finalizeVote id:consensus.CandidateId
  notarizeVote: u32(0xcdf605a8), // consensus.simplex.notarizeVote id:consensus.CandidateId
  candidateId: u32(0xb691cd3f), // consensus.candidateId slot:int hash:int256
  candidateParent: u32(0x1a4b9af1), // consensus.candidateParent id:consensus.CandidateId
  withoutParents: u32(0x22cbcca9), // consensus.candidateWithoutParents
  hashDataOrdinary: u32(0xe8f9bcdc), // consensus.candidateHashDataOrdinary block collated_file_hash parent
  hashDataEmpty: u32(0x72b4d933), // consensus.candidateHashDataEmpty block parent:consensus.candidateId
};

const block: ProofBlockId = {
  workchain: -1,
  shard: 0x8000000000000000n,
  seqno: 51_234_567,
  rootHash: sha256(Buffer.from('simplex root')),
  fileHash: sha256(Buffer.from('simplex file')),
};

function blockIdExt(id: ProofBlockId): Buffer {
  const b = Buffer.alloc(80);
  b.writeInt32LE(id.workchain, 0);
  b.writeBigUInt64LE(id.shard, 4);
  b.writeInt32LE(id.seqno, 12);
  id.rootHash.copy(b, 16);
  id.fileHash.copy(b, 48);
  return b;
}

const parentHash = sha256(Buffer.from('parent candidate'));
const collatedFileHash = sha256(Buffer.from('collated data'));

const candidates = {
  withParent: (id: ProofBlockId) =>
    Buffer.concat([
      ID.hashDataOrdinary,
      blockIdExt(id),
      collatedFileHash,
      ID.candidateParent,
      ID.candidateId,
      u32(99),
      parentHash,
    ]),
  withoutParents: (id: ProofBlockId) =>
    Buffer.concat([ID.hashDataOrdinary, blockIdExt(id), collatedFileHash, ID.withoutParents]),
  empty: (id: ProofBlockId) =>
    Buffer.concat([ID.hashDataEmpty, blockIdExt(id), u32(99), parentHash]),
};

const sessionId = sha256(Buffer.from('simplex session'));
const slot = 100;

/** Boxed consensus.dataToSign of a vote for (slot, sha256(candidate)); the vote is 44 bytes, TL bytes
 *  of it are a length byte, the 44 bytes and 3 zero bytes. */
function signedBytes(vote: Buffer, session: Buffer, voteSlot: number, candidate: Buffer): Buffer {
  const unsigned = Buffer.concat([vote, ID.candidateId, u32(voteSlot), sha256(candidate)]);
  assert.equal(unsigned.length, 44);
  return Buffer.concat([ID.dataToSign, session, Buffer.from([44]), unsigned, Buffer.alloc(3)]);
}

const v = signingValidators([10n, 10n, 10n, 40n]);
const cc = 42;

function simplexSet(
  signers: readonly number[],
  candidate: Buffer,
  signed: Buffer = signedBytes(ID.finalizeVote, sessionId, slot, candidate),
  validators = v,
): BlockSignatureSet {
  return {
    ...signatureSetOf(validators, signers, cc, signed),
    simplex: { sessionId, slot, candidate },
  };
}

const refused = (pattern: RegExp) => (e: unknown) =>
  e instanceof ProofError && e.reason === 'signatures' && pattern.test(e.message);

void describe('checkBlockSignatures with a Simplex (liteServer.signatureSet.simplex) set', () => {
  void it('accepts a finalize vote of more than 2/3 of the weight, for each candidate form', () => {
    for (const make of Object.values(candidates)) {
      checkBlockSignatures(block, simplexSet([0, 3], make(block)), v.set); // 50 of 70
      checkBlockSignatures(block, simplexSet([0, 1, 2, 3], make(block)), v.set);
    }
  });

  void it('reads the block a candidate names, its shard as the unsigned 64-bit id', () => {
    for (const make of Object.values(candidates)) {
      const named = simplexCandidateBlock(make(block));
      assert.equal(named.workchain, -1);
      assert.equal(named.shard, 0x8000000000000000n);
      assert.equal(named.seqno, 51_234_567);
      assert.ok(named.rootHash.equals(block.rootHash));
      assert.ok(named.fileHash.equals(block.fileHash));
    }
  });

  void it('refuses exactly 2/3 of the weight', () => {
    const even = signingValidators([1n, 1n, 1n, 1n, 1n, 1n]);
    const candidate = candidates.withParent(block);
    const signed = signedBytes(ID.finalizeVote, sessionId, slot, candidate);
    const set = simplexSet([0, 1, 2, 3], candidate, signed, even);
    assert.throws(
      () => {
        checkBlockSignatures(block, set, even.set);
      },
      refused(/signed weight 4 of 6 is not over 2\/3/),
    );
  });

  void it('refuses notarize votes: only finalize votes prove a block', () => {
    const candidate = candidates.withParent(block);
    const notarized = simplexSet(
      [0, 1, 2, 3],
      candidate,
      signedBytes(ID.notarizeVote, sessionId, slot, candidate),
    );
    assert.throws(
      () => {
        checkBlockSignatures(block, notarized, v.set);
      },
      refused(/bad signature/),
    );
  });

  void it('refuses a candidate that names another block, though its votes are well signed', () => {
    const other = { ...block, seqno: block.seqno + 1 };
    assert.throws(
      () => {
        checkBlockSignatures(block, simplexSet([0, 1, 2, 3], candidates.withParent(other)), v.set);
      },
      refused(/names another block/),
    );
    const otherFile = { ...block, fileHash: sha256(Buffer.from('other file')) };
    assert.throws(
      () => {
        checkBlockSignatures(block, simplexSet([0, 1, 2, 3], candidates.empty(otherFile)), v.set);
      },
      refused(/names another block/),
    );
  });

  void it('refuses a set whose session id or slot is not the one signed', () => {
    const set = simplexSet([0, 1, 2, 3], candidates.withParent(block));
    const simplex = set.simplex!;
    assert.throws(
      () => {
        checkBlockSignatures(
          block,
          { ...set, simplex: { ...simplex, sessionId: sha256(Buffer.from('another session')) } },
          v.set,
        );
      },
      refused(/bad signature/),
    );
    assert.throws(
      () => {
        checkBlockSignatures(block, { ...set, simplex: { ...simplex, slot: slot + 1 } }, v.set);
      },
      refused(/bad signature/),
    );
  });

  void it('refuses ordinary ton.blockId signatures presented as a Simplex set', () => {
    const candidate = candidates.withParent(block);
    const set = simplexSet(
      [0, 1, 2, 3],
      candidate,
      blockSignatureMessage(block.rootHash, block.fileHash),
    );
    assert.throws(
      () => {
        checkBlockSignatures(block, set, v.set);
      },
      refused(/bad signature/),
    );
  });

  void it('refuses a candidate with trailing bytes, cut short, or of an unknown type', () => {
    const good = candidates.withoutParents(block);
    const cases: [Buffer, RegExp][] = [
      [Buffer.concat([good, u32(0)]), /trailing bytes/],
      [good.subarray(0, good.length - 2), /truncated/],
      [Buffer.concat([u32(0x12345678), good.subarray(4)]), /unknown type/],
      [
        Buffer.concat([ID.hashDataOrdinary, blockIdExt(block), collatedFileHash, u32(7)]),
        /parent of unknown type/,
      ],
    ];
    for (const [candidate, pattern] of cases) {
      assert.throws(() => {
        checkBlockSignatures(block, simplexSet([0, 1, 2, 3], candidate), v.set);
      }, refused(pattern));
    }
  });

  void it('keeps the set hash check: another catchain session is refused', () => {
    const set = simplexSet([0, 1, 2, 3], candidates.withParent(block));
    assert.throws(
      () => {
        checkBlockSignatures(block, { ...set, catchainSeqno: cc + 1 }, v.set);
      },
      refused(/validator_set_hash/),
    );
  });
});
