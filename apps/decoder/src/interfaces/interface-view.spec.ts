import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type JettonWalletRow, type StoredInterfaceRows } from '@app/database';
import { type DetectedBlock } from './interface-detector';
import { InterfaceView } from './interface-view';

const W = '0:' + 'A'.repeat(64);
const OWNER = '0:' + 'B'.repeat(64);
const MASTER = '0:' + 'C'.repeat(64);

function detected(wallets: JettonWalletRow[]): DetectedBlock {
  return {
    newCodes: new Map(),
    wallets,
    masters: [],
    items: [],
    collections: [],
    dnsEntries: [],
    multisigs: [],
    multisigOrders: [],
    vestings: [],
    sales: [],
  };
}

const wallet = (balance: bigint, lastLt: bigint): JettonWalletRow => ({
  address: W,
  balance,
  owner: OWNER,
  jetton: MASTER,
  lastLt,
  codeHash: null,
  dataHash: null,
});

const stored = (balance: string, lt: string): StoredInterfaceRows => ({
  jettonWallets: [{ address: W, balance, owner: OWNER, jetton: MASTER, last_transaction_lt: lt }],
  nftItems: [],
  multisigOrders: [],
});

void describe('InterfaceView', () => {
  void it('overlays what blocks in flight detected on the stored rows, the newer row winning', () => {
    const sut = new InterfaceView();
    sut.add(5, detected([wallet(70n, 500n)]));
    // The table still has the row of an earlier block: the block in flight's row is newer.
    assert.deepEqual(sut.overlay([W], stored('100', '400')).jettonWallets, [
      { address: W, balance: '70', owner: OWNER, jetton: MASTER, last_transaction_lt: '500' },
    ]);
    // A stored row as new or newer stays (the tables' upsert replaces only older rows).
    assert.deepEqual(sut.overlay([W], stored('60', '500')).jettonWallets, [
      { address: W, balance: '60', owner: OWNER, jetton: MASTER, last_transaction_lt: '500' },
    ]);
    // Only the accounts asked for; none stored: the detected row alone.
    assert.deepEqual(sut.overlay([], stored('100', '400')).jettonWallets[0]?.balance, '100');
    assert.deepEqual(
      sut.overlay([W], { jettonWallets: [], nftItems: [], multisigOrders: [] }).jettonWallets[0]
        ?.balance,
      '70',
    );
  });

  void it('keeps the newest detection of an account and forgets it once its block is committed', () => {
    const sut = new InterfaceView();
    sut.add(5, detected([wallet(70n, 500n)]));
    sut.add(6, detected([wallet(40n, 600n)]));
    assert.equal(sut.overlay([W], stored('100', '400')).jettonWallets[0]?.balance, '40');
    sut.prune(5);
    assert.equal(sut.overlay([W], stored('100', '400')).jettonWallets[0]?.balance, '40');
    sut.prune(6);
    assert.equal(sut.overlay([W], stored('100', '400')).jettonWallets[0]?.balance, '100');
  });
});
