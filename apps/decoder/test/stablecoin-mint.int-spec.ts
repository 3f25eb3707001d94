/**
 * TON's stablecoin jetton (the real minter and wallet code) on a local network: a mint whose
 * internal_transfer carries a forward amount (the new wallet notifies its owner), a mint without one,
 * a holder's transfer, the admin's burn of a holder's jettons through the minter's call_to and a
 * mint from someone not the admin (refused), ingested and decoded into PostgreSQL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Address, internal, toNano } from '@ton/core';
import { JETTON } from '@app/ton';
import {
  type DecodedGenesis,
  decodedGenesis,
} from '../../../test/integration/support/decoded-genesis';
import { type SignedWallet } from '../../../test/integration/support/signed-wallet';
import {
  callToBody,
  internalTransferBody,
  jettonBurnBody,
  jettonTransferBody,
  mintBody,
} from '../../../test/integration/support/stablecoin-contracts';
import { StablecoinIssuer } from '../../../test/integration/support/stablecoin-issuer';
import {
  type ActionSql,
  actionRow as row,
  byKey,
  storedActions,
  traceWith,
} from '../../../test/integration/support/trace-actions';

/** A mint: the jettons, the TON the minter sends the new wallet, the wallet's forward to the owner. */
interface Mint {
  readonly queryId: bigint;
  readonly amount: bigint;
  readonly tonAmount: bigint;
  readonly forwardTonAmount: bigint;
}

const NOTIFYING_MINT: Mint = {
  queryId: 11n,
  amount: 5_000_000n,
  tonAmount: toNano('0.2'),
  forwardTonAmount: toNano('0.05'),
};
const QUIET_MINT: Mint = {
  queryId: 12n,
  amount: 3_000_000n,
  tonAmount: toNano('0.1'),
  forwardTonAmount: 0n,
};
/** What the admin sends with a mint beyond its ton_amount: the minter's gas and forward fees. */
const MINT_GAS = toNano('0.1');
const TRANSFER = { queryId: 13n, amount: 1_250_000n, forwardTonAmount: toNano('0.01') };
const TRANSFER_VALUE = toNano('0.1');
const BURN = { queryId: 14n, amount: 500_000n, tonAmount: toNano('0.05') };
const CALL_TO_VALUE = toNano('0.1');
/** A mint for carol sent by bob, not the admin: the minter refuses it (error::not_owner) and bounces. */
const REFUSED_MINT: Mint = {
  queryId: 15n,
  amount: 7_000_000n,
  tonAmount: toNano('0.1'),
  forwardTonAmount: 0n,
};

void describe('decoder: the stablecoin jetton (real minter and wallet code, real localnet)', () => {
  let g: DecodedGenesis;
  let actions: ActionSql[];
  let issuer: StablecoinIssuer;
  let alice: SignedWallet;
  let bob: SignedWallet;
  let carol: SignedWallet;

  before(async () => {
    g = await decodedGenesis('decoder_stablecoin', {
      beforeIngest: async (_ds, localnet) => {
        issuer = await StablecoinIssuer.open(localnet.chain, ['alice', 'bob', 'carol']);
        [alice, bob, carol] = issuer.holders as [SignedWallet, SignedWallet, SignedWallet];
        const mintOf = (to: Address, m: Mint) =>
          mintBody({
            queryId: m.queryId,
            to,
            tonAmount: m.tonAmount,
            masterMsg: internalTransferBody({
              queryId: m.queryId,
              amount: m.amount,
              from: null,
              responseAddress: issuer.admin.address,
              forwardTonAmount: m.forwardTonAmount,
            }),
          });
        const mint = (to: Address, m: Mint) =>
          issuer.adminToMinter(mintOf(to, m), m.tonAmount + MINT_GAS);
        await mint(alice.address, NOTIFYING_MINT);
        await mint(bob.address, QUIET_MINT);
        await alice.send([
          internal({
            to: issuer.walletOf(alice.address).address,
            value: TRANSFER_VALUE,
            body: jettonTransferBody({
              ...TRANSFER,
              destination: bob.address,
              responseDestination: alice.address,
            }),
          }),
        ]);
        await localnet.chain.settle();
        await issuer.adminToMinter(
          callToBody({
            queryId: BURN.queryId,
            to: bob.address,
            tonAmount: BURN.tonAmount,
            masterMsg: jettonBurnBody({ ...BURN, responseDestination: issuer.admin.address }),
          }),
          CALL_TO_VALUE,
        );
        await bob.send([
          internal({
            to: issuer.minter.address,
            value: REFUSED_MINT.tonAmount + MINT_GAS,
            body: mintOf(carol.address, REFUSED_MINT),
          }),
        ]);
        await localnet.chain.settle();
      },
    });
    actions = await storedActions(g.ds);
  });

  after(async () => {
    await g.close();
  });

  const raw = (a: Address): string => a.toRawString().toUpperCase();
  const jettonOf = () => ({ asset: raw(issuer.minter.address) });

  /** The actions of the trace that has an action of `type` from or to `party`, in a fixed order. */
  function traceOf(type: string, party: Address) {
    const trace = traceWith(
      actions,
      type,
      (a) => a.destination === raw(party) || a.source === raw(party),
    );
    assert.ok(trace, `one ${type} of ${raw(party)}`);
    return trace.rows;
  }

  /**
   * A mint to `owner`'s new wallet: one jetton_mint (receiver and wallet from the wallet, amount from
   * the internal_transfer, value the mint's ton_amount; the notification and the excesses are in it)
   * and the wallet's deployment by the minter with ton_amount.
   */
  function expectedMint(owner: SignedWallet, m: Mint) {
    const wallet = raw(issuer.walletOf(owner.address).address);
    return byKey([
      row({
        type: 'jetton_mint',
        destination: owner.raw,
        destination_secondary: wallet,
        ...jettonOf(),
        amount: m.amount.toString(),
        value: m.tonAmount.toString(),
      }),
      row({
        type: 'contract_deploy',
        source: raw(issuer.minter.address),
        destination: wallet,
        value: m.tonAmount.toString(),
      }),
    ]);
  }

  void it('a mint with a forward amount, the new wallet notifying its owner: jetton_mint', async () => {
    assert.deepEqual(traceOf('jetton_mint', alice.address), expectedMint(alice, NOTIFYING_MINT));
    // the notification did happen, with the forward amount, in the mint's trace
    const [notified] = await g.ds.query<{ value: string }[]>(
      `SELECT m.value::text AS value FROM messages m
       WHERE m.destination = $1 AND m.opcode = $2 AND m.direction = 'in'`,
      [alice.raw, JETTON.notify.opcode],
    );
    assert.equal(notified?.value, NOTIFYING_MINT.forwardTonAmount.toString());
  });

  void it('a mint without a forward amount (no notification): jetton_mint', () => {
    assert.deepEqual(traceOf('jetton_mint', bob.address), expectedMint(bob, QUIET_MINT));
  });

  void it("each mint covers its whole trace: the admin's send, the minter, the new wallet, the notified owner and the admin's excesses", async () => {
    const covered = await g.ds.query<{ destination: string; accounts: string[] }[]>(
      `SELECT a.destination, array_agg(t.account ORDER BY t.lt) AS accounts
       FROM actions a JOIN transactions t ON t.hash = ANY (a.tx_hashes)
       WHERE a.type = 'jetton_mint' AND a.asset = $1 AND a.success
       GROUP BY a.destination, a.start_lt ORDER BY a.start_lt`,
      [raw(issuer.minter.address)],
    );
    const admin = issuer.admin.raw;
    const minter = raw(issuer.minter.address);
    const walletOf = (w: SignedWallet) => raw(issuer.walletOf(w.address).address);
    assert.deepEqual(covered, [
      // the notification (to alice) and the excesses (to the admin) follow the wallet's transaction
      { destination: alice.raw, accounts: [admin, minter, walletOf(alice), alice.raw, admin] },
      { destination: bob.raw, accounts: [admin, minter, walletOf(bob), admin] },
    ]);
  });

  void it('a holder sends jettons to another holder: jetton_transfer with its transfer data', () => {
    assert.deepEqual(traceOf('jetton_transfer', alice.address), [
      row({
        type: 'jetton_transfer',
        source: alice.raw,
        source_secondary: raw(issuer.walletOf(alice.address).address),
        destination: bob.raw,
        destination_secondary: raw(issuer.walletOf(bob.address).address),
        ...jettonOf(),
        amount: TRANSFER.amount.toString(),
        details: {
          jetton_transfer_data: {
            query_id: TRANSFER.queryId.toString(),
            response_destination: alice.raw,
            forward_amount: TRANSFER.forwardTonAmount.toString(),
            custom_payload: null,
            forward_payload: null,
            comment: null,
            is_encrypted_comment: false,
          },
        },
      }),
    ]);
  });

  void it("the admin burns a holder's jettons through call_to: the call, and jetton_burn of the holder", () => {
    assert.deepEqual(
      traceOf('jetton_burn', bob.address),
      byKey([
        row({
          type: 'call_contract',
          source: issuer.admin.raw,
          destination: raw(issuer.minter.address),
          value: CALL_TO_VALUE.toString(),
        }),
        row({
          type: 'jetton_burn',
          source: bob.raw,
          source_secondary: raw(issuer.walletOf(bob.address).address),
          ...jettonOf(),
          amount: BURN.amount.toString(),
        }),
      ]),
    );
  });

  void it('a mint from someone not the admin, refused and bounced: a failed jetton_mint read from the mint body, and the bounce a call apart', async () => {
    const minter = raw(issuer.minter.address);
    // the bounce the minter sent bob back, as the chain recorded it
    const bounces = await g.ds.query<{ value: string }[]>(
      `SELECT value::text AS value FROM messages
       WHERE source = $1 AND destination = $2 AND direction = 'in' AND bounced`,
      [minter, bob.raw],
    );
    assert.equal(bounces.length, 1);
    assert.deepEqual(
      traceOf('jetton_mint', carol.address),
      byKey([
        // no internal_transfer: toncenter takes receiver and ton_amount from the mint#642b7d07
        // body, whose jetton amount it does not read (only mint#00000015's master_msg amount)
        row({
          type: 'jetton_mint',
          destination: carol.raw,
          ...jettonOf(),
          value: REFUSED_MINT.tonAmount.toString(),
          success: false,
        }),
        // the matcher appends the bounce to what it returns, which a top-level match drops
        // (basic_matchers.py BlockMatcher.try_build): the bounce stays a call of its own
        row({
          type: 'call_contract',
          source: minter,
          destination: bob.raw,
          value: bounces[0]?.value ?? null,
        }),
      ]),
    );
  });

  void it("the holders' wallets hold what was minted, sent and burnt", async () => {
    const wallets = await g.ds.query<{ address: string; balance: string; owner: string }[]>(
      `SELECT address, balance::text AS balance, owner FROM jetton_wallets WHERE jetton = $1
       ORDER BY owner`,
      [raw(issuer.minter.address)],
    );
    const expected = [
      {
        address: raw(issuer.walletOf(alice.address).address),
        balance: (NOTIFYING_MINT.amount - TRANSFER.amount).toString(),
        owner: alice.raw,
      },
      {
        address: raw(issuer.walletOf(bob.address).address),
        balance: (QUIET_MINT.amount + TRANSFER.amount - BURN.amount).toString(),
        owner: bob.raw,
      },
    ].sort((a, b) => (a.owner < b.owner ? -1 : 1));
    assert.deepEqual(wallets, expected);
  });
});
