import { type Cell, loadAccount } from '@ton/core';

import { hashmapPath } from '../boc/dict-path';
import {
  checkStateProof,
  type ProofBlockId,
  type ProvenBlockHeader,
  sameBlockId,
} from './block-header.check';
import { keptRef } from './mc-state.reader';
import { proofRoot, proofRootPair } from './proof-boc';
import { ProofError, provenParse } from './proof-error';
import { checkShardProof } from './shard-block.check';

/** liteServer.accountState id:tonNode.blockIdExt shardblk:tonNode.blockIdExt shard_proof proof state. */
export interface AccountStateAnswer {
  readonly id: ProofBlockId;
  readonly shardblk: ProofBlockId;
  readonly shardProof: Buffer;
  readonly proof: Buffer;
  readonly state: Buffer;
}

/** What an account answer proves about the account at the masterchain block asked. */
export type ProvenAccountState =
  | { readonly exists: false; readonly shardBlock: ProvenBlockHeader }
  | {
      readonly exists: true;
      readonly shardBlock: ProvenBlockHeader;
      /** The Account cell (the answer's `state`, whose hash the proof covers). */
      readonly account: Cell;
      readonly balance: bigint;
      readonly lastTransHash: Buffer;
      readonly lastTransLt: bigint;
      /** Code and data cell hashes of an active account, null otherwise. */
      readonly codeHash: Buffer | null;
      readonly dataHash: Buffer | null;
    };

/**
 * Checks a getAccountState answer for account `workchain:accountId` at the trusted masterchain block
 * `mcBlock`, as tonlib does (https://github.com/ton-blockchain/ton tonlib/tonlib/LastBlock and
 * crypto/block/check-proof.cpp check_account_proof):
 *  1. a basechain account's shard block is the shard top that the masterchain state commits
 *     (shard_proof: {mc block proof, mc state proof of ShardHashes}); a masterchain account's is mcBlock;
 *  2. proof = {shard block proof, shard state proof}; the account's leaf in ShardAccounts
 *     (HashmapAugE 256 ShardAccount DepthBalanceInfo) gives balance, last_trans_hash and last_trans_lt;
 *     a leaf proven absent means the account does not exist (then `state` must be empty);
 *  3. `state` must be the Account cell that leaf references (equal hash).
 */
export function checkAccountState(
  answer: AccountStateAnswer,
  mcBlock: ProofBlockId,
  workchain: number,
  accountId: Buffer,
): ProvenAccountState {
  const account =
    answer.state.length === 0 ? null : proofRoot(answer.state, 'account_state', 'account state');
  const { header, leaf } = checkAccountLeaf(answer, mcBlock, workchain, accountId, account);
  if (!leaf || !account) {
    return { exists: false, shardBlock: header };
  }
  return provenParse('account_state', 'Account', () => {
    // account_none$0 | account$1 addr storage_stat storage (loadAccount reads what follows the tag)
    const s = account.beginParse();
    const parsed = s.loadBit() ? loadAccount(s) : null;
    const state = parsed?.storage.state;
    const code = state?.type === 'active' ? state.state.code : null;
    const data = state?.type === 'active' ? state.state.data : null;
    return {
      exists: true,
      shardBlock: header,
      account: account,
      balance: leaf.balance,
      lastTransHash: leaf.lastTransHash,
      lastTransLt: leaf.lastTransLt,
      codeHash: code ? code.hash() : null,
      dataHash: data ? data.hash() : null,
    };
  });
}

/** The proven shard block and the account's leaf in its state (null: proven absent). */
export interface ProvenAccountLeaf {
  readonly header: ProvenBlockHeader;
  readonly leaf: ProvenShardAccount | null;
}

/**
 * Steps 1 to 3 of checkAccountState, step 3 on `account`: the Account cell as sent (null when none
 * was), or the virtual root of a Merkle proof of it (runSmcMethod's `state_proof`), whose level-0
 * hash is the original cell's whatever it prunes.
 */
export function checkAccountLeaf(
  answer: Omit<AccountStateAnswer, 'state'>,
  mcBlock: ProofBlockId,
  workchain: number,
  accountId: Buffer,
  account: Cell | null,
): ProvenAccountLeaf {
  if (accountId.length !== 32) {
    throw new ProofError('account_state', 'account id must be 32 bytes');
  }
  if (!sameBlockId(answer.id, mcBlock)) {
    throw new ProofError(
      'account_state',
      `answer is at block ${answer.id.seqno}, not ${mcBlock.seqno}`,
    );
  }
  if (workchain === -1) {
    if (!sameBlockId(answer.shardblk, mcBlock)) {
      throw new ProofError(
        'account_state',
        'a masterchain account is read at the masterchain block',
      );
    }
  } else {
    const top = checkShardProof(answer.shardProof, mcBlock, workchain, accountId);
    if (!sameBlockId(answer.shardblk, top)) {
      throw new ProofError(
        'account_state',
        'shardblk is not the shard top the masterchain commits',
      );
    }
  }
  const [blockProof, stateProof] = proofRootPair(answer.proof, 'account_state', 'account proof');
  const { header, state } = checkStateProof(blockProof, stateProof, answer.shardblk);
  const leaf = readProvenShardAccount(state, accountId);
  if (!leaf) {
    if (account) {
      throw new ProofError('account_state', 'state sent for an account the proof shows absent');
    }
    return { header, leaf: null };
  }
  if (!account) {
    throw new ProofError('account_state', 'no state sent for an account the proof shows present');
  }
  if (!account.hash(0).equals(leaf.accountHash)) {
    throw new ProofError('account_state', 'account state differs from the proven account');
  }
  return { header, leaf };
}

/** A ShardAccount leaf as the shard state proves it. */
export interface ProvenShardAccount {
  readonly accountHash: Buffer;
  readonly balance: bigint;
  readonly lastTransHash: Buffer;
  readonly lastTransLt: bigint;
}

/**
 * The account's ShardAccount in a proven ShardStateUnsplit (accounts:^ShardAccounts is its 2nd ref):
 *   depth_balance$_ split_depth:(#<= 30) balance:CurrencyCollection = DepthBalanceInfo;
 *   account_descr$_ account:^Account last_trans_hash:bits256 last_trans_lt:uint64 = ShardAccount;
 * null when the proof shows the key absent; a pruned branch on the path refuses the answer.
 */
export function readProvenShardAccount(state: Cell, accountId: Buffer): ProvenShardAccount | null {
  return provenParse('account_state', 'ShardAccounts', () => {
    if (state.beginParse().loadUint(32) !== 0x9023afe2) {
      throw new ProofError('account_state', 'state proof root is not a ShardStateUnsplit');
    }
    const accounts = keptRef(state, 1, 'account_state', 'ShardAccounts');
    if (!accounts.beginParse().loadBit()) {
      return null;
    }
    const root = keptRef(accounts, 0, 'account_state', 'ShardAccounts root');
    const path = hashmapPath(root, BigInt('0x' + accountId.toString('hex')), 256);
    if (!path.value) {
      return null;
    }
    const v = path.value;
    v.skip(5);
    const balance = v.loadCoins();
    v.loadMaybeRef();
    const accountRef = v.loadRef();
    return {
      accountHash: accountRef.hash(0),
      balance,
      lastTransHash: v.loadBuffer(32),
      lastTransLt: v.loadUintBig(64),
    };
  });
}
