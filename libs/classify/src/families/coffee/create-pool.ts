/** swap.coffee pool creation (toncenter `liquidity.py` CoffeeCreatePoolCreatorMatcher, CoffeeCreatePoolMatcher): a pool creator per asset, then the pool. */
import { COFFEE } from '@app/ton';
import type { ActionRow } from '../../action';
import { CallContractBlock, isCall } from '../../core/basic-blocks';
import { Block } from '../../core/block';
import {
  BlockMatcher,
  BlockTypeMatcher,
  ContractMatcher,
  OrMatcher,
  getLabeled,
  labeled,
} from '../../core/matchers';
import { bodySlice } from '../../tlb/cells';
import {
  parseCoffeeCreatePoolJetton,
  parseCoffeeCreatePoolNative,
  parseCoffeeCreatePoolRequest,
  parseCoffeeLiquidityEvent,
  type CoffeePoolParams,
} from '../../tlb/coffee';
import { JettonOp } from '../../tlb/jetton';
import { assetAddress, TON_ASSET, type Asset } from '../asset';
import { JettonTransferBlock } from '../jettons';
import { assetKey } from './liquidity';

interface CoffeePoolCreatorData {
  sender: string | null;
  sender_jetton_wallet: string | null;
  amount: bigint | null;
  provided_asset: Asset | null;
  pool_creator_contract: string | null;
  deposit_recipient: string | null;
  pool_params: CoffeePoolParams;
}

/** `coffee_create_pool_creator`: one asset sent to create a pool creator (once per asset). */
export class CoffeeCreatePoolCreatorBlock extends Block {
  constructor(readonly data: CoffeePoolCreatorData) {
    super('coffee_create_pool_creator', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.source = d.sender;
    action.source_secondary = d.sender_jetton_wallet;
    action.destination = d.deposit_recipient;
    action.destination_secondary = d.pool_creator_contract;
    action.asset = assetAddress(d.provided_asset);
    action.asset2 = assetAddress(d.pool_params.first);
    action.asset2_secondary = assetAddress(d.pool_params.second);
    action.amount = d.amount;
  }
}

/** create_pool_native or a jetton transfer → create_pool_creator_request (factory) → deploy (creator). */
export class CoffeeCreatePoolCreatorMatcher extends BlockMatcher {
  constructor() {
    super({
      parent: labeled(
        'in_transfer',
        new OrMatcher([
          new BlockTypeMatcher('jetton_transfer'),
          new ContractMatcher(COFFEE.create_pool.opcode),
          new ContractMatcher(COFFEE.create_pool_extra.opcode),
        ]),
      ),
      child: labeled('deploy', new ContractMatcher(COFFEE.deploy.opcode)),
    });
  }

  override testSelf(block: Block): boolean {
    return isCall(block, COFFEE.create_pool_creator_request.opcode);
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const inTransfer = getLabeled('in_transfer', others);
    let data: Omit<CoffeePoolCreatorData, 'pool_creator_contract'>;
    if (inTransfer instanceof JettonTransferBlock) {
      const p = parseCoffeeCreatePoolJetton(bodySlice(inTransfer.data.forward_payload));
      data = {
        sender: inTransfer.data.sender,
        sender_jetton_wallet: inTransfer.data.sender_wallet,
        amount: inTransfer.data.amount,
        provided_asset: inTransfer.data.asset,
        deposit_recipient: p.recipient,
        pool_params: p.params,
      };
    } else if (
      inTransfer instanceof CallContractBlock &&
      inTransfer.opcode === COFFEE.create_pool.opcode
    ) {
      const p = parseCoffeeCreatePoolNative(bodySlice(inTransfer.message.body));
      data = {
        sender: inTransfer.message.source,
        sender_jetton_wallet: null,
        amount: p.amount,
        provided_asset: TON_ASSET,
        deposit_recipient: p.recipient,
        pool_params: p.params,
      };
    } else {
      return [];
    }
    const deploy = getLabeled('deploy', others, CallContractBlock);
    if (!deploy) {
      return [];
    }
    const nb = new CoffeeCreatePoolCreatorBlock({
      ...data,
      pool_creator_contract: deploy.message.destination,
    });
    nb.merge([block, ...others]);
    return [nb];
  }
}

/** `coffee_create_pool`: the second pool creator → create_pool_request → deploy (pool) → LP mint. */
export class CoffeeCreatePoolBlock extends Block {
  constructor(
    readonly data: {
      source: string | null;
      source_jetton_wallet: string | null;
      provided_asset: Asset | null;
      amount: bigint | null;
      initiator_1: string | null;
      initiator_2: string | null;
      pool: string | null;
      asset_1: Asset | null;
      asset_2: Asset | null;
      amount_1: bigint;
      amount_2: bigint;
      lp_tokens_minted: bigint;
      pool_creator_contract: string | null;
    },
  ) {
    super('coffee_create_pool', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.source = d.source;
    action.source_secondary = d.source_jetton_wallet;
    action.amount = d.amount;
    action.asset = assetAddress(d.asset_1);
    action.asset2 = assetAddress(d.asset_2);
    action.destination = d.pool;
    action.destination_secondary = d.pool_creator_contract;
    action.coffee_create_pool_data = {
      amount_1: d.amount_1,
      amount_2: d.amount_2,
      initiator_1: d.initiator_1,
      initiator_2: d.initiator_2,
      provided_asset: assetAddress(d.provided_asset),
      lp_tokens_minted: d.lp_tokens_minted,
    };
  }
}

export class CoffeeCreatePoolMatcher extends BlockMatcher {
  constructor() {
    const lpTransfer = labeled(
      'lp_transfer',
      new ContractMatcher(JettonOp.internalTransfer, {
        child: new ContractMatcher(JettonOp.excesses, { optional: true }),
      }),
    );
    const poolDeploy = labeled(
      'pool_deploy',
      new ContractMatcher(COFFEE.deploy.opcode, {
        children: [
          lpTransfer,
          labeled('success_event', new ContractMatcher(COFFEE.deposit_liquidity_succeeded.opcode)),
          new ContractMatcher(COFFEE.notification.opcode, {
            optional: true,
            child: new ContractMatcher(COFFEE.deposit_notification.opcode, { optional: true }),
          }),
        ],
      }),
    );
    super({
      child: labeled(
        'pool_request',
        new ContractMatcher(COFFEE.create_pool_request.opcode, { child: poolDeploy }),
      ),
    });
  }

  override testSelf(block: Block): boolean {
    return block instanceof CoffeeCreatePoolCreatorBlock;
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    if (!(block instanceof CoffeeCreatePoolCreatorBlock)) {
      return [];
    }
    const request = getLabeled('pool_request', others, CallContractBlock);
    const deploy = getLabeled('pool_deploy', others, CallContractBlock);
    const success = getLabeled('success_event', others, CallContractBlock);
    if (!request || !deploy || !success) {
      return [];
    }
    const req = parseCoffeeCreatePoolRequest(bodySlice(request.message.body));
    const lpMinted = parseCoffeeLiquidityEvent(bodySlice(success.message.body)).lp_amount;
    const c = block.data;
    let asset1 = c.provided_asset;
    let asset2: Asset | null;
    let [amount1, amount2] = [req.amount1, req.amount2];
    let [init1, init2] = [c.sender, req.tx_initiator];
    if (assetKey(asset1) === assetKey(c.pool_params.first)) {
      asset2 = c.pool_params.second;
    } else if (assetKey(asset1) === assetKey(c.pool_params.second)) {
      asset2 = c.pool_params.first;
      [amount1, amount2] = [amount2, amount1];
      [init1, init2] = [init2, init1];
    } else {
      asset1 = c.pool_params.first;
      asset2 = c.pool_params.second;
    }
    const nb = new CoffeeCreatePoolBlock({
      source: c.sender,
      source_jetton_wallet: c.sender_jetton_wallet,
      provided_asset: c.provided_asset,
      amount: c.amount,
      initiator_1: init1,
      initiator_2: init2,
      pool: deploy.message.destination,
      asset_1: asset1,
      asset_2: asset2,
      amount_1: amount1,
      amount_2: amount2,
      lp_tokens_minted: lpMinted,
      pool_creator_contract: c.pool_creator_contract,
    });
    nb.merge([block, ...others]);
    return [nb];
  }
}
