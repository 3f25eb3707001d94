import assert from 'node:assert/strict';
import { Address, type Cell } from '@ton/core';
import { type SeedAccount } from '@app/localnet';
import { type V2Harness } from '../support/v2-harness';
import { EXTRA, expectedActiveAccount, withoutExtra } from '../support/v2-expectations';

export const ZERO_HASH = Buffer.alloc(32).toString('base64');

export function friendly(address: Address): string {
  return address.toString({ bounceable: true, urlSafe: true });
}

/** toncenter 2.1 echoes a raw input address as `wc:HEX` in upper case (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export function rawUpper(address: Address): string {
  return `${address.workChain.toString()}:${address.hash.toString('hex').toUpperCase()}`;
}

export function boc(cell: Cell): string {
  return cell.toBoc({ idx: false, crc32: true }).toString('base64');
}

export function field(value: unknown, key: string): unknown {
  assert.ok(typeof value === 'object' && value !== null, `an object holding ${key}`);
  return Object.fromEntries(Object.entries(value))[key];
}

/** The accounts spec's harness and the chain's own records, the expected values' source. */
export function accountContext(harness: () => V2Harness) {
  const nobody = new Address(0, Buffer.alloc(32, 0xcd));

  function account(name: string): SeedAccount {
    const found = harness().localnet.accounts.find((a) => a.name === name);
    assert.ok(found, name);
    return found;
  }

  /** The emulator's code cell of an active account. */
  async function codeOf(address: Address): Promise<Cell> {
    const contract = await harness().localnet.chain.blockchain.getContract(address);
    const state = contract.accountState;
    assert.ok(state?.type === 'active' && state.state.code);
    return state.state.code;
  }

  /** The wallet-information fields every answer shares, from getAddressInformation's oracle. */
  async function walletBase(address: Address): Promise<Record<string, unknown>> {
    const info = await expectedActiveAccount(harness().localnet, address);
    return {
      '@type': 'ext.accounts.walletInformation',
      balance: info.balance,
      account_state: 'active',
      last_transaction_id: info.last_transaction_id,
    };
  }

  /** GET, POST and JSON-RPC all answer `expected` for `params`. */
  async function expectEverywhere(
    method: string,
    params: Record<string, string>,
    expected: unknown,
  ): Promise<void> {
    const get = await harness().get(method, params);
    assert.equal(get.status, 200, `${method} GET`);
    assert.match(String(get.body['@extra']), EXTRA);
    assert.deepEqual(withoutExtra(get.body), { ok: true, result: expected }, `${method} GET`);
    const post = await harness().post(method, params);
    assert.equal(post.status, 200, `${method} POST`);
    assert.deepEqual(withoutExtra(post.body), { ok: true, result: expected }, `${method} POST`);
    const rpc = await harness().jsonRpc(method, params, 7);
    assert.equal(rpc.status, 200, `${method} JSON-RPC`);
    assert.deepEqual(
      withoutExtra(rpc.body),
      { ok: true, result: expected, jsonrpc: '2.0', id: 7 },
      `${method} JSON-RPC`,
    );
  }

  return { harness, nobody, account, codeOf, walletBase, expectEverywhere };
}
