/**
 * tgBTC teleport (toncenter `tgbtc.py`): mints (a chain from the teleport request to the jetton mint,
 * confirmed by a mint log), burns (a jetton burn whose notification reaches the teleport, confirmed
 * by a burn log), new keys (new_key confirmed by the DKG and new-key logs), and the log-only fallbacks
 * for each log the full matchers did not take (their types get a `_fallback` suffix).
 */
import { TGBTC } from '@app/ton';
import type { ActionRow } from '../action';
import { CallContractBlock, isCall } from '../core/basic-blocks';
import { Block } from '../core/block';
import {
  BlockMatcher,
  BlockTypeMatcher,
  ContractMatcher,
  GenericMatcher,
  OrMatcher,
  getLabeled,
  labeled,
} from '../core/matchers';
import { bodySlice } from '../tlb/cells';
import { JettonOp } from '../tlb/jetton';
import {
  parseTgBTCBurnLog,
  parseTgBTCDkgCompletedLog,
  parseTgBTCMintLog,
  parseTgBTCNewKeyLog,
} from '../tlb/tgbtc';
import { assetAddress, type Asset } from './asset';
import { JettonBurnBlock, JettonMintBlock } from './jettons';

function isCallOf(block: Block, opcode: number): block is CallContractBlock {
  return isCall(block, opcode);
}

interface TgBTCMintData {
  sender: string | null;
  recipient: string | null;
  amount: bigint | null;
  asset: Asset | null;
  bitcoin_txid: string | null;
  success: boolean;
  recipient_wallet: string | null;
  teleport_contract: string | null;
  crippled: boolean;
}

export class TgBTCMintBlock extends Block {
  constructor(readonly data: TgBTCMintData) {
    super('tgbtc_mint', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.type = d.crippled ? 'tgbtc_mint_fallback' : 'tgbtc_mint';
    action.source = d.sender;
    action.destination = d.recipient;
    action.amount = d.amount;
    action.asset = assetAddress(d.asset);
    action.success = d.success;
    action.asset_secondary = d.bitcoin_txid;
    action.source_secondary = d.teleport_contract;
    action.destination_secondary = d.recipient_wallet;
  }
}

/** How far back from the chain's tail the teleport request may be. */
const MINT_CHAIN_MAX = 20;

export class TgBTCMintBlockMatcher extends BlockMatcher {
  constructor() {
    super({
      children: [
        labeled('success_log', new ContractMatcher(TGBTC.mint_log.opcode)),
        labeled('jetton_mint', new BlockTypeMatcher('jetton_mint')),
      ],
    });
  }

  override testSelf(block: Block): boolean {
    return isCallOf(block, TGBTC.mint_tail.opcode);
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const log = getLabeled('success_log', others, CallContractBlock);
    const mint = getLabeled('jetton_mint', others, JettonMintBlock);
    if (!log || !mint) {
      return [];
    }
    const collected = new Set<Block>([block, log, mint, ...others]);
    // walk back to the teleport request, taking the chain (and what earlier blocks merged) along
    let head: Block | null = null;
    let cur: Block = block;
    for (let i = 0; i < MINT_CHAIN_MAX; i++) {
      const prev = cur.previous;
      if (!prev) {
        break;
      }
      collected.add(prev);
      for (const c of prev.children) {
        if (c !== cur) {
          collected.add(c);
        }
      }
      cur = prev;
      if (isCallOf(cur, TGBTC.mint_head.opcode)) {
        head = cur;
        break;
      }
    }
    if (!head) {
      return [];
    }
    const l = parseTgBTCMintLog(bodySlice(log.message.body));
    const nb = new TgBTCMintBlock({
      sender: head.message.source,
      recipient: l.recipient,
      amount: l.amount,
      asset: mint.data.asset,
      bitcoin_txid: l.bitcoin_txid,
      success: true,
      recipient_wallet: mint.data.to_jetton_wallet,
      teleport_contract: log.message.source,
      crippled: false,
    });
    nb.merge([...collected]);
    return [nb];
  }
}

interface TgBTCBurnData {
  sender: string | null;
  jetton_wallet: string | null;
  asset: Asset | null;
  amount: bigint;
  pegout_address: string | null;
  crippled: boolean;
}

export class TgBTCBurnBlock extends Block {
  constructor(readonly data: TgBTCBurnData) {
    super('tgbtc_burn', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.type = d.crippled ? 'tgbtc_burn_fallback' : 'tgbtc_burn';
    action.source = d.sender;
    action.source_secondary = d.jetton_wallet;
    action.destination = d.pegout_address;
    action.amount = d.amount;
    action.asset = assetAddress(d.asset);
  }
}

/** The burn log, then optionally the pegout deployment with its notification and excess. */
function burnTail(): BlockMatcher[] {
  return [
    labeled('tgbtc_burn_log', new ContractMatcher(TGBTC.burn_log.opcode)),
    new ContractMatcher(TGBTC.pegout_deploy.opcode, {
      optional: true,
      children: [
        new ContractMatcher(TGBTC.pegout_notify.opcode, { optional: true }),
        new BlockTypeMatcher('ton_transfer', { optional: true }),
      ],
    }),
  ];
}

export class TgBTCBurnBlockMatcher extends BlockMatcher {
  constructor() {
    super({
      child: new OrMatcher([
        new ContractMatcher(JettonOp.burnNotification, { children: burnTail() }),
        new ContractMatcher(TGBTC.burn_notification.opcode, { children: burnTail() }),
      ]),
    });
  }

  override testSelf(block: Block): boolean {
    return block instanceof JettonBurnBlock;
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    if (!(block instanceof JettonBurnBlock)) {
      return [];
    }
    const log = getLabeled('tgbtc_burn_log', others, CallContractBlock);
    if (!log) {
      return [];
    }
    const l = parseTgBTCBurnLog(bodySlice(log.message.body));
    let amount = block.data.amount;
    amount = amount === 0n ? l.amount : amount < l.amount ? amount : l.amount;
    const nb = new TgBTCBurnBlock({
      sender: block.data.owner,
      jetton_wallet: block.data.jetton_wallet,
      asset: block.data.asset,
      amount,
      pegout_address: l.pegout,
      crippled: false,
    });
    nb.merge([...others, block]);
    return [nb];
  }
}

interface TgBTCNewKeyData {
  coordinator_contract: string | null;
  pubkey: string;
  pegout_address: string | null;
  amount: bigint;
  teleport_contract: string | null;
  timestamp: bigint | null;
  crippled: boolean;
}

export class TgBTCNewKeyBlock extends Block {
  constructor(readonly data: TgBTCNewKeyData) {
    super('tgbtc_new_key', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.type = d.crippled ? 'tgbtc_new_key_fallback' : 'tgbtc_new_key';
    action.source = d.teleport_contract;
    action.source_secondary = d.pubkey;
    action.destination = d.coordinator_contract;
    action.destination_secondary = d.pegout_address;
    action.amount = d.amount;
    action.value = d.timestamp;
  }
}

/** new_key, whose previous block also logged the completed DKG, answered with the new-key log. */
export class TgBTCNewKeyBlockMatcher extends BlockMatcher {
  constructor() {
    super({
      parent: new GenericMatcher(() => true, {
        child: labeled('dkg_completed_log', new ContractMatcher(TGBTC.dkg_completed_log.opcode)),
      }),
      children: burnTail().map((m, i) =>
        i === 0 ? labeled('new_key_log', new ContractMatcher(TGBTC.new_key_log.opcode)) : m,
      ),
    });
  }

  override testSelf(block: Block): boolean {
    return isCallOf(block, TGBTC.new_key.opcode);
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const dkg = getLabeled('dkg_completed_log', others);
    const newKey = getLabeled('new_key_log', others);
    if (!dkg || !newKey) {
      return [];
    }
    const d = parseTgBTCDkgCompletedLog(bodySlice(dkg.message.body));
    const k = parseTgBTCNewKeyLog(bodySlice(newKey.message.body));
    const nb = new TgBTCNewKeyBlock({
      teleport_contract: dkg.message.source,
      coordinator_contract: newKey.message.source,
      pubkey: k.pubkey,
      pegout_address: k.pegout,
      timestamp: d.timestamp,
      amount: k.amount,
      crippled: false,
    });
    nb.merge([...others, block]);
    return [nb];
  }
}

export class TgBTCMintLogOnlyMatcher extends BlockMatcher {
  override testSelf(block: Block): boolean {
    return isCallOf(block, TGBTC.mint_log.opcode);
  }

  override buildBlock(block: Block): Block[] {
    const l = parseTgBTCMintLog(bodySlice(block.message.body));
    const from = block.message.source;
    const nb = new TgBTCMintBlock({
      sender: from,
      recipient: l.recipient,
      amount: l.amount,
      asset: null,
      bitcoin_txid: l.bitcoin_txid,
      success: true,
      recipient_wallet: null,
      teleport_contract: from,
      crippled: true,
    });
    nb.merge([block]);
    return [nb];
  }
}

export class TgBTCBurnLogOnlyMatcher extends BlockMatcher {
  override testSelf(block: Block): boolean {
    return isCallOf(block, TGBTC.burn_log.opcode);
  }

  override buildBlock(block: Block): Block[] {
    const l = parseTgBTCBurnLog(bodySlice(block.message.body));
    const nb = new TgBTCBurnBlock({
      sender: l.sender,
      jetton_wallet: null,
      asset: null,
      amount: l.amount,
      pegout_address: l.pegout,
      crippled: true,
    });
    nb.merge([block]);
    return [nb];
  }
}

export class TgBTCNewKeyLogOnlyMatcher extends BlockMatcher {
  override testSelf(block: Block): boolean {
    return isCallOf(block, TGBTC.new_key_log.opcode);
  }

  override buildBlock(block: Block): Block[] {
    const k = parseTgBTCNewKeyLog(bodySlice(block.message.body));
    const nb = new TgBTCNewKeyBlock({
      coordinator_contract: block.message.source,
      pubkey: k.pubkey,
      pegout_address: k.pegout,
      amount: k.amount,
      teleport_contract: null,
      timestamp: null,
      crippled: true,
    });
    nb.merge([block]);
    return [nb];
  }
}

interface TgBTCDkgLogData {
  coordinator_contract: string | null;
  timestamp: bigint;
  internal_pubkey: string;
}

export class TgBTCDkgLogBlock extends Block {
  constructor(readonly data: TgBTCDkgLogData) {
    super('tgbtc_dkg_log', []);
  }

  override fill(action: ActionRow): void {
    action.type = 'tgbtc_dkg_log_fallback';
    action.source = this.data.coordinator_contract;
    action.asset = this.data.internal_pubkey;
    action.value = this.data.timestamp;
  }
}

export class TgBTCDkgLogOnlyMatcher extends BlockMatcher {
  override testSelf(block: Block): boolean {
    return isCallOf(block, TGBTC.dkg_completed_log.opcode);
  }

  override buildBlock(block: Block): Block[] {
    const d = parseTgBTCDkgCompletedLog(bodySlice(block.message.body));
    const nb = new TgBTCDkgLogBlock({
      coordinator_contract: block.message.source,
      timestamp: d.timestamp,
      internal_pubkey: d.pubkey,
    });
    nb.merge([block]);
    return [nb];
  }
}
