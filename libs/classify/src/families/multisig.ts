/**
 * Multisig v2 actions (toncenter `blocks/multisig.py`): multisig_create_order, multisig_approve,
 * multisig_execute. Each needs the order contract known to interface detection (get_order_data); its
 * signers join the action's accounts.
 */
import { loadFields, MULTISIG } from '@app/ton';
import type { ActionRow } from '../action';
import { CallContractBlock, isCall, TonTransferBlock } from '../core/basic-blocks';
import { Block } from '../core/block';
import type { ClassifyContext } from '../core/context';
import { BlockMatcher, ContractMatcher, getLabeled, labeled, OrMatcher } from '../core/matchers';
import { bocBase64, bodySlice } from '../tlb/cells';
import { MULTISIG_APPROVE_COMMENT } from '../tlb/multisig';

export interface MultisigCreateOrderData {
  query_id: bigint;
  multisig: string | null;
  order_seqno: bigint;
  created_by: string | null;
  is_created_by_signer: boolean;
  creator_index: number;
  order_contract_address: string | null;
  creator_approved: boolean;
  expiration_date: number;
  order_boc: string;
  signers: string[];
}

export class MultisigCreateOrderBlock extends Block {
  constructor(readonly data: MultisigCreateOrderData) {
    super('multisig_create_order', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.source = d.created_by;
    action.destination = d.multisig;
    action.destination_secondary = d.order_contract_address;
    action.multisig_create_order_data = {
      query_id: d.query_id,
      order_seqno: d.order_seqno,
      is_created_by_signer: d.is_created_by_signer,
      is_signed_by_creator: d.creator_approved,
      creator_index: d.creator_index,
      expiration_date: d.expiration_date,
      order_boc: d.order_boc,
    };
    action.accounts.push(...d.signers);
  }
}

export class MultisigApproveBlock extends Block {
  constructor(
    readonly data: {
      signer: string | null;
      order: string | null;
      success: boolean;
      signer_index: number;
      exit_code: number;
      signers: string[];
    },
  ) {
    super('multisig_approve', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.source = d.signer;
    action.destination = d.order;
    action.success = d.success;
    action.multisig_approve_data = { signer_index: d.signer_index, exit_code: d.exit_code };
    action.accounts.push(...d.signers);
  }
}

export class MultisigExecuteBlock extends Block {
  constructor(
    readonly data: {
      query_id: bigint;
      multisig: string | null;
      success: boolean;
      order_contract_address: string | null;
      order_seqno: bigint;
      expiration_date: number;
      approvals_num: number;
      signers_hash: string;
      order_boc: string;
      signers: string[];
    },
  ) {
    super('multisig_execute', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.source = d.order_contract_address;
    action.destination = d.multisig;
    action.success = d.success;
    action.multisig_execute_data = {
      query_id: d.query_id,
      order_seqno: d.order_seqno,
      expiration_date: d.expiration_date,
      approvals_num: d.approvals_num,
      signers_hash: d.signers_hash,
      order_boc: d.order_boc,
    };
    action.accounts.push(...d.signers);
  }
}

/** new_order (creator → multisig) whose init (multisig → order) deploys a known order contract. */
export class MultisigCreateOrderBlockMatcher extends BlockMatcher {
  constructor() {
    super({ child: labeled('init_order', new ContractMatcher(MULTISIG.order_init.opcode)) });
  }

  override testSelf(block: Block): boolean {
    return isCall(block, MULTISIG.new_order.opcode);
  }

  override buildBlock(block: Block, others: Block[], ctx: ClassifyContext): Block[] {
    const msg = block.message;
    const req = loadFields(MULTISIG.new_order, bodySlice(msg.body));
    const deploy = getLabeled('init_order', others, CallContractBlock);
    if (!deploy) {
      return [];
    }
    const init = loadFields(MULTISIG.order_init, bodySlice(deploy.message.body));
    if (init.signers !== null && !init.signers.isExotic) {
      // toncenter's MultisigInitOrder reads the signers with pytoniq's `load_dict(8, key, value)`,
      // whose `HashMap.parse` hands each key to the key reader as a '0'/'1' string: the reader's
      // `load_uint` raises on it, so a set Maybe bit before an ordinary dictionary cell builds nothing.
      // (The order contract stores its signers as a plain ref, `store_nonempty_dict` = STREF in
      // multisig-contract-v2 `types.func`; toncenter reads the first bit of `expiration_date` as the
      // Maybe bit, and this layout does the same.)
      throw new Error('multisig init: toncenter cannot read a signers dictionary');
    }
    const order = ctx.interfaces.multisigOrder(deploy.message.destination);
    if (!order) {
      return [];
    }
    const nb = new MultisigCreateOrderBlock({
      query_id: req.query_id,
      multisig: msg.destination,
      order_seqno: req.order_seqno,
      created_by: msg.source,
      is_created_by_signer: req.signer,
      creator_index: req.index,
      order_contract_address: deploy.message.destination,
      creator_approved: init.approve_on_init,
      expiration_date: req.expiration_date,
      order_boc: bocBase64(init.order, false),
      signers: order.signers,
    });
    nb.merge([block, deploy]);
    return [nb];
  }
}

/**
 * approve (signer → order), by opcode or by the comment "approve", answered by approve_accepted or
 * approve_rejected; the signer index is only known from the opcode form (-1 otherwise).
 */
export class MultisigApproveBlockMatcher extends BlockMatcher {
  constructor() {
    super({
      child: new OrMatcher([
        labeled('accepted', new ContractMatcher(MULTISIG.approve_accepted.opcode)),
        labeled('rejected', new ContractMatcher(MULTISIG.approve_rejected.opcode)),
      ]),
    });
  }

  override testSelf(block: Block): boolean {
    return (
      (block instanceof CallContractBlock && block.opcode === MULTISIG.approve.opcode) ||
      (block instanceof TonTransferBlock && block.comment === MULTISIG_APPROVE_COMMENT)
    );
  }

  override buildBlock(block: Block, others: Block[], ctx: ClassifyContext): Block[] {
    const include: Block[] = [block];
    const accepted = getLabeled('accepted', others, CallContractBlock);
    let exitCode = 0;
    if (accepted) {
      include.push(accepted);
    } else {
      const rejected = getLabeled('rejected', others, CallContractBlock);
      if (!rejected) {
        return [];
      }
      exitCode = loadFields(MULTISIG.approve_rejected, bodySlice(rejected.message.body)).exit_code;
      include.push(rejected);
    }
    let signerIndex = -1;
    if (block instanceof CallContractBlock) {
      try {
        signerIndex = loadFields(MULTISIG.approve, bodySlice(block.message.body)).signer_index;
      } catch {
        // a body too short for the index (toncenter swallows the parse error alike): index unknown
        signerIndex = -1;
      }
    }
    const msg = block.message;
    const order = ctx.interfaces.multisigOrder(msg.destination);
    if (!order) {
      return [];
    }
    const nb = new MultisigApproveBlock({
      signer: msg.source,
      order: msg.destination,
      success: accepted !== null,
      signer_index: signerIndex,
      exit_code: exitCode,
      signers: order.signers,
    });
    nb.merge(include);
    return [nb];
  }
}

/** execute (a known order → multisig). */
export class MultisigExecuteBlockMatcher extends BlockMatcher {
  override testSelf(block: Block): boolean {
    return isCall(block, MULTISIG.execute.opcode);
  }

  override buildBlock(block: Block, _others: Block[], ctx: ClassifyContext): Block[] {
    const msg = block.message;
    const body = loadFields(MULTISIG.execute, bodySlice(msg.body));
    const order = ctx.interfaces.multisigOrder(msg.source);
    if (!order) {
      return [];
    }
    const nb = new MultisigExecuteBlock({
      query_id: body.query_id,
      multisig: msg.destination,
      success: !block.failed,
      order_contract_address: msg.source,
      order_seqno: body.order_seqno,
      expiration_date: body.expiration_date,
      approvals_num: body.approvals_num,
      signers_hash: body.signers_hash.toString('base64'),
      order_boc: bocBase64(body.order, false),
      signers: order.signers,
    });
    nb.merge([block]);
    return [nb];
  }
}
