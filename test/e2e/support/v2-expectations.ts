import assert from 'node:assert/strict';
import { type Address, type Cell, loadTransaction } from '@ton/core';
import { type Localnet } from '@app/localnet';

/** What the chain itself says, rendered the way toncenter 2.1 renders it (the independent oracle). */
export function blockIdJson(id: {
  workchain: number;
  shard: bigint;
  seqno: number;
  rootHash: Buffer;
  fileHash: Buffer;
}): Record<string, unknown> {
  return {
    '@type': 'ton.blockIdExt',
    workchain: id.workchain,
    // int64 shard as a signed decimal string (0x8000000000000000 → -9223372036854775808).
    shard: BigInt.asIntN(64, id.shard).toString(),
    seqno: id.seqno,
    root_hash: id.rootHash.toString('base64'),
    file_hash: id.fileHash.toString('base64'),
  };
}

export function expectedMasterchainInfo(localnet: Localnet): Record<string, unknown> {
  const head = localnet.chain.head();
  const zero = localnet.chain.zeroState();
  return {
    '@type': 'blocks.masterchainInfo',
    last: blockIdJson(head.id),
    state_root_hash: head.state.hash().toString('base64'),
    init: { ...blockIdJson(zero.id), shard: '0' },
  };
}

/** getAddressInformation of an active account at the head, from the emulator's own account record. */
export async function expectedActiveAccount(
  localnet: Localnet,
  address: Address,
): Promise<Record<string, unknown>> {
  const head = localnet.chain.head();
  const contract = await localnet.chain.blockchain.getContract(address);
  const account = contract.accountState;
  if (account?.type !== 'active') {
    throw new Error(`${address.toRawString()} is not active`);
  }
  const boc = (c: { toBoc(o: { idx: boolean; crc32: boolean }): Buffer } | null | undefined) =>
    c ? c.toBoc({ idx: false, crc32: true }).toString('base64') : '';
  const shardBlock = localnet.chain.accountBlockAt(head.id.seqno, address);
  return {
    '@type': 'raw.fullAccountState',
    balance: contract.balance.toString(),
    extra_currencies: [],
    code: boc(account.state.code),
    data: boc(account.state.data),
    last_transaction_id: lastTransactionIdJson(contract),
    block_id: blockIdJson(head.id),
    frozen_hash: '',
    sync_utime: shardBlock.genUtime,
    state: 'active',
    suspended: false,
  };
}

/**
 * The fields getExtendedAddressInformation's fullAccountState has for every kind of account, from
 * getAddressInformation's answer (`info`) for the same account; `address` in its friendly form.
 */
export function fullAccountStateHead(
  address: string,
  info: Record<string, unknown>,
): Record<string, unknown> {
  return {
    '@type': 'fullAccountState',
    address: { '@type': 'accountAddress', account_address: address },
    balance: info.balance,
    extra_currencies: [],
    last_transaction_id: info.last_transaction_id,
    block_id: info.block_id,
    sync_utime: info.sync_utime,
  };
}

/** tonlib's internal.transactionId of a contract's last transaction, as the sandbox holds it. */
export function lastTransactionIdJson(contract: {
  readonly lastTransactionLt: bigint;
  readonly lastTransactionHash: bigint;
}): Record<string, unknown> {
  return {
    '@type': 'internal.transactionId',
    lt: contract.lastTransactionLt.toString(),
    hash: Buffer.from(contract.lastTransactionHash.toString(16).padStart(64, '0'), 'hex').toString(
      'base64',
    ),
  };
}

export const EXTRA = /^\d{10}:_:\d+\.\d{3}$/;

export function withoutExtra(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) {
    return body;
  }
  return Object.fromEntries(Object.entries(body).filter(([key]) => key !== '@extra'));
}

/** A v2 `fees` object (toncenter's source_fees and destination_fees of estimateFee). */
export interface Fees {
  '@type': 'fees';
  in_fwd_fee: number;
  storage_fee: number;
  gas_fee: number;
  fwd_fee: number;
}

/**
 * What a landed ordinary transaction paid, from its phases: storage_fees_collected, the compute
 * phase's gas_fees, the action phase's total_fwd_fees, and the import fee as what total_fees holds
 * beyond those (total_fees = storage + import + gas + total_action_fees).
 */
export function paidFees(transactionCell: Cell): Fees {
  const tx = loadTransaction(transactionCell.beginParse());
  const d = tx.description;
  assert.equal(d.type, 'generic');
  const storage = d.storagePhase?.storageFeesCollected ?? 0n;
  const gas = d.computePhase.type === 'vm' ? d.computePhase.gasFees : 0n;
  const fwd = d.actionPhase?.totalFwdFees ?? 0n;
  const actionFees = d.actionPhase?.totalActionFees ?? 0n;
  return {
    '@type': 'fees',
    in_fwd_fee: Number(tx.totalFees.coins - storage - gas - actionFees),
    storage_fee: Number(storage),
    gas_fee: Number(gas),
    fwd_fee: Number(fwd),
  };
}
