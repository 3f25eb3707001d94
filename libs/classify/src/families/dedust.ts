/**
 * DeDust (toncenter `liquidity.py` Dedust* and `swaps.py` DedustSwapBlockMatcher): liquidity deposits
 * (the final deposit that reaches the pool, the first-asset "partial" deposit, and the post-processor
 * merging both when one trace holds them), withdrawals (LP burn → two payouts) and swaps.
 */
import type { ActionData, ActionRow } from '../action';
import { CallContractBlock, findCall, findCalls } from '../core/basic-blocks';
import { Block } from '../core/block';
import type { ClassifyContext } from '../core/context';
import {
  BlockMatcher,
  BlockTypeMatcher,
  ContractMatcher,
  OrMatcher,
  RecursiveMatcher,
  childSequence,
  getAllLabeled,
  getLabeled,
  labeled,
} from '../core/matchers';
import { bodySlice } from '../tlb/cells';
import {
  DedustOp,
  parseDedustDepositJettonPayload,
  parseDedustDepositToPool,
  parseDedustDepositTonToVault,
  parseDedustNativeSwap,
  parseDedustPayoutAmount,
  parseDedustSwapNotification,
  parseDedustSwapSteps,
  type DedustDepositParams,
} from '../tlb/dedust';
import { JettonOp, parseJettonBurn, parseJettonInternalTransfer } from '../tlb/jetton';
import { loadAddr } from '../tlb/cells';
import { assetAddress, sameAsset, TON_ASSET, jettonAsset, type Asset } from './asset';
import { JettonSwapBlock, type PeerSwap } from './jetton-swap';
import { JettonTransferBlock, JettonTransferBlockMatcher } from './jettons';

export interface DedustDepositData {
  sender: string | null;
  deposit_contract: string | null;
  pool_address: string | null;
  lp_tokens_minted: bigint | null;
  asset_1: Asset | null;
  amount_1: bigint | null;
  asset_2: Asset | null;
  amount_2: bigint | null;
  user_jetton_wallet_1: string | null;
  user_jetton_wallet_2: string | null;
  target_asset_1: Asset | null;
  target_amount_1: bigint | null;
  target_asset_2: Asset | null;
  target_amount_2: bigint | null;
  vault_excesses: [Asset, bigint][];
}

function depositColumns(d: DedustDepositData, dex: string): ActionData {
  return {
    dex,
    asset1: assetAddress(d.asset_1),
    amount1: d.amount_1,
    asset2: assetAddress(d.asset_2),
    amount2: d.amount_2,
    user_jetton_wallet_1: d.user_jetton_wallet_1,
    user_jetton_wallet_2: d.user_jetton_wallet_2,
    lp_tokens_minted: d.lp_tokens_minted,
    target_asset_1: assetAddress(d.target_asset_1),
    target_amount_1: d.target_amount_1,
    target_asset_2: assetAddress(d.target_asset_2),
    target_amount_2: d.target_amount_2,
  };
}

/** `dedust_deposit_liquidity` (stored as dex_deposit_liquidity): the deposit that reached the pool. */
export class DedustDepositLiquidityBlock extends Block {
  constructor(
    public data: DedustDepositData,
    readonly dex = 'dedust',
    type = 'dedust_deposit_liquidity',
  ) {
    super(type, []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.type = 'dex_deposit_liquidity';
    action.source = d.sender;
    action.destination = d.pool_address;
    action.destination_secondary = d.deposit_contract;
    action.dex_deposit_liquidity_data = {
      ...depositColumns(d, this.dex),
      vault_excesses: d.vault_excesses.map(([asset, amount]) => ({
        asset: assetAddress(asset),
        amount,
      })),
    };
  }
}

/** `dedust_deposit_liquidity_partial`: one asset sent to a deposit contract, the pool not reached yet. */
export class DedustDepositLiquidityPartialBlock extends Block {
  constructor(public data: DedustDepositData) {
    super('dedust_deposit_liquidity_partial', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.type = 'dex_deposit_liquidity';
    action.source = d.sender;
    action.destination_secondary = d.deposit_contract;
    action.dex_deposit_liquidity_data = { ...depositColumns(d, 'dedust'), lp_tokens_minted: null };
  }
}

/** The jetton leg of a deposit/first deposit: transfer → internal_transfer → notify (vault). */
function jettonDepositMatcher(): ContractMatcher {
  return new ContractMatcher(JettonOp.notify, {
    parent: new ContractMatcher(JettonOp.internalTransfer, {
      includeExcess: true,
      parent: new ContractMatcher(JettonOp.transfer),
    }),
  });
}

function excessMatchers(): BlockMatcher[] {
  const jettonExcess = new JettonTransferBlockMatcher();
  jettonExcess.optional = true;
  const returnExcess = (): ContractMatcher =>
    new ContractMatcher(DedustOp.returnExcessFromVault, {
      optional: true,
      children: [
        labeled('jetton_excess', jettonExcess, true),
        labeled('ton_excess', new ContractMatcher(DedustOp.payout, { optional: true })),
      ],
    });
  return [new BlockTypeMatcher('ton_transfer', { optional: true }), returnExcess(), returnExcess()];
}

/** deposit (TON vault / jetton notify) → ask factory → top-up → deposit to pool → LP mint or rejection. */
export class DedustDepositBlockMatcher extends BlockMatcher {
  constructor() {
    super({
      parent: new ContractMatcher(DedustOp.topUpDepositContract, {
        parent: new ContractMatcher(DedustOp.askLiquidityFactory, {
          parent: new OrMatcher([
            labeled('deposit', new ContractMatcher(DedustOp.depositTonToVault)),
            labeled('deposit', jettonDepositMatcher()),
          ]),
          child: new ContractMatcher(DedustOp.deployDepositContract, { optional: true }),
        }),
      }),
      children: [
        new OrMatcher([
          labeled(
            'lp_transfer',
            new ContractMatcher(JettonOp.internalTransfer, {
              child: new ContractMatcher(JettonOp.notify, { optional: true }),
            }),
          ),
          labeled(
            'rejection',
            new ContractMatcher(DedustOp.rejectDeposit, { children: excessMatchers() }),
          ),
        ]),
        new ContractMatcher(DedustOp.destroyDepositContract, {
          optional: true,
          children: excessMatchers(),
        }),
      ],
    });
  }

  override testSelf(block: Block): boolean {
    return block instanceof CallContractBlock && block.opcode === DedustOp.depositToPool;
  }

  override buildBlock(block: Block, others: Block[], ctx: ClassifyContext): Block[] {
    const nb = new DedustDepositLiquidityBlock(provisionData(block, others, ctx));
    nb.merge([block, ...others]);
    nb.failed = nb.data.lp_tokens_minted === null;
    return [nb];
  }
}

function provisionData(block: Block, others: Block[], ctx: ClassifyContext): DedustDepositData {
  const info = parseDedustDepositToPool(bodySlice(block.message.body));
  const sender = info.owner;
  const lpTransfer = getLabeled('lp_transfer', others, CallContractBlock);
  const rejection = getLabeled('rejection', others, CallContractBlock);
  let pool: string | null;
  let lpTokens: bigint | null = null;
  if (lpTransfer) {
    lpTokens = parseJettonInternalTransfer(bodySlice(lpTransfer.message.body)).amount;
    pool = block.message.destination;
  } else if (rejection) {
    pool = rejection.message.source;
  } else {
    throw new Error('dedust deposit without LP transfer or rejection');
  }
  const deposit = getLabeled('deposit', others, CallContractBlock);
  if (!deposit) {
    throw new Error('dedust deposit without the deposit message');
  }
  let asset: Asset;
  let amount: bigint;
  if (deposit.opcode === DedustOp.depositTonToVault) {
    asset = TON_ASSET;
    amount = parseDedustDepositTonToVault(bodySlice(deposit.message.body)).amount;
  } else {
    const s = bodySlice(deposit.message.body);
    s.skip(32 + 64);
    amount = s.loadCoins();
    const w = ctx.interfaces.jettonWallet(deposit.message.source);
    if (!w) {
      throw new Error('dedust deposit from an unknown jetton wallet');
    }
    asset = jettonAsset(w.jetton);
  }
  let userWallet: string | null = null;
  for (const b of others) {
    if (
      b instanceof CallContractBlock &&
      b.opcode === JettonOp.transfer &&
      b.message.source?.toUpperCase() === sender?.toUpperCase()
    ) {
      const w = ctx.interfaces.jettonWallet(b.message.destination);
      if (!w) {
        continue;
      }
      if (asset.isTon) {
        // toncenter compares a TON asset with a jetton master and fails
        throw new Error('dedust TON deposit next to a jetton deposit');
      }
      if (w.jetton === asset.jetton) {
        userWallet = b.message.destination;
      }
    }
  }
  const excesses: [Asset, bigint][] = [];
  for (const e of getAllLabeled('ton_excess', others, CallContractBlock)) {
    if (e.message.destination === sender) {
      excesses.push([TON_ASSET, e.message.value ?? 0n]);
    }
  }
  for (const e of getAllLabeled('jetton_excess', others, JettonTransferBlock)) {
    if (e.data.receiver === sender && e.data.asset) {
      excesses.push([e.data.asset, e.data.amount]);
    }
  }
  return {
    sender,
    deposit_contract: block.message.source,
    pool_address: pool,
    lp_tokens_minted: lpTokens,
    asset_1: asset,
    amount_1: amount,
    asset_2: null,
    amount_2: null,
    user_jetton_wallet_1: userWallet,
    user_jetton_wallet_2: null,
    target_asset_1: info.asset0,
    target_amount_1: info.asset0_amount,
    target_asset_2: info.asset1,
    target_amount_2: info.asset1_amount,
    vault_excesses: excesses,
  };
}

/** The first asset of a two-asset deposit: deposit → ask factory (deploys the deposit contract) → top-up. */
export class DedustDepositFirstAssetBlockMatcher extends BlockMatcher {
  constructor() {
    super({
      parent: new ContractMatcher(DedustOp.askLiquidityFactory, {
        child: new ContractMatcher(DedustOp.deployDepositContract),
        parent: new OrMatcher([
          new ContractMatcher(DedustOp.depositTonToVault),
          jettonDepositMatcher(),
        ]),
      }),
    });
  }

  override testSelf(block: Block): boolean {
    return block instanceof CallContractBlock && block.opcode === DedustOp.topUpDepositContract;
  }

  override buildBlock(block: Block, others: Block[], ctx: ClassifyContext): Block[] {
    const nb = new DedustDepositLiquidityPartialBlock(firstDepositData(block, ctx));
    nb.merge([block, ...others]);
    return [nb];
  }
}

function firstDepositData(block: Block, ctx: ClassifyContext): DedustDepositData {
  const vaultCall = block.previous?.previous;
  if (!vaultCall) {
    throw new Error('dedust top-up without a vault call');
  }
  for (const n of block.next) {
    if (
      n instanceof CallContractBlock &&
      (n.opcode === DedustOp.depositToPool || n.opcode === DedustOp.rejectDeposit)
    ) {
      throw new Error('unexpected call after a dedust deposit top-up');
    }
  }
  let sender: string | null;
  let params: Omit<DedustDepositParams, 'amount'>;
  let asset: Asset = TON_ASSET;
  let amount: bigint;
  let userWallet: string | null = null;
  let ton: DedustDepositParams | null;
  try {
    ton = parseDedustDepositTonToVault(bodySlice(vaultCall.message.body));
  } catch {
    ton = null;
  }
  if (ton) {
    sender = vaultCall.message.source;
    params = ton;
    amount = ton.amount;
  } else {
    const s = bodySlice(vaultCall.message.body);
    if (s.loadUint(32) >>> 0 !== JettonOp.notify) {
      throw new Error('dedust first deposit: not a jetton notification');
    }
    s.skip(64);
    amount = s.loadCoins();
    sender = loadAddr(s);
    params = parseDedustDepositJettonPayload(s.loadRef().beginParse());
    userWallet = vaultCall.previous?.message.source ?? null;
    const w = ctx.interfaces.jettonWallet(vaultCall.message.source);
    if (!w) {
      throw new Error('dedust first deposit from an unknown jetton wallet');
    }
    asset = jettonAsset(w.jetton);
  }
  return {
    sender,
    deposit_contract: block.message.destination,
    pool_address: null,
    lp_tokens_minted: null,
    asset_1: asset,
    amount_1: amount,
    asset_2: null,
    amount_2: null,
    user_jetton_wallet_1: userWallet,
    user_jetton_wallet_2: null,
    target_asset_1: params.asset0,
    target_amount_1: params.asset0_target_balance,
    target_asset_2: params.asset1,
    target_amount_2: params.asset1_target_balance,
    vault_excesses: [],
  };
}

function sameAssetSet(a: (Asset | null)[], b: (Asset | null)[]): boolean {
  const has = (set: (Asset | null)[], x: Asset | null): boolean => set.some((y) => sameAsset(x, y));
  return a.every((x) => has(b, x)) && b.every((x) => has(a, x));
}

/** toncenter `combine_deposits`: the first deposit's asset joins the final deposit's data. */
function combineDeposits(first: DedustDepositData, final: DedustDepositData): DedustDepositData {
  const targetsFirst = [first.target_asset_1, first.target_asset_2];
  if (!sameAssetSet(targetsFirst, [final.target_asset_1, final.target_asset_2])) {
    throw new Error("target assets in deposits don't match");
  }
  const tuples: [Asset, bigint | null, string | null][] = [];
  for (const [asset, amount, wallet] of [
    [first.asset_1, first.amount_1, first.user_jetton_wallet_1],
    [first.asset_2, first.amount_2, first.user_jetton_wallet_2],
  ] as const) {
    if (asset) {
      tuples.push([asset, amount, wallet]);
    }
  }
  for (const [asset, amount, wallet] of [
    [final.asset_1, final.amount_1, final.user_jetton_wallet_1],
    [final.asset_2, final.amount_2, final.user_jetton_wallet_2],
  ] as const) {
    if (!asset) {
      continue;
    }
    const idx = tuples.findIndex((t) => sameAsset(t[0], asset));
    const existing = tuples[idx];
    if (existing) {
      if (existing[2] !== wallet) {
        throw new Error('user wallet mismatch');
      }
      existing[1] = (existing[1] ?? 0n) + (amount ?? 0n);
      existing[2] = wallet ?? existing[2];
    } else {
      tuples.push([asset, amount, wallet]);
    }
  }
  const unique: Asset[] = [];
  for (const [a] of tuples) {
    if (!unique.some((u) => sameAsset(u, a))) {
      unique.push(a);
    }
  }
  if (unique.length !== 2 || !sameAssetSet(unique, targetsFirst)) {
    throw new Error("deposited assets don't match the target assets");
  }
  const [t1, t2] = tuples;
  if (!t1 || !t2) {
    throw new Error('expected two deposited assets');
  }
  return {
    ...final,
    asset_1: t1[0],
    amount_1: t1[1],
    user_jetton_wallet_1: t1[2],
    asset_2: t2[0],
    amount_2: t2[1],
    user_jetton_wallet_2: t2[2],
    target_asset_1: t1[0],
    target_asset_2: t2[0],
  };
}

/**
 * toncenter `post_process_dedust_liquidity`: a first deposit and the final deposit of the same deposit
 * contract in one trace become one action (unless a contract has more than two deposits).
 */
export function postProcessDedustLiquidity(blocks: Block[]): Block[] {
  const firsts: DedustDepositLiquidityPartialBlock[] = [];
  const finals: DedustDepositLiquidityBlock[] = [];
  const used = new Map<string | null, number>();
  for (const b of blocks) {
    if (b instanceof DedustDepositLiquidityPartialBlock) {
      firsts.push(b);
    } else if (b instanceof DedustDepositLiquidityBlock && b.type === 'dedust_deposit_liquidity') {
      finals.push(b);
    } else {
      continue;
    }
    const key = b.data.deposit_contract;
    used.set(key, (used.get(key) ?? 0) + 1);
  }
  if ([...used.values()].some((v) => v > 2)) {
    return blocks;
  }
  let out = blocks;
  for (const first of firsts) {
    const final = finals.find((b) => b.data.deposit_contract === first.data.deposit_contract);
    if (!final) {
      continue;
    }
    const data = combineDeposits(first.data, final.data);
    out = out.filter((b) => b !== first);
    final.nodes.push(...first.nodes);
    const init = first.initiatingNode;
    if (init && final.initiatingNode !== init) {
      final.nodes.push(init);
    }
    final.data = data;
    final.nodes = [...new Set(final.nodes)];
    final.children = [...new Set([...final.children, ...first.children])];
    final.calculateMinMaxLt();
  }
  return out;
}

/** LP burn → burn_notification (pool) → two payouts (TON payout or jetton transfer). */
export class DedustWithdrawBlockMatcher extends BlockMatcher {
  constructor() {
    const payout = (label: string): ContractMatcher =>
      new ContractMatcher(DedustOp.payoutFromPool, {
        child: new OrMatcher([
          labeled(label, new ContractMatcher(DedustOp.payout)),
          labeled(label, new BlockTypeMatcher('jetton_transfer')),
        ]),
      });
    super({
      child: new ContractMatcher(JettonOp.burnNotification, {
        children: [payout('payout_1'), payout('payout_2')],
      }),
    });
  }

  override testSelf(block: Block): boolean {
    return block instanceof CallContractBlock && block.opcode === JettonOp.burn;
  }

  override buildBlock(block: Block, others: Block[], ctx: ClassifyContext): Block[] {
    const sender = block.message.source;
    const senderWallet = block.message.destination;
    const burn = parseJettonBurn(bodySlice(block.message.body));
    const notify = block.next[0];
    const pool = notify ? notify.message.destination : null;
    const lpWallet = ctx.interfaces.jettonWallet(senderWallet);
    if (!lpWallet) {
      return [];
    }
    const outs: {
      asset: Asset | null;
      amount: bigint;
      dexWallet: string | null;
      dexJettonWallet: string | null;
      userWallet: string | null;
    }[] = [];
    for (const label of ['payout_1', 'payout_2']) {
      const p = getLabeled(label, others);
      const request = p?.previous ?? null;
      if (!p || !request) {
        continue;
      }
      const amount = parseDedustPayoutAmount(bodySlice(request.message.body));
      if (p instanceof CallContractBlock && p.opcode === DedustOp.payout) {
        outs.push({
          asset: TON_ASSET,
          amount,
          dexWallet: p.message.source,
          dexJettonWallet: null,
          userWallet: null,
        });
      } else if (p instanceof JettonTransferBlock) {
        outs.push({
          asset: p.data.asset,
          amount,
          dexWallet: p.data.sender,
          dexJettonWallet: p.data.sender_wallet,
          userWallet: p.data.receiver_wallet,
        });
      } else {
        return [];
      }
    }
    const [o1, o2] = outs;
    if (!o1 || !o2) {
      throw new Error('dedust withdrawal without two payouts');
    }
    const nb = new DexWithdrawLiquidityBlock({
      dex: 'dedust',
      sender,
      sender_wallet: senderWallet,
      pool,
      asset: jettonAsset(lpWallet.jetton),
      lp_tokens_burnt: burn.amount,
      is_refund: false,
      outs: [o1, o2],
    });
    nb.merge([block, ...others]);
    return [nb];
  }
}

export interface DexWithdrawData {
  dex: string;
  sender: string | null;
  sender_wallet: string | null;
  pool: string | null;
  asset: Asset | null;
  lp_tokens_burnt: bigint | null;
  is_refund: boolean;
  outs: {
    asset: Asset | null;
    amount: bigint | null;
    dexWallet: string | null;
    dexJettonWallet: string | null;
    userWallet: string | null;
  }[];
}

/** `dex_withdraw_liquidity` (toncenter `_fill_dex_withdraw_liquidity`). */
export class DexWithdrawLiquidityBlock extends Block {
  constructor(public data: DexWithdrawData) {
    super('dex_withdraw_liquidity', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    const [o1, o2] = d.outs;
    action.source = d.sender;
    action.source_secondary = d.sender_wallet;
    action.destination = d.pool;
    action.asset = assetAddress(d.asset);
    action.dex_withdraw_liquidity_data = {
      dex: d.dex,
      amount1: o1?.amount ?? null,
      amount2: o2?.amount ?? null,
      asset1_out: assetAddress(o1?.asset),
      asset2_out: assetAddress(o2?.asset),
      user_jetton_wallet_1: o1?.userWallet ?? null,
      user_jetton_wallet_2: o2?.userWallet ?? null,
      dex_jetton_wallet_1: o1?.dexJettonWallet ?? null,
      dex_wallet_1: o1?.dexWallet ?? null,
      dex_wallet_2: o2?.dexWallet ?? null,
      dex_jetton_wallet_2: o2?.dexJettonWallet ?? null,
      is_refund: d.is_refund,
      lp_tokens_burnt: d.lp_tokens_burnt,
    };
  }
}

/** The assets a swap path goes through, from the DeDust pools' interfaces. */
function swapSequence(pools: string[], incoming: Asset, ctx: ClassifyContext): Asset[] {
  let prev = incoming;
  const seq = [prev];
  for (const p of pools) {
    const info = ctx.interfaces.dedustPool(p);
    if (!info) {
      throw new Error(`unknown dedust pool ${p}`);
    }
    for (const a of info.assets) {
      if (a.is_ton && prev.isTon) {
        continue;
      }
      if (!prev.isTon && a.address === prev.jetton) {
        continue;
      }
      prev = a.is_ton ? TON_ASSET : jettonAsset(a.address);
      seq.push(prev);
      break;
    }
  }
  return seq;
}

/** vault → pool swap (after a jetton transfer or native swap) → peers → payout (TON or jetton). */
export class DedustSwapBlockMatcher extends BlockMatcher {
  constructor() {
    const swap = new OrMatcher([
      new ContractMatcher(DedustOp.swapPeer, {
        children: [new ContractMatcher(DedustOp.swapNotification, { optional: true })],
      }),
      new ContractMatcher(DedustOp.swapExternal, {
        children: [new ContractMatcher(DedustOp.swapNotification, { optional: true })],
      }),
    ]);
    const peers = new RecursiveMatcher(
      swap,
      new ContractMatcher(DedustOp.payoutFromPool, {
        child: new OrMatcher([
          new ContractMatcher(DedustOp.payout),
          new BlockTypeMatcher('jetton_transfer'),
        ]),
      }),
    );
    const payout = childSequence([
      new ContractMatcher(DedustOp.payoutFromPool),
      new OrMatcher([
        new BlockTypeMatcher('jetton_transfer'),
        new ContractMatcher(DedustOp.payout),
      ]),
    ]);
    super({
      children: [
        new OrMatcher(payout ? [payout, peers] : [peers]),
        new ContractMatcher(DedustOp.swapNotification, { optional: true }),
      ],
      parent: new OrMatcher([
        new BlockTypeMatcher('jetton_transfer'),
        new ContractMatcher(DedustOp.swap),
      ]),
    });
  }

  override testSelf(block: Block): boolean {
    return block instanceof CallContractBlock && block.opcode === DedustOp.swapExternal;
  }

  override buildBlock(block: Block, others: Block[], ctx: ClassifyContext): Block[] {
    const include = [block, ...others];
    const notifications = findCalls(include, DedustOp.swapNotification)
      .map((b) => ({ b, msg: parseDedustSwapNotification(bodySlice(b.message.body)) }))
      .sort((x, y) => (x.b.minLt < y.b.minLt ? -1 : x.b.minLt > y.b.minLt ? 1 : 0));
    const peerSwaps: PeerSwap[] = notifications.map(({ msg }) => ({
      in: { amount: msg.amount_in, asset: msg.asset_in },
      out: { amount: msg.amount_out, asset: msg.asset_out },
    }));
    const prev = block.previous;
    let sender: string | null = null;
    let senderWallet: string | null = null;
    let dexInJettonWallet: string | null = null;
    let dexInWallet: string | null = null;
    let amountIn: bigint | null = null;
    let assetIn: Asset | null = null;
    let steps: string[] | null = null;
    if (prev instanceof JettonTransferBlock && others.includes(prev)) {
      dexInJettonWallet = prev.data.receiver_wallet;
      dexInWallet = prev.data.receiver;
      senderWallet = prev.data.sender_wallet;
      sender = prev.data.sender;
      assetIn = prev.data.asset;
      if (prev.data.payload_opcode !== DedustOp.swapPayload || prev.data.forward_payload === null) {
        return [];
      }
      amountIn = prev.data.amount;
      const s = bodySlice(prev.data.forward_payload);
      s.skip(32);
      steps = parseDedustSwapSteps(s);
    } else {
      const request = findCall(others, DedustOp.swap);
      if (request) {
        sender = request.message.source;
        dexInWallet = request.message.destination;
        const msg = parseDedustNativeSwap(bodySlice(request.message.body));
        amountIn = msg.amount;
        steps = msg.steps;
        assetIn = TON_ASSET;
      }
    }
    const payouts = findCalls(others, DedustOp.payoutFromPool);
    const payoutFromPool = payouts[0];
    if (!payoutFromPool || payouts.length !== 1) {
      throw new Error('expected one dedust payout from pool');
    }
    let receiver = sender;
    let receiverWallet: string | null = null;
    let dexOutJettonWallet: string | null = null;
    let dexOutWallet: string | null = null;
    let amountOut: bigint | null = parseDedustPayoutAmount(bodySlice(payoutFromPool.message.body));
    let assetOut: Asset | null = null;
    for (const p of payoutFromPool.next) {
      if (!include.includes(p)) {
        continue;
      }
      if (p instanceof JettonTransferBlock) {
        receiverWallet = p.data.receiver_wallet;
        receiver = p.data.receiver;
        dexOutWallet = p.data.sender;
        dexOutJettonWallet = p.data.sender_wallet;
        assetOut = p.data.asset;
        amountOut = p.data.amount;
      } else if (p instanceof CallContractBlock && p.opcode === DedustOp.payout) {
        dexOutWallet = p.message.source;
        receiver = p.message.destination;
        assetOut = TON_ASSET;
      }
    }
    if (steps === null) {
      throw new Error('dedust swap without a swap path');
    }
    const seq = swapSequence(steps, assetIn ?? TON_ASSET, ctx);
    const destinationAsset = seq[seq.length - 1] ?? null;
    if (peerSwaps.length === 0) {
      peerSwaps.push({
        in: { amount: amountIn ?? 0n, asset: assetIn ?? TON_ASSET },
        out: { amount: amountOut, asset: assetOut ?? TON_ASSET },
      });
    }
    let failed = false;
    for (const b of include) {
      if (
        b instanceof CallContractBlock &&
        (b.opcode === DedustOp.swapExternal || b.opcode === DedustOp.swapPeer)
      ) {
        const notified = b.next.some(
          (n) =>
            include.includes(n) &&
            n instanceof CallContractBlock &&
            n.opcode === DedustOp.swapNotification,
        );
        if (!notified) {
          failed = true;
          break;
        }
      }
    }
    const first = peerSwaps[0];
    const last = peerSwaps[peerSwaps.length - 1];
    if (!first || !last) {
      return [];
    }
    const nb = new JettonSwapBlock({
      dex: 'dedust',
      sender,
      dex_incoming_transfer: {
        asset: first.in.asset,
        amount: first.in.amount,
        source: sender,
        source_jetton_wallet: senderWallet,
        destination: dexInWallet,
        destination_jetton_wallet: dexInJettonWallet,
      },
      dex_outgoing_transfer: {
        asset: last.out.asset,
        amount: last.out.amount,
        source: dexOutWallet,
        source_jetton_wallet: dexOutJettonWallet,
        destination: receiver,
        destination_jetton_wallet: receiverWallet,
      },
      peer_swaps: peerSwaps.length > 1 ? peerSwaps : [],
      source_asset: assetIn,
      destination_asset: destinationAsset,
    });
    nb.merge(include);
    nb.failed = failed;
    return [nb];
  }
}
