/**
 * tgBTC log-only fallbacks (toncenter `blocks/tgbtc.py` TgBTCMintLogOnlyMatcher,
 * TgBTCNewKeyLogOnlyMatcher): the log's address goes through AccountId (messages/tgbtc.py
 * TgBTCMintEvent, TgBTCNewKeyEvent), which raises on pytoniq's ExternalAddress, so a log naming an
 * addr_extern builds no action while one naming an account does.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Address, beginCell, ExternalAddress, type Cell } from '@ton/core';
import { classifyTrace } from '../core/pipeline';
import { defaultRegistry } from '../registry';
import { syntheticTrace, testAddress, walletSends } from '../testing/synthetic-trace';

const RELAYER = testAddress(0, 'a');
const TELEPORT = testAddress(0, 'b');
const USER = testAddress(0, 'c');
const EXTERNAL = new ExternalAddress(0xabcdn, 16);
const TXID = 0x0102n;
const PUBKEY = 0xfeedn;

// mint#77a80ef3 amount:Coins recipient_address:MsgAddress bitcoin_txid:uint256
const mintLog = (recipient: Address | ExternalAddress): Cell =>
  beginCell()
    .storeUint(0x77a80ef3, 32)
    .storeCoins(9850n)
    .storeAddress(recipient)
    .storeUint(TXID, 256)
    .endCell();

// new_key#27756729 amount:Coins new_internal_pubkey:uint256 pegout_address:MsgAddress
const newKeyLog = (pegout: Address | ExternalAddress): Cell =>
  beginCell()
    .storeUint(0x27756729, 32)
    .storeCoins(425n)
    .storeUint(PUBKEY, 256)
    .storeAddress(pegout)
    .endCell();

/** The teleport, called by the relayer, emits `log` and nothing else. */
function classifyLog(log: Cell) {
  const t = syntheticTrace(
    walletSends(RELAYER, {
      to: TELEPORT,
      body: beginCell().storeUint(0x12345678, 32).endCell(),
      logs: [log],
    }),
  );
  const { actions, error } = classifyTrace(t, defaultRegistry);
  assert.equal(error, undefined);
  return actions;
}

void describe('tgBTC log-only fallbacks', () => {
  void it('a mint log naming an account is a tgbtc_mint_fallback', () => {
    const found = classifyLog(mintLog(Address.parse(USER))).filter(
      (a) => a.type === 'tgbtc_mint_fallback',
    );
    assert.equal(found.length, 1);
    const a = found[0]!;
    assert.equal(a.source, TELEPORT);
    assert.equal(a.source_secondary, TELEPORT);
    assert.equal(a.destination, USER);
    assert.equal(a.amount, 9850n);
    // the txid's 32 bytes, little-endian, as hex
    assert.equal(a.asset_secondary, `0201${'00'.repeat(30)}`);
  });

  void it('a mint log naming an addr_extern builds no mint', () => {
    const actions = classifyLog(mintLog(EXTERNAL));
    assert.deepEqual(
      actions.filter((a) => a.type.startsWith('tgbtc_')).map((a) => a.type),
      [],
    );
  });

  void it('a new-key log naming an account is a tgbtc_new_key_fallback', () => {
    const found = classifyLog(newKeyLog(Address.parse(USER))).filter(
      (a) => a.type === 'tgbtc_new_key_fallback',
    );
    assert.equal(found.length, 1);
    const a = found[0]!;
    assert.equal(a.destination, TELEPORT);
    assert.equal(a.destination_secondary, USER);
    assert.equal(a.source_secondary, 'feed');
    assert.equal(a.amount, 425n);
  });

  void it('a new-key log naming an addr_extern builds no new key', () => {
    const actions = classifyLog(newKeyLog(EXTERNAL));
    assert.deepEqual(
      actions.filter((a) => a.type.startsWith('tgbtc_')).map((a) => a.type),
      [],
    );
  });
});
