import { z } from 'zod';

import { type ProofBlockId, sameBlockId } from '../proof/block-header.check';

const Hash = z.string().regex(/^[A-Za-z0-9+/]{43}=$/, 'expected a base64 hash of 32 bytes');

/** A block id as global configs write it: the shard a signed 64-bit JSON number. */
const BlockId = z.object({
  workchain: z.number().int(),
  // z.int() stops at 2^53; a shard id is a signed 64-bit integer written as a JSON number.
  shard: z
    .number()
    .refine(
      (n) => Number.isInteger(n) && n >= -(2 ** 63) && n < 2 ** 64,
      'expected a 64-bit shard id',
    ),
  seqno: z.number().int().min(0),
  root_hash: Hash,
  file_hash: Hash,
});

const Validator = z.object({
  validator: z.object({
    zero_state: BlockId,
    init_block: BlockId.optional(),
    hardforks: z.array(BlockId).optional(),
  }),
});

/** What the global config anchors trust in (validator.config.global). */
export interface TrustAnchor {
  readonly zeroState: ProofBlockId;
  /** validator.init_block, or the zero state when the config has none. */
  readonly initBlock: ProofBlockId;
  /**
   * validator.hardforks, oldest first: masterchain blocks where the validators restarted the chain by
   * hand (not signed by the validator set of the key block before them, so they are trusted by being
   * listed, like the init block). Their count is the chain's "vertical seqno".
   */
  readonly hardforks: readonly ProofBlockId[];
}

/**
 * The block proofs start from when nothing newer was proven before: the newest of init_block and the
 * hard forks. A hard fork block is not signed by the validators of the key block before it, so no
 * proof from an older block reaches past it; tonlib replaces init_block with a newer hard fork the
 * same way (tonlib/tonlib/Config.cpp of https://github.com/ton-blockchain/ton).
 */
export function trustedStartBlock(anchor: TrustAnchor): ProofBlockId {
  const last = anchor.hardforks.at(-1);
  return last !== undefined && last.seqno > anchor.initBlock.seqno ? last : anchor.initBlock;
}

function toId(id: z.infer<typeof BlockId>): ProofBlockId {
  return {
    workchain: id.workchain,
    // -2^63 and the usual shard ids are exact doubles, so the JSON number converts exactly.
    shard: BigInt.asUintN(64, BigInt(id.shard)),
    seqno: id.seqno,
    rootHash: Buffer.from(id.root_hash, 'base64'),
    fileHash: Buffer.from(id.file_hash, 'base64'),
  };
}

/** Reads the trust anchor of a TON global config JSON value; throws with the offending path. */
export function parseTrustAnchor(json: unknown): TrustAnchor {
  const parsed = Validator.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue ? issue.path.join('.') : '';
    throw new Error(`invalid global config at "${path}": ${issue?.message ?? 'unknown error'}`);
  }
  const { zero_state, init_block, hardforks } = parsed.data.validator;
  const zeroState = toId(zero_state);
  const initBlock = init_block ? toId(init_block) : zeroState;
  if (initBlock.workchain !== -1) {
    throw new Error('invalid global config at "validator.init_block": not a masterchain block');
  }
  const forks = (hardforks ?? []).map(toId);
  forks.forEach((fork, i) => {
    const at = `validator.hardforks.${String(i)}`;
    if (fork.workchain !== -1) {
      throw new Error(`invalid global config at "${at}": not a masterchain block`);
    }
    const before = forks[i - 1];
    if (before !== undefined && fork.seqno <= before.seqno) {
      // Validators append each new hard fork (validator/manager-init.cpp checks the list grows).
      throw new Error(`invalid global config at "${at}": not after the hard fork before it`);
    }
    if (fork.seqno === initBlock.seqno && !sameBlockId(fork, initBlock)) {
      throw new Error(
        `invalid global config at "validator.init_block": not the hard fork at its seqno (${at})`,
      );
    }
  });
  return { zeroState, initBlock, hardforks: forks };
}
