/**
 * Tonco v3 (toncenter `swaps.py` ToncoSwapBlockMatcher, `liquidity.py` Tonco*): swaps (multi-hop through
 * the router sending to itself), liquidity deposits (one action per funded side, the completing one with
 * the minted position NFT), withdrawals (position burn) and pool deployment.
 */
import type { ActionRow } from '../action';
import { CallContractBlock, findCall } from '../core/basic-blocks';
import { Block, LabelBlock } from '../core/block';
import type { ClassifyContext } from '../core/context';
import {
  BlockMatcher,
  BlockTypeMatcher,
  ContractMatcher,
  OrMatcher,
  getLabeled,
  labeled,
} from '../core/matchers';
import { bodySlice } from '../tlb/cells';
import { JettonOp, parseJettonNotify } from '../tlb/jetton';
import {
  parsePTonTransfer,
  parseToncoAddLiquidity,
  parseToncoCreatePool,
  parseToncoFundAccountPayload,
  parseToncoPayTo,
  parseToncoPoolBurnIndex,
  parseToncoPoolInitActive,
  parseToncoPositionBurnOwner,
  parseToncoPositionInit,
  parseToncoStartBurn,
  parseToncoSwap,
  PTON_TRANSFER_OP,
  toncoSwapTargets,
  ToncoOp,
  type ToncoCreatePoolBody,
} from '../tlb/tonco';
import { assetAddress, jettonAsset, TON_ASSET, type Asset } from './asset';
import { JettonSwapBlock, type DexTransfer, type PeerSwap } from './jetton-swap';
import { JettonTransferBlock, PTON_MASTERS } from './jettons';
import { NftMintBlock } from './nft';

const EXCESS_OP = 0xd53276db;

/** The asset a jetton wallet holds, pTON counting as TON (null when the wallet is unknown). */
function walletAsset(ctx: ClassifyContext, wallet: string | null): Asset | null {
  const w = ctx.interfaces.jettonWallet(wallet);
  if (!w) {
    return null;
  }
  return PTON_MASTERS.has(w.jetton) ? TON_ASSET : jettonAsset(w.jetton);
}

function unwrapPton(asset: Asset | null): Asset {
  const j = asset?.jetton ?? null;
  return j !== null && PTON_MASTERS.has(j) ? TON_ASSET : jettonAsset(j);
}

function byMinLt(a: Block, b: Block): number {
  return a.minLt < b.minLt ? -1 : a.minLt > b.minLt ? 1 : 0;
}

/** The payout's larger amount and its wallet (toncenter sorts the two legs by amount, descending). */
function largestOut(p: {
  amount0: bigint | null;
  jetton0: string | null;
  amount1: bigint | null;
  jetton1: string | null;
}): [bigint, string] | null {
  const legs: [bigint, string][] = [];
  if (p.amount0 !== null && p.jetton0 !== null) {
    legs.push([p.amount0, p.jetton0]);
  }
  if (p.amount1 !== null && p.jetton1 !== null) {
    legs.push([p.amount1, p.jetton1]);
  }
  const [a, b] = legs;
  if (!a) {
    return null;
  }
  return b && b[0] > a[0] ? b : a;
}

function isOk(exitCode: number): boolean {
  return exitCode === 0 || exitCode === 200;
}

/** pool swap (after a jetton or pTON transfer to the router) → pay_to → next hop or final transfer. */
export class ToncoSwapBlockMatcher extends BlockMatcher {
  constructor() {
    const inTransfer = new OrMatcher([
      labeled('in_transfer', new BlockTypeMatcher('jetton_transfer')),
      new ContractMatcher(JettonOp.notify, {
        parent: labeled('in_transfer', new ContractMatcher(PTON_TRANSFER_OP)),
      }),
    ]);
    const peerSwap = labeled('peer_swap', new ContractMatcher(ToncoOp.poolSwap));
    const hopTrigger = labeled(
      'intermediate_hop_trigger',
      new ContractMatcher(JettonOp.notify, { child: peerSwap }),
    );
    const outOptions = new OrMatcher([
      labeled(
        'intermediate_transfer',
        new BlockTypeMatcher('jetton_transfer', {
          child: new ContractMatcher(PTON_TRANSFER_OP, { child: hopTrigger }),
        }),
      ),
      labeled(
        'intermediate_transfer',
        new BlockTypeMatcher('jetton_transfer', { child: peerSwap }),
      ),
      labeled(
        'out_transfer',
        new ContractMatcher(JettonOp.transfer, {
          optional: true,
          child: new ContractMatcher(PTON_TRANSFER_OP),
        }),
      ),
      labeled('out_transfer', new BlockTypeMatcher('jetton_transfer', { optional: true })),
    ]);
    const payout = labeled(
      'payout',
      new ContractMatcher(ToncoOp.routerPayTo, { child: outOptions }),
    );
    peerSwap.child = payout;
    super({ parent: inTransfer, child: payout });
  }

  override testSelf(block: Block): boolean {
    return block instanceof CallContractBlock && block.opcode === ToncoOp.poolSwap;
  }

  override buildBlock(block: Block, others: Block[], ctx: ClassifyContext): Block[] {
    const sorted = [...others].sort(byMinLt);
    let inTransfer: Block | null = null;
    const payouts: Block[] = [];
    const swaps: Block[] = [block];
    const outs: Block[] = [];
    const intermediates: Block[] = [];
    const triggers: Block[] = [];
    for (const b of sorted) {
      if (!(b instanceof LabelBlock)) {
        continue;
      }
      switch (b.label) {
        case 'in_transfer':
          inTransfer = b.block;
          break;
        case 'peer_swap':
          swaps.push(b.block);
          break;
        case 'payout':
          payouts.push(b.block);
          break;
        case 'out_transfer':
          outs.push(b.block);
          break;
        case 'intermediate_transfer':
          intermediates.push(b.block);
          break;
        case 'intermediate_hop_trigger':
          triggers.push(b.block);
          break;
      }
    }
    swaps.sort(byMinLt);
    payouts.sort(byMinLt);
    if (!inTransfer || swaps.length !== payouts.length) {
      return [];
    }
    let ok = true;
    const walletAssets = new Map<string, Asset>();
    const steps: ReturnType<typeof parseToncoPayTo>[] = [];
    for (const [i, swapBlock] of swaps.entries()) {
      const payoutBlock = payouts[i];
      try {
        if (!payoutBlock) {
          throw new Error('no payout');
        }
        const swap = parseToncoSwap(bodySlice(swapBlock.message.body));
        const pay = parseToncoPayTo(bodySlice(payoutBlock.message.body));
        if (!isOk(pay.exit_code)) {
          ok = false;
        }
        steps.push(pay);
        const src = swap.source_wallet;
        if (src !== null && !walletAssets.has(src)) {
          const a = walletAsset(ctx, src);
          if (a) {
            walletAssets.set(src, a);
          }
        }
      } catch {
        ok = false;
      }
    }
    let incoming: DexTransfer;
    let sender: string | null;
    let inPayload: ReturnType<typeof parsePTonTransfer>['forward_payload'] = null;
    if (inTransfer instanceof JettonTransferBlock) {
      const d = inTransfer.data;
      sender = d.sender;
      incoming = {
        asset: unwrapPton(d.asset),
        amount: d.amount,
        source: d.sender,
        source_jetton_wallet: d.sender_wallet,
        destination: d.receiver,
        destination_jetton_wallet: d.receiver_wallet,
      };
    } else {
      const msg = inTransfer.message;
      let amount = msg.value ?? 0n;
      if (inTransfer instanceof CallContractBlock && inTransfer.opcode === PTON_TRANSFER_OP) {
        const p = parsePTonTransfer(bodySlice(msg.body));
        amount = p.ton_amount;
        inPayload = p.forward_payload;
      }
      sender = msg.source;
      incoming = {
        asset: TON_ASSET,
        amount,
        source: msg.source,
        source_jetton_wallet: null,
        destination: block.message.source,
        destination_jetton_wallet: msg.destination,
      };
    }
    const out = outs[outs.length - 1];
    if (!(out instanceof JettonTransferBlock)) {
      return [];
    }
    const extra: Block[] = [];
    const outPton = findCall(out.next, PTON_TRANSFER_OP);
    if (outPton) {
      extra.push(outPton);
    }
    const outAsset = unwrapPton(out.data.asset);
    if (out.data.receiver_wallet !== null) {
      walletAssets.set(out.data.receiver_wallet, outAsset);
    }
    if (out.data.sender_wallet !== null) {
      walletAssets.set(out.data.sender_wallet, outAsset);
    }
    const outgoing: DexTransfer = {
      asset: outAsset,
      amount: out.data.amount,
      source: out.data.sender,
      source_jetton_wallet: out.data.sender_wallet,
      destination: out.data.receiver,
      destination_jetton_wallet: out.data.receiver_wallet,
    };
    for (const t of intermediates) {
      const p = findCall(t.next, PTON_TRANSFER_OP);
      if (t instanceof JettonTransferBlock && p) {
        extra.push(p);
      }
    }
    const peerSwaps: PeerSwap[] = [];
    const [first, ...rest] = steps;
    if (steps.length > 1 && first) {
      const leg = largestOut(first);
      const legAsset = leg ? walletAssets.get(leg[1]) : undefined;
      if (leg && legAsset && incoming.asset) {
        let prev = { amount: leg[0], asset: legAsset };
        peerSwaps.push({ in: { amount: incoming.amount ?? 0n, asset: incoming.asset }, out: prev });
        for (const next of rest) {
          if (!isOk(next.exit_code)) {
            continue;
          }
          const l = largestOut(next);
          if (!l) {
            continue;
          }
          const o = { amount: l[0], asset: walletAssets.get(l[1]) ?? TON_ASSET };
          peerSwaps.push({ in: { ...prev }, out: o });
          prev = o;
        }
      }
    }
    let destinationAsset: Asset | null = outAsset;
    let minOut: bigint | null = out.data.amount;
    if (!ok && steps.length > 0 && inPayload) {
      try {
        const targets = toncoSwapTargets(inPayload.beginParse());
        const last = targets[targets.length - 1];
        if (last && last[0] !== null) {
          const target = walletAssets.get(last[0]) ?? walletAsset(ctx, last[0]);
          if (target) {
            destinationAsset = target;
            minOut = last[1];
          }
        }
      } catch {
        // toncenter keeps the refund's asset when the request payload is unreadable
      }
    }
    const nb = new JettonSwapBlock({
      dex: 'tonco',
      source_asset: incoming.asset,
      destination_asset: destinationAsset,
      sender,
      dex_incoming_transfer: incoming,
      dex_outgoing_transfer: outgoing,
      peer_swaps: peerSwaps,
      min_out_amount: minOut,
    });
    const include = [block, ...others, ...extra];
    for (const b of [...swaps, ...payouts, ...outs, ...intermediates, ...triggers, inTransfer]) {
      if (!include.includes(b)) {
        include.push(b);
      }
    }
    nb.merge(include);
    nb.failed = !ok;
    return [nb];
  }
}

interface ToncoDepositData {
  sender: string | null;
  pool: string | null;
  account_contract: string | null;
  position_amount_1: bigint;
  position_amount_2: bigint;
  lp_tokens_minted: bigint | null;
  tick_lower: number;
  tick_upper: number;
  nft_index: bigint | null;
  nft_address: string | null;
  amount_1: bigint | null;
  asset_1: Asset | null;
  sender_wallet_1: string | null;
  amount_2: bigint | null;
  asset_2: Asset | null;
  sender_wallet_2: string | null;
  excesses: [Asset | null, bigint][];
}

/** `tonco_deposit_liquidity` (stored as dex_deposit_liquidity). */
export class ToncoDepositLiquidityBlock extends Block {
  constructor(public data: ToncoDepositData) {
    super('tonco_deposit_liquidity', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.type = 'dex_deposit_liquidity';
    action.source = d.sender;
    action.source_secondary = d.sender_wallet_1 ?? d.sender_wallet_2;
    action.destination = d.pool;
    action.destination_secondary = d.account_contract;
    const actual: [bigint, Asset | null][] = [];
    for (const [amt, asset] of [
      [d.amount_1, d.asset_1],
      [d.amount_2, d.asset_2],
    ] as const) {
      if (amt !== null) {
        actual.push([amt, asset]);
      }
    }
    const [a1, a2] = actual;
    action.dex_deposit_liquidity_data = {
      dex: 'tonco',
      amount1: a1 ? a1[0] : null,
      amount2: a2 ? a2[0] : null,
      asset1: assetAddress(a1?.[1]),
      asset2: assetAddress(a2?.[1]),
      user_jetton_wallet_1: d.sender_wallet_1,
      user_jetton_wallet_2: d.sender_wallet_2,
      lp_tokens_minted: d.lp_tokens_minted,
      tick_lower: d.tick_lower,
      tick_upper: d.tick_upper,
      nft_index: d.nft_index,
      nft_address: d.nft_address,
      target_amount_1: d.position_amount_1,
      target_amount_2: d.position_amount_2,
      target_asset_1: assetAddress(d.asset_1),
      target_asset_2: assetAddress(d.asset_2),
      vault_excesses: d.excesses.map(([asset, amount]) => ({
        asset: assetAddress(asset),
        amount,
      })),
    };
  }
}

/** (pTON or jetton) transfer → fund account (pool) → add liquidity (account) → mint and refund. */
export class ToncoDepositLiquidityMatcher extends BlockMatcher {
  constructor() {
    const tonInput = labeled(
      'ton_input',
      new ContractMatcher(JettonOp.notify, {
        parent: labeled('ton_input_addition', new ContractMatcher(PTON_TRANSFER_OP)),
      }),
    );
    const jettonInput = labeled('jetton_input', new BlockTypeMatcher('jetton_transfer'));
    const output = (): BlockTypeMatcher =>
      new BlockTypeMatcher('jetton_transfer', {
        child: new ContractMatcher(PTON_TRANSFER_OP, { optional: true }),
        optional: true,
      });
    const refund = labeled(
      'refund_router_call',
      new ContractMatcher(ToncoOp.routerPayTo, {
        optional: true,
        children: [labeled('excess_transfer_0', output()), labeled('excess_transfer_1', output())],
      }),
    );
    const mintAndRefund = new ContractMatcher(ToncoOp.poolMintAndRefund, {
      optional: true,
      children: [
        refund,
        labeled('nft_mint', new BlockTypeMatcher('nft_mint')),
        new ContractMatcher(EXCESS_OP, { optional: true }),
      ],
    });
    super({
      parent: new ContractMatcher(ToncoOp.poolFundAccount, {
        parent: new OrMatcher([tonInput, jettonInput]),
      }),
      child: mintAndRefund,
    });
  }

  override testSelf(block: Block): boolean {
    return block instanceof CallContractBlock && block.opcode === ToncoOp.accountAddLiquidity;
  }

  override buildBlock(block: Block, others: Block[], ctx: ClassifyContext): Block[] {
    const add = parseToncoAddLiquidity(bodySlice(block.message.body));
    const firstDeposited = add.new_amount0 > 0n;
    let lpTokens: bigint | null = null;
    let nftIndex: bigint | null = null;
    let nftAddress: string | null = null;
    const mint = getLabeled('nft_mint', others);
    if (mint) {
      const init = parseToncoPositionInit(bodySlice(mint.message.body));
      lpTokens = init.liquidity;
      nftIndex = init.nft_index;
      nftAddress = mint instanceof NftMintBlock ? mint.data.address : mint.message.destination;
    }
    const input = getLabeled('ton_input', others) ?? getLabeled('jetton_input', others);
    if (!input) {
      return [];
    }
    let notify: Block | null = null;
    if (input instanceof JettonTransferBlock) {
      notify = findCall(input.children, JettonOp.notify);
    } else if (input instanceof CallContractBlock && input.opcode === JettonOp.notify) {
      notify = input;
    }
    const extra: Block[] = [];
    const addition = getLabeled('ton_input_addition', others);
    if (addition) {
      extra.push(addition);
    }
    if (!notify) {
      return [];
    }
    const n = parseJettonNotify(bodySlice(notify.message.body));
    if (!n.payload || n.payload.remainingBits < 32) {
      return [];
    }
    if (n.payload.preloadUint(32) >>> 0 !== ToncoOp.poolFundAccount) {
      return [];
    }
    const other = parseToncoFundAccountPayload(n.payload).other_jetton_wallet;
    if (other === null) {
      return [];
    }
    const senderWallet = input instanceof JettonTransferBlock ? input.data.sender_wallet : null;
    const firstAsset = walletAsset(ctx, notify.message.source) ?? TON_ASSET;
    const secondAsset = walletAsset(ctx, other);
    const excesses: [Asset | null, bigint][] = [];
    for (const label of ['excess_transfer_0', 'excess_transfer_1']) {
      const t = getLabeled(label, others);
      if (!(t instanceof JettonTransferBlock)) {
        continue;
      }
      const p = findCall(t.next, PTON_TRANSFER_OP);
      if (p) {
        excesses.push([TON_ASSET, parsePTonTransfer(bodySlice(p.message.body)).ton_amount]);
      } else {
        excesses.push([t.data.asset, t.data.amount]);
      }
    }
    const nb = new ToncoDepositLiquidityBlock({
      sender: n.sender,
      pool: block.message.source,
      account_contract: block.message.destination,
      position_amount_1: add.new_enough0,
      position_amount_2: add.new_enough1,
      lp_tokens_minted: lpTokens,
      tick_lower: add.tick_lower,
      tick_upper: add.tick_upper,
      nft_index: nftIndex,
      nft_address: nftAddress,
      amount_1: firstDeposited ? n.amount : null,
      asset_1: firstDeposited ? firstAsset : secondAsset,
      sender_wallet_1: firstDeposited ? senderWallet : null,
      amount_2: firstDeposited ? null : n.amount,
      asset_2: firstDeposited ? secondAsset : firstAsset,
      sender_wallet_2: firstDeposited ? null : senderWallet,
      excesses,
    });
    nb.merge([block, ...others, ...extra]);
    return [nb];
  }
}

interface ToncoPayout {
  amount: bigint | null;
  asset: Asset | null;
  dex_wallet: string | null;
  dex_jetton_wallet: string | null;
  wallet: string | null;
}

interface ToncoWithdrawData {
  sender: string | null;
  pool: string | null;
  burned_nft_index: bigint;
  burned_nft_address: string | null;
  liquidity_burnt: bigint;
  tick_lower: number;
  tick_upper: number;
  payouts: ToncoPayout[];
}

/** `tonco_withdraw_liquidity` (stored as dex_withdraw_liquidity). */
export class ToncoWithdrawLiquidityBlock extends Block {
  constructor(public data: ToncoWithdrawData) {
    super('tonco_withdraw_liquidity', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    const [p1, p2] = d.payouts;
    action.type = 'dex_withdraw_liquidity';
    action.source = d.sender;
    action.source_secondary = null;
    action.destination = d.pool;
    action.asset = null;
    action.dex_withdraw_liquidity_data = {
      dex: 'tonco',
      amount1: p1?.amount ?? null,
      amount2: p2?.amount ?? null,
      asset1_out: assetAddress(p1?.asset),
      asset2_out: assetAddress(p2?.asset),
      user_jetton_wallet_1: p1?.wallet ?? null,
      user_jetton_wallet_2: p2?.wallet ?? null,
      dex_jetton_wallet_1: p1?.dex_jetton_wallet ?? null,
      dex_wallet_1: p1?.dex_wallet ?? null,
      dex_wallet_2: p2?.dex_wallet ?? null,
      dex_jetton_wallet_2: p2?.dex_jetton_wallet ?? null,
      lp_tokens_burnt: d.liquidity_burnt,
      burned_nft_index: d.burned_nft_index,
      burned_nft_address: d.burned_nft_address,
      tick_lower: d.tick_lower,
      tick_upper: d.tick_upper,
    };
  }
}

/** The router's wTTON (pTON) wallet: a payout leg from it is TON. */
const TONCO_ROUTER_WTTON_WALLET =
  '0:871DA9215B14902166F0EA2A16DB56278D528108377F8158C5F4CCFDFDD22E17';

/** start burn (pool) → position burn (NFT) → pool burn → pay_to (router) → two payouts. */
export class ToncoWithdrawLiquidityMatcher extends BlockMatcher {
  constructor() {
    const output = (): BlockTypeMatcher =>
      new BlockTypeMatcher('jetton_transfer', {
        child: new ContractMatcher(PTON_TRANSFER_OP, { optional: true }),
        optional: true,
      });
    super({
      child: new ContractMatcher(ToncoOp.positionBurn, {
        child: new ContractMatcher(ToncoOp.poolBurn, {
          child: new ContractMatcher(ToncoOp.routerPayTo, {
            children: [labeled('payout_1', output()), labeled('payout_2', output())],
          }),
        }),
      }),
    });
  }

  override testSelf(block: Block): boolean {
    return block instanceof CallContractBlock && block.opcode === ToncoOp.poolStartBurn;
  }

  override buildBlock(block: Block, others: Block[], ctx: ClassifyContext): Block[] {
    const start = parseToncoStartBurn(bodySlice(block.message.body));
    let burnedIndex = start.burned_index;
    const positionBurn = findCall(block.next, ToncoOp.positionBurn);
    if (!positionBurn) {
      return [];
    }
    const sender = parseToncoPositionBurnOwner(bodySlice(positionBurn.message.body));
    const poolBurn = findCall(positionBurn.next, ToncoOp.poolBurn);
    if (!poolBurn) {
      return [];
    }
    try {
      const idx = parseToncoPoolBurnIndex(bodySlice(poolBurn.message.body));
      if (idx !== 0n) {
        burnedIndex = idx;
      }
    } catch {
      // keep the start-burn index
    }
    const payTo = findCall(poolBurn.next, ToncoOp.routerPayTo);
    if (!payTo) {
      return [];
    }
    const pay = parseToncoPayTo(bodySlice(payTo.message.body));
    const legs = [
      { amount: pay.amount0 ?? 0n, wallet: pay.jetton0, receiver: pay.receiver0 },
      { amount: pay.amount1 ?? 0n, wallet: pay.jetton1, receiver: pay.receiver1 },
    ].map((l) => (l.wallet === TONCO_ROUTER_WTTON_WALLET ? { ...l, wallet: null } : l));
    const extra: Block[] = [];
    let processed: ToncoPayout[] = [];
    const transfers = [getLabeled('payout_1', others), getLabeled('payout_2', others)];
    for (let i = 0; i < transfers.length; i++) {
      const t = transfers[i];
      const leg = legs[i];
      if (t instanceof JettonTransferBlock) {
        const p = findCall(t.next, PTON_TRANSFER_OP);
        let amount: bigint = t.data.amount;
        let asset: Asset | null = t.data.asset;
        if (p) {
          amount = parsePTonTransfer(bodySlice(p.message.body)).ton_amount;
          asset = TON_ASSET;
          extra.push(p);
        }
        processed.push({
          amount,
          asset,
          dex_wallet: t.data.sender,
          dex_jetton_wallet: t.data.sender_wallet,
          wallet: t.data.receiver_wallet,
        });
      } else if (leg) {
        processed.push({
          amount: leg.amount,
          asset: leg.wallet === null ? null : walletAsset(ctx, leg.wallet),
          dex_wallet: payTo.message.source,
          dex_jetton_wallet: leg.wallet,
          wallet: leg.receiver,
        });
      } else {
        return [];
      }
    }
    if ((processed[0]?.dex_jetton_wallet ?? null) !== (legs[0]?.wallet ?? null)) {
      processed = processed.reverse();
    }
    const nb = new ToncoWithdrawLiquidityBlock({
      sender,
      pool: block.message.destination,
      burned_nft_index: burnedIndex,
      burned_nft_address: positionBurn.message.destination,
      liquidity_burnt: start.liquidity_to_burn,
      tick_lower: start.tick_lower,
      tick_upper: start.tick_upper,
      payouts: processed,
    });
    const include = [...new Set([block, ...others, ...extra, positionBurn, poolBurn, payTo])];
    nb.merge(include);
    nb.failed = pay.exit_code !== 0 && pay.exit_code !== 201;
    return [nb];
  }
}

interface ToncoDeployPoolData extends ToncoCreatePoolBody {
  deployer: string | null;
  router: string | null;
  pool: string | null;
  pool_active: boolean;
}

export class ToncoDeployPoolBlock extends Block {
  constructor(public data: ToncoDeployPoolData) {
    super('tonco_deploy_pool', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.success = true;
    action.source = d.deployer;
    action.destination = d.router;
    action.destination_secondary = d.pool;
    action.tonco_deploy_pool_data = {
      jetton0_router_wallet: d.jetton_wallet0,
      jetton1_router_wallet: d.jetton_wallet1,
      jetton0_minter: d.jetton0_minter,
      jetton1_minter: d.jetton1_minter,
      tick_spacing: d.tick_spacing,
      initial_price_x96: d.initial_price_x96,
      protocol_fee: d.protocol_fee,
      lp_fee_base: d.lp_fee_base,
      lp_fee_current: d.lp_fee_current,
      pool_active: d.pool_active,
    };
  }
}

/** create pool (router) → pool init → optional excess. */
export class ToncoDeployPoolBlockMatcher extends BlockMatcher {
  constructor() {
    super({
      child: labeled(
        'init_pool',
        new ContractMatcher(ToncoOp.poolInit, {
          child: labeled('excesses', new ContractMatcher(EXCESS_OP, { optional: true })),
        }),
      ),
    });
  }

  override testSelf(block: Block): boolean {
    return block instanceof CallContractBlock && block.opcode === ToncoOp.routerCreatePool;
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    let create: ToncoCreatePoolBody;
    try {
      create = parseToncoCreatePool(bodySlice(block.message.body));
    } catch {
      return [];
    }
    const init = getLabeled('init_pool', others, CallContractBlock);
    if (!init) {
      return [];
    }
    let active: boolean;
    try {
      active = parseToncoPoolInitActive(bodySlice(init.message.body));
    } catch {
      return [];
    }
    const nb = new ToncoDeployPoolBlock({
      ...create,
      deployer: block.message.source,
      router: block.message.destination,
      pool: init.message.destination,
      pool_active: active,
    });
    const excess = getLabeled('excesses', others, CallContractBlock);
    nb.merge(excess ? [block, init, excess] : [block, init]);
    return [nb];
  }
}
