/**
 * The classifier's actions for the genesis seed's DNS, multisig and vesting traffic, decoded from a real
 * localnet into PostgreSQL: the `actions` rows must carry the seed's own values (GENESIS).
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { GENESIS, GenesisAccount } from '../../../apps/localnet/src/seeds/genesis.seed';
import { type DecodedGenesis, decodedGenesis } from './decoded-genesis';

interface ActionSql {
  trace_id: string;
  type: string;
  source: string | null;
  destination: string | null;
  destination_secondary: string | null;
  value: string | null;
  amount: string | null;
  success: boolean;
  details: Partial<Record<string, Record<string, unknown>>>;
}

void describe('decoder: actions of the genesis seed (real localnet, real PostgreSQL)', () => {
  let g: DecodedGenesis;
  let actions: ActionSql[];
  let v3: string;
  let v4: string;
  let v5: string;

  before(async () => {
    g = await decodedGenesis('decoder_actions');
    v3 = g.address(GenesisAccount.walletV3r2);
    v4 = g.address(GenesisAccount.walletV4r2);
    v5 = g.address(GenesisAccount.walletV5r1);
    actions = await g.ds.query(
      `SELECT trace_id, type, source, destination, destination_secondary, value::text,
              amount::text, success, details
       FROM actions ORDER BY start_lt`,
    );
  });

  after(async () => {
    await g.close();
  });

  const ofType = (type: string): ActionSql[] => actions.filter((a) => a.type === type);

  const one = (type: string, pred: (a: ActionSql) => boolean = () => true): ActionSql => {
    const found = ofType(type).filter(pred);
    assert.equal(found.length, 1, `one ${type}: ${JSON.stringify(found)}`);
    return found[0]!;
  };

  void it('change_dns: v5r1 sets the "wallet" record of its DNS item to itself (DNSSmcAddress)', () => {
    const a = one('change_dns');
    assert.equal(a.source, v5);
    assert.equal(a.destination, g.address(GenesisAccount.dnsItem));
    assert.equal(a.success, true);
    assert.deepEqual(a.details.change_dns_record_data, {
      key: createHash('sha256').update('wallet').digest('hex'),
      value_schema: 'DNSSmcAddress',
      value: v5,
      flags: 0,
      address: null,
    });
  });

  void it('vesting: the whitelist of v5r1 by the vesting sender, and the payout to v5r1', () => {
    const vesting = g.address(GenesisAccount.vestingWallet);
    const w = one('vesting_add_whitelist');
    assert.equal(w.source, v3);
    assert.equal(w.destination, vesting);
    assert.deepEqual(w.details.vesting_add_whitelist_data, {
      query_id: '40',
      accounts_added: [v5],
    });
    const p = one('ton_transfer', (a) => a.source === vesting);
    assert.equal(p.destination, v5);
    assert.equal(p.value, GENESIS.vesting.payout.toString());
    assert.deepEqual(p.details.ton_transfer_data, {
      content: GENESIS.vesting.payoutComment,
      encrypted: false,
    });
  });

  void it('multisig: order 0 pays v4r2 once executed', () => {
    const multisig = g.address(GenesisAccount.multisig);
    const p = one('ton_transfer', (a) => a.source === multisig);
    assert.equal(p.destination, v4);
    assert.equal(p.value, GENESIS.multisig.payout.toString());
    assert.deepEqual(p.details.ton_transfer_data, {
      content: GENESIS.multisig.payoutComment,
      encrypted: false,
    });
  });

  void it('multisig: create_order by v3r2; the approval that reaches the threshold executes the order', () => {
    const multisig = g.address(GenesisAccount.multisig);
    const order = g.address(GenesisAccount.multisigOrder0);
    const c = one('multisig_create_order');
    assert.equal(c.source, v3);
    assert.equal(c.destination, multisig);
    assert.equal(c.destination_secondary, order);
    const cd = c.details.multisig_create_order_data;
    assert.ok(cd);
    assert.equal(cd.query_id, '50');
    assert.equal(cd.order_seqno, '0');
    assert.equal(cd.is_created_by_signer, true);
    assert.equal(cd.creator_index, 0);
    // toncenter's approve matcher needs the order's approve_accepted/approve_rejected answer; the
    // approval that reaches the threshold makes the order execute at once instead of answering, so
    // that approval is part of the execute and no multisig_approve is emitted for it.
    assert.deepEqual(ofType('multisig_approve'), []);
    const ex = one('multisig_execute');
    assert.equal(ex.source, order);
    assert.equal(ex.destination, multisig);
    assert.equal(ex.details.multisig_execute_data?.approvals_num, GENESIS.multisig.threshold);
  });
});
