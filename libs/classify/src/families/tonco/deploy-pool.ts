/** TONCO pool deployment (toncenter `liquidity.py` ToncoDeployPoolBlockMatcher). */
import { TONCO } from '@app/ton';
import type { ActionRow } from '../../action';
import { CallContractBlock, isCall } from '../../core/basic-blocks';
import { Block } from '../../core/block';
import { BlockMatcher, ContractMatcher, EXCESS_OP, getLabeled, labeled } from '../../core/matchers';
import { bodySlice } from '../../tlb/cells';
import { tryParse } from '../../tlb/parse-result';
import {
  parseToncoCreatePool,
  parseToncoPoolInitActive,
  type ToncoCreatePoolBody,
} from '../../tlb/tonco';

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
        new ContractMatcher(TONCO.pool_init.opcode, {
          child: labeled('excesses', new ContractMatcher(EXCESS_OP, { optional: true })),
        }),
      ),
    });
  }

  override testSelf(block: Block): boolean {
    return isCall(block, TONCO.router_create_pool.opcode);
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    // an unreadable create or init message builds no action (toncenter's build raises)
    const create = tryParse(() => parseToncoCreatePool(bodySlice(block.message.body)));
    const init = getLabeled('init_pool', others, CallContractBlock);
    if (!create.ok || !init) {
      return [];
    }
    const active = tryParse(() => parseToncoPoolInitActive(bodySlice(init.message.body)));
    if (!active.ok) {
      return [];
    }
    const nb = new ToncoDeployPoolBlock({
      ...create.value,
      deployer: block.message.source,
      router: block.message.destination,
      pool: init.message.destination,
      pool_active: active.value,
    });
    const excess = getLabeled('excesses', others, CallContractBlock);
    nb.merge(excess ? [block, init, excess] : [block, init]);
    return [nb];
  }
}
