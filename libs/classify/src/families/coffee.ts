/**
 * swap.coffee DEX (toncenter `CoffeeSwapBlockMatcher`): a jetton transfer or native swap into a vault →
 * swap_internal (pool, with its success event) → further hops → payout_internal → the outgoing jetton
 * transfer, TON payout or notification.
 */
import { COFFEE, loadFields } from '@app/ton';
import { CallContractBlock, findCall, findCalls, isCall } from '../core/basic-blocks';
import type { ActionRow } from '../action';
import { Block } from '../core/block';
import {
  BlockMatcher,
  BlockTypeMatcher,
  ContractMatcher,
  GenericMatcher,
  OrMatcher,
  RecursiveMatcher,
  getLabeled,
  labeled,
} from '../core/matchers';
import { bodySlice } from '../tlb/cells';
import { coffeeAsset } from '../tlb/coffee';
import { assetAddress, TON_ASSET, type Asset } from './asset';
import { byMinLt } from './dex-assets';
import { JettonSwapBlock, type DexTransfer } from './jetton-swap';
import { JettonTransferBlock } from './jettons';

function transferOf(t: JettonTransferBlock): DexTransfer {
  return {
    asset: t.data.asset,
    amount: t.data.amount,
    source: t.data.sender,
    source_jetton_wallet: t.data.sender_wallet,
    destination: t.data.receiver,
    destination_jetton_wallet: t.data.receiver_wallet,
  };
}

export class CoffeeSwapBlockMatcher extends BlockMatcher {
  constructor() {
    const inTransfer = labeled(
      'in_transfer',
      new OrMatcher([
        new BlockTypeMatcher('jetton_transfer'),
        new ContractMatcher(COFFEE.swap.opcode),
      ]),
    );
    const outTransfer = labeled(
      'out_transfer',
      new OrMatcher([
        new BlockTypeMatcher('jetton_transfer'),
        new ContractMatcher(COFFEE.payout.opcode),
        new ContractMatcher(COFFEE.notification.opcode),
      ]),
    );
    const payout = labeled(
      'payout',
      new ContractMatcher(COFFEE.payout_internal.opcode, { child: outTransfer }),
    );
    const repeating = new ContractMatcher(COFFEE.swap_internal.opcode, {
      child: new ContractMatcher(COFFEE.swap_succeeded.opcode),
    });
    super({
      parent: inTransfer,
      children: [
        new ContractMatcher(COFFEE.swap_succeeded.opcode),
        new OrMatcher([new RecursiveMatcher(repeating, payout, true), payout]),
      ],
    });
  }

  override testSelf(block: Block): boolean {
    return isCall(block, COFFEE.swap_internal.opcode);
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const inBlock = getLabeled('in_transfer', others);
    const payoutBlock = getLabeled('payout', others);
    const outBlock = getLabeled('out_transfer', others);
    if (!inBlock || !payoutBlock || !outBlock) {
      return [];
    }
    const swaps = [...new Set([...findCalls(others, COFFEE.swap_internal.opcode), block])].sort(
      byMinLt,
    );
    let ok = true;
    const hops: {
      in: { asset: Asset; amount: bigint };
      out: { asset: Asset | null; amount: bigint };
    }[] = [];
    for (const s of swaps) {
      const event = findCall(s.next, COFFEE.swap_succeeded.opcode);
      if (!event) {
        ok = false;
        continue;
      }
      const e = loadFields(COFFEE.swap_succeeded, bodySlice(event.message.body));
      hops.push({
        in: { asset: coffeeAsset(e.input), amount: e.input_amount },
        out: { asset: null, amount: e.output_amount },
      });
    }
    if (hops.length === 0) {
      return [];
    }
    let incoming: DexTransfer | null = null;
    let sender: string | null = null;
    if (inBlock instanceof JettonTransferBlock) {
      sender = inBlock.data.sender;
      incoming = transferOf(inBlock);
    } else if (inBlock instanceof CallContractBlock && inBlock.opcode === COFFEE.swap.opcode) {
      sender = inBlock.message.source;
      incoming = {
        asset: TON_ASSET,
        amount: loadFields(COFFEE.swap, bodySlice(inBlock.message.body)).amount,
        source: sender,
        source_jetton_wallet: null,
        destination: inBlock.message.destination,
        destination_jetton_wallet: null,
      };
    }
    let outgoing: DexTransfer | null = null;
    if (outBlock instanceof JettonTransferBlock) {
      outgoing = transferOf(outBlock);
    } else if (outBlock instanceof CallContractBlock && outBlock.opcode === COFFEE.payout.opcode) {
      const p = loadFields(COFFEE.payout_internal, bodySlice(payoutBlock.message.body));
      outgoing = {
        asset: TON_ASSET,
        amount: p.amount,
        source: payoutBlock.message.source,
        source_jetton_wallet: null,
        destination: p.recipient,
        destination_jetton_wallet: null,
      };
    } else if (
      outBlock instanceof CallContractBlock &&
      outBlock.opcode === COFFEE.notification.opcode
    ) {
      outgoing = {
        asset: TON_ASSET,
        amount: outBlock.message.value ?? 0n,
        source: outBlock.message.source,
        source_jetton_wallet: null,
        destination: outBlock.message.destination,
        destination_jetton_wallet: null,
      };
    }
    if (!incoming || !outgoing) {
      throw new Error('coffee swap without incoming or outgoing transfer');
    }
    for (let i = 0; i < hops.length - 1; i++) {
      const cur = hops[i];
      const next = hops[i + 1];
      if (cur && next) {
        cur.out.asset = next.in.asset;
      }
    }
    const lastHop = hops[hops.length - 1];
    if (lastHop) {
      lastHop.out.asset = outgoing.asset;
    }
    const nb = new JettonSwapBlock({
      dex: 'coffee',
      sender,
      source_asset: incoming.asset,
      destination_asset: outgoing.asset,
      dex_incoming_transfer: incoming,
      dex_outgoing_transfer: outgoing,
      peer_swaps:
        hops.length > 1
          ? hops.map((h) => ({
              in: h.in,
              out: { asset: h.out.asset ?? TON_ASSET, amount: h.out.amount },
            }))
          : [],
    });
    nb.merge([block, ...others]);
    nb.failed = !ok;
    return [nb];
  }
}

/** `coffee_create_vault`: create_vault (factory) → deploy (vault) → optional vault activation. */
export class CoffeeCreateVaultBlock extends Block {
  constructor(
    readonly data: {
      sender: string | null;
      vault: string | null;
      asset: Asset;
      amount: bigint | null;
    },
  ) {
    super('coffee_create_vault', []);
  }

  override fill(action: ActionRow): void {
    action.source = this.data.sender;
    action.destination = this.data.vault;
    action.asset = assetAddress(this.data.asset);
    action.value = this.data.amount;
  }
}

export class CoffeeCreateVaultMatcher extends BlockMatcher {
  constructor() {
    super({
      child: labeled(
        'deploy',
        new ContractMatcher(COFFEE.deploy.opcode, {
          child: new ContractMatcher(0x2c76b973, {
            optional: true,
            child: new ContractMatcher(0xd1735400, { optional: true }),
          }),
        }),
      ),
    });
  }

  override testSelf(block: Block): boolean {
    return isCall(block, COFFEE.create_vault.opcode);
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const asset = coffeeAsset(loadFields(COFFEE.create_vault, bodySlice(block.message.body)).asset);
    const deploy = getLabeled('deploy', others, CallContractBlock);
    if (!deploy) {
      return [];
    }
    const nb = new CoffeeCreateVaultBlock({
      sender: block.message.source,
      vault: deploy.message.destination,
      asset,
      amount: block.message.value,
    });
    nb.merge([block, ...others]);
    return [nb];
  }
}

/** `coffee_mev_protect_hold_funds`: TON or a jetton sent to the MEV-protect contract. */
export class CoffeeMevProtectHoldFundsBlock extends Block {
  constructor(
    readonly data: {
      sender: string | null;
      sender_wallet: string | null;
      mev_contract: string | null;
      asset: Asset | null;
      amount: bigint | null;
    },
  ) {
    super('coffee_mev_protect_hold_funds', []);
  }

  override fill(action: ActionRow): void {
    action.source = this.data.sender;
    action.source_secondary = this.data.sender_wallet;
    action.destination = this.data.mev_contract;
    action.destination_secondary = null;
    action.asset = assetAddress(this.data.asset);
    action.amount = this.data.amount;
  }
}

export class CoffeeMevProtectHoldFundsMatcher extends BlockMatcher {
  constructor() {
    super({
      parent: new GenericMatcher(() => true, {
        optional: true,
        child: new ContractMatcher(COFFEE.service_fee.opcode),
      }),
    });
  }

  override testSelf(block: Block): boolean {
    return (
      (block instanceof CallContractBlock &&
        block.opcode === COFFEE.mev_protect_hold_funds.opcode) ||
      (block instanceof JettonTransferBlock &&
        block.data.payload_opcode === COFFEE.mev_protect_hold_funds.opcode)
    );
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    let nb: CoffeeMevProtectHoldFundsBlock;
    if (block instanceof CallContractBlock) {
      nb = new CoffeeMevProtectHoldFundsBlock({
        sender: block.message.source,
        sender_wallet: null,
        mev_contract: block.message.destination,
        asset: TON_ASSET,
        amount: block.message.value,
      });
    } else if (block instanceof JettonTransferBlock) {
      nb = new CoffeeMevProtectHoldFundsBlock({
        sender: block.data.sender,
        sender_wallet: block.data.sender_wallet,
        mev_contract: block.data.receiver,
        asset: block.data.asset,
        amount: block.data.amount,
      });
    } else {
      return [];
    }
    nb.merge([block, ...others]);
    return [nb];
  }
}

/**
 * `coffee_mev_protect_failed_swap`: the MEV-protect contract returning the funds of a swap it could not
 * make (TON with mev_protect_failed_swap#ee51ce51, or a jetton transfer carrying it as forward payload).
 * toncenter's serialiser has no case for this type (block_tree_serializer.py `block_to_action` falls
 * through to its warning), so its action carries the common columns only; so does this one.
 */
export class CoffeeMevProtectFailedSwapBlock extends Block {
  constructor(readonly data: { recipient: string | null; asset: Asset | null }) {
    super('coffee_mev_protect_failed_swap', []);
  }
}

export class CoffeeMevProtectFailedSwapMatcher extends BlockMatcher {
  override testSelf(block: Block): boolean {
    return (
      (block instanceof CallContractBlock &&
        block.opcode === COFFEE.mev_protect_failed_swap.opcode) ||
      (block instanceof JettonTransferBlock &&
        block.data.payload_opcode === COFFEE.mev_protect_failed_swap.opcode)
    );
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    let nb: CoffeeMevProtectFailedSwapBlock;
    if (block instanceof CallContractBlock) {
      const body = loadFields(COFFEE.mev_protect_failed_swap, bodySlice(block.message.body));
      nb = new CoffeeMevProtectFailedSwapBlock({ recipient: body.recipient, asset: TON_ASSET });
    } else if (block instanceof JettonTransferBlock) {
      // the failed-swap message is the transfer's forward payload; unreadable, nothing is built
      const body = loadFields(
        COFFEE.mev_protect_failed_swap,
        bodySlice(block.data.forward_payload),
      );
      nb = new CoffeeMevProtectFailedSwapBlock({
        recipient: body.recipient,
        asset: block.data.asset,
      });
    } else {
      return [];
    }
    nb.merge([block, ...others]);
    return [nb];
  }
}
