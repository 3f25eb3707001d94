import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readFixtureJson } from '@app/testing';
import { Cell, Dictionary } from '@ton/core';
import { z } from 'zod';
import { isSuspendedAccount, SUSPENDED_ACCOUNTS, SUSPENDED_UNTIL } from './suspended-accounts';

/** An early-miner account of the list, as toncenter's clients write it (uppercase hex). */
const LISTED = '0:B81B6A61E804BF983FFE708BF8688626D73E63020096FD34C312BEF6CA05CE3F';

/** block.tlb `suspended_address_list#00 addresses:(HashmapE 288 Unit) suspended_until:uint32` of the fixture block's config. */
function mainnetParam44(): { addresses: Set<string>; until: number } {
  const replay = z
    .object({ config: z.object({ config_root_boc_base64: z.string() }) })
    .parse(readFixtureJson('mainnet', 'replay', 'tvm_replay_fat_block_66519406.json'));
  const [root] = Cell.fromBoc(Buffer.from(replay.config.config_root_boc_base64, 'base64'));
  assert.ok(root);
  const config = Dictionary.loadDirect(Dictionary.Keys.Int(32), Dictionary.Values.Cell(), root);
  const param = config.get(44);
  assert.ok(param, 'the mainnet config has param 44');
  const slice = param.beginParse();
  assert.equal(slice.loadUint(8), 0);
  const unit = { serialize: () => undefined, parse: () => true };
  const keys = slice.loadDict(Dictionary.Keys.BigUint(288), unit).keys();
  const addresses = new Set(
    keys.map((key) => {
      const hex = key.toString(16).padStart(72, '0');
      return `${String(Number.parseInt(hex.slice(0, 8), 16) | 0)}:${hex.slice(8)}`;
    }),
  );
  return { addresses, until: slice.loadUint(32) };
}

describe('suspended accounts (toncenter 2.1 getAddressInformation `suspended`)', () => {
  it('flags a listed account in any case of hex before the suspension ends', () => {
    assert.equal(isSuspendedAccount(LISTED, SUSPENDED_UNTIL - 1), true);
    assert.equal(isSuspendedAccount(LISTED.toLowerCase(), 1_700_000_000), true);
  });

  it('stops flagging it once the state is as of the end of the suspension or later', () => {
    assert.equal(isSuspendedAccount(LISTED, SUSPENDED_UNTIL), false);
    assert.equal(isSuspendedAccount(LISTED, SUSPENDED_UNTIL + 1), false);
  });

  it('never flags an account outside the list', () => {
    const other = '0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8';
    assert.equal(isSuspendedAccount(other, 1_700_000_000), false);
    assert.equal(isSuspendedAccount(`-1:${'3'.repeat(64)}`, 1_700_000_000), false);
  });

  it('lists only accounts mainnet config param 44 suspends, until the same time', () => {
    const onChain = mainnetParam44();
    assert.equal(onChain.until, SUSPENDED_UNTIL);
    assert.equal(SUSPENDED_ACCOUNTS.size, 171);
    for (const account of SUSPENDED_ACCOUNTS) {
      assert.ok(onChain.addresses.has(account), `${account} is in config param 44`);
    }
  });
});
