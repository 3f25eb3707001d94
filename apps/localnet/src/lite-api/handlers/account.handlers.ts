import { Address } from '@ton/core';
import { serializeBocMultiRoot } from '@app/ton';
import {
  Codecs as ClientCodecs,
  type liteServer_accountId,
  type tonNode_blockIdExt,
} from 'ton-lite-client/dist/schema';
import type { StoredBlock } from '../../chain/chain-reader';
import { requireBlock, toTlBlockId } from '../block-id';
import { defineHandler, type LiteApiContext } from '../lite-api-handler';
import { Codecs } from '../lite-api-schema';
import { LiteServerError, LiteServerErrorCode } from '../lite-server-error';
import { accountStateProof, blockHeaderProof, boc, rootOnlyProof, shardProofBoc } from '../proofs';
import { encodeTl } from '../tl-encode';

export interface ResolvedAccount {
  readonly address: Address;
  /** The block the query named (normally a masterchain block). */
  readonly block: StoredBlock;
  /** The block of the account's shard chain whose state answers the query. */
  readonly shardBlock: StoredBlock;
  /** {mc block proof, mc state proof of ShardHashes} for a basechain account asked at an mc block. */
  readonly shardProof: Buffer;
}

export function accountAddress(account: liteServer_accountId): Address {
  if (account.id.length !== 32) {
    throw new LiteServerError(LiteServerErrorCode.fatal, 'account id must be 32 bytes');
  }
  return new Address(account.workchain, account.id);
}

/** As perform_getAccountState: at a masterchain block, a basechain account is read from the shard block
 *  that block commits (and shard_proof links the two); at a shard block, from that block itself. */
export function resolveAccount(
  ctx: LiteApiContext,
  id: tonNode_blockIdExt,
  account: liteServer_accountId,
): ResolvedAccount {
  const address = accountAddress(account);
  const block = requireBlock(ctx.chain, id);
  if (block.id.workchain !== -1) {
    if (block.id.workchain !== address.workChain) {
      throw new LiteServerError(LiteServerErrorCode.fatal, 'account does not belong to the block');
    }
    return { address, block, shardBlock: block, shardProof: Buffer.alloc(0) };
  }
  if (address.workChain === -1) {
    return { address, block, shardBlock: block, shardProof: Buffer.alloc(0) };
  }
  const shardBlock = ctx.chain.accountBlockAt(block.id.seqno, address);
  return { address, block, shardBlock, shardProof: shardProofBoc(block) };
}

/** proof = std_boc_serialize_multi({block header proof, state proof}) as in finish_getAccountState. */
function accountAnswer(
  ctx: LiteApiContext,
  id: tonNode_blockIdExt,
  account: liteServer_accountId,
  prunned: boolean,
): Buffer {
  const r = resolveAccount(ctx, id, account);
  const { proof, account: accountCell } = accountStateProof(r.shardBlock.state, account.id);
  let state: Buffer = Buffer.alloc(0);
  if (accountCell) {
    // getAccountStatePrunned sends a Merkle proof of the Account instead of the Account itself
    state = prunned ? boc(rootOnlyProof(accountCell)) : boc(accountCell);
  }
  return encodeTl(ClientCodecs.liteServer_AccountState, {
    kind: 'liteServer.accountState',
    id: toTlBlockId(r.block.id),
    shardblk: toTlBlockId(r.shardBlock.id),
    shardProof: r.shardProof,
    proof: serializeBocMultiRoot([blockHeaderProof(r.shardBlock), proof]),
    state,
  });
}

/** liteServer.getAccountState id:tonNode.blockIdExt account:liteServer.accountId = liteServer.AccountState;
 *  liteServer.accountState id shardblk shard_proof:bytes proof:bytes state:bytes */
export const getAccountState = defineHandler(
  'liteServer.getAccountState',
  Codecs.liteServer_getAccountState,
  (req, ctx) => accountAnswer(ctx, req.id, req.account, false),
);

/** liteServer.getAccountStatePrunned id:tonNode.blockIdExt account:liteServer.accountId = liteServer.AccountState; */
export const getAccountStatePrunned = defineHandler(
  'liteServer.getAccountStatePrunned',
  Codecs.liteServer_getAccountStatePrunned,
  (req, ctx) => accountAnswer(ctx, req.id, req.account, true),
);
