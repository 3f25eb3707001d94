import assert from 'node:assert/strict';
import {
  type Address,
  beginCell,
  type Cell,
  internal,
  SendMode,
  toNano,
  type TupleItem,
} from '@ton/core';
import { WalletContractV4 } from '@ton/ton';
import { methodIdOf } from '@app/ton';
import { GenesisAccount, type SeedAccount } from '@app/localnet';
import { type V2Harness } from '../support/v2-harness';
import { blockIdJson, lastTransactionIdJson } from '../support/v2-expectations';
import { externalMessage } from '../../integration/support/external-message';

export const SEQNO_METHOD_ID = 85143;

export function friendly(address: Address): string {
  return address.toString({ bounceable: true, urlSafe: true });
}

export function boc(cell: Cell): string {
  return cell.toBoc({ idx: false, crc32: true }).toString('base64');
}

export function hex(n: bigint): string {
  return n < 0n ? `-0x${(-n).toString(16)}` : `0x${n.toString(16)}`;
}

/** tvm_valuetypes' cell object, built here from @ton/core's own bit string (the test's oracle). */
export function cellObject(cell: Cell): Record<string, unknown> {
  const len = cell.bits.length;
  const pad = (8 - (len % 8)) % 8;
  const padded = beginCell().storeBits(cell.bits).storeUint(0, pad).endCell();
  return {
    data: { b64: padded.bits.subbuffer(0, len + pad)?.toString('base64'), len },
    refs: cell.refs.map(cellObject),
    special: cell.isExotic,
  };
}

export function legacyCell(cell: Cell): unknown[] {
  return ['cell', { bytes: boc(cell), object: cellObject(cell) }];
}

export function cellOf(item: TupleItem | undefined): Cell {
  assert.ok(item && (item.type === 'cell' || item.type === 'slice'), 'a cell or slice');
  return item.cell;
}

/** The methods spec's harness and what the chain itself says, the expected values' source. */
export type MethodContext = ReturnType<typeof methodContext>;

export function methodContext(harness: () => V2Harness) {
  function account(name: string): SeedAccount {
    const found = harness().localnet.accounts.find((a) => a.name === name);
    assert.ok(found, name);
    return found;
  }

  /** smc.runResult's envelope fields as the chain has them at the head (manual sealing). */
  async function runResultAt(address: Address): Promise<Record<string, unknown>> {
    const contract = await harness().localnet.chain.blockchain.getContract(address);
    return {
      block_id: blockIdJson(harness().localnet.chain.head().id),
      last_transaction_id: lastTransactionIdJson(contract),
    };
  }

  async function chainRun(address: Address, method: string, stack: TupleItem[] = []) {
    const head = harness().localnet.chain.head().id.seqno;
    return harness().localnet.chain.runGetMethod(head, address, methodIdOf(method), stack);
  }

  /** The genesis v4r2 wallet with its keys. */
  function v4Wallet() {
    const seed = account(GenesisAccount.walletV4r2);
    assert.ok(seed.publicKey && seed.secretKey, 'v4r2 keys');
    return {
      contract: WalletContractV4.create({ workchain: 0, publicKey: seed.publicKey }),
      secretKey: seed.secretKey,
    };
  }

  /**
   * A signed external of the v4r2 wallet sending 0.01 TON to the v3r2 wallet. createTransfer's
   * default valid-until is now + 60 s, so two calls in the same second sign the same message;
   * `validUntil` makes a replay a different message (not a resend the dedupe absorbs).
   */
  function transfer(seqno: number, validUntil?: number): Cell {
    const { contract, secretKey } = v4Wallet();
    const body = contract.createTransfer({
      seqno,
      secretKey,
      ...(validUntil === undefined ? {} : { timeout: validUntil }),
      sendMode: SendMode.PAY_GAS_SEPARATELY,
      messages: [
        internal({
          to: account(GenesisAccount.walletV3r2).address,
          value: toNano('0.01'),
          bounce: false,
        }),
      ],
    });
    return externalMessage(contract.address, body);
  }

  return { harness, account, runResultAt, chainRun, v4Wallet, transfer };
}
