import { z } from 'zod';

import { type ProofBlockId } from '../proof/block-header.check';

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
  /** The block proofs start from: init_block, or the zero state when the config has none. */
  readonly initBlock: ProofBlockId;
  /** Blocks where the network was restarted by its validators (not followed yet: see docs/trustless.md). */
  readonly hardforks: readonly ProofBlockId[];
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
  return { zeroState, initBlock, hardforks: (hardforks ?? []).map(toId) };
}
