import {
  type Address,
  beginCell,
  type Cell,
  type ContractProvider,
  Dictionary,
  type MessageRelaxed,
  SendMode,
  storeMessageRelaxed,
} from '@ton/core';

import { contractCode } from './compile-contract';
import { LocalContract } from './local-contract';
import { MULTISIG, storeFields } from '@app/ton';
import { MultisigOrderAction } from './op-codes';

export interface MultisigConfig {
  readonly threshold: number;
  readonly signers: readonly Address[];
  readonly proposers?: readonly Address[];
  readonly allowArbitraryOrderSeqno?: boolean;
  readonly nextOrderSeqno?: bigint;
}

/** get_multisig_data, with the signer and proposer dictionaries read into lists (by index). */
export interface MultisigData {
  readonly nextOrderSeqno: bigint;
  readonly threshold: number;
  readonly signers: Address[];
  readonly proposers: Address[];
}

/** get_order_data of an initialised order. */
export interface MultisigOrderData {
  readonly multisig: Address;
  readonly orderSeqno: bigint;
  readonly threshold: number;
  readonly sentForExecution: boolean;
  readonly signers: Address[];
  readonly approvalsMask: bigint;
  readonly approvalsNum: number;
  readonly expirationDate: number;
  readonly order: Cell;
}

export type MultisigAction =
  | { readonly type: 'send'; readonly mode: number; readonly message: MessageRelaxed }
  | {
      readonly type: 'update';
      readonly threshold: number;
      readonly signers: readonly Address[];
      readonly proposers: readonly Address[];
    };

/** Hashmap 8 MsgAddressInt: members by index 0, 1, ... */
function membersDict(members: readonly Address[]): Dictionary<number, Address> {
  const dict = Dictionary.empty(Dictionary.Keys.Uint(8), Dictionary.Values.Address());
  members.forEach((member, index) => dict.set(index, member));
  return dict;
}

function readMembers(cell: Cell | null): Address[] {
  if (cell === null) {
    return [];
  }
  const dict = Dictionary.loadDirect(Dictionary.Keys.Uint(8), Dictionary.Values.Address(), cell);
  return [...dict].sort(([a], [b]) => a - b).map(([, address]) => address);
}

/** The order cell: `_ (Hashmap 8 ^MultisigSendMessageAction) = MultisigOrder`, actions by index. */
export function multisigOrder(actions: readonly MultisigAction[]): Cell {
  const dict = Dictionary.empty(Dictionary.Keys.Uint(8), Dictionary.Values.Cell());
  actions.forEach((action, index) => {
    const cell =
      action.type === 'send'
        ? // send_message#f1381e5b mode:uint8 message:^MessageRelaxed
          beginCell()
            .storeUint(MultisigOrderAction.sendMessage, 32)
            .storeUint(action.mode, 8)
            .storeRef(beginCell().store(storeMessageRelaxed(action.message)))
            .endCell()
        : // update_multisig_params#1d0cfbd3 threshold:uint8 signers:^(Hashmap 8 MsgAddressInt) proposers:(HashmapE 8 MsgAddressInt)
          beginCell()
            .storeUint(MultisigOrderAction.updateParams, 32)
            .storeUint(action.threshold, 8)
            .storeRef(beginCell().storeDictDirect(membersDict(action.signers)))
            .storeDict(membersDict(action.proposers))
            .endCell();
    dict.set(index, cell);
  });
  return beginCell().storeDictDirect(dict).endCell();
}

export interface NewOrderArgs {
  readonly queryId?: bigint;
  /** The order's seqno; the maximal uint256 means "the next one". */
  readonly orderSeqno: bigint;
  /** Whether `index` is a signer index (which also approves the order) or a proposer index. */
  readonly bySigner: boolean;
  readonly index: number;
  readonly expirationDate: number;
  readonly actions: readonly MultisigAction[];
}

/** The local multisig (FunC source in ./func/multisig.fc.ts). */
export class Multisig extends LocalContract {
  /**
   * Data: next_order_seqno:uint256 threshold:uint8 signers:^(Hashmap 8 MsgAddressInt) signers_num:uint8
   * proposers:(HashmapE 8 MsgAddressInt) allow_arbitrary_order_seqno:Bool, then ^order_code.
   */
  static async createFromConfig(config: MultisigConfig, workchain = 0): Promise<Multisig> {
    if (
      config.signers.length === 0 ||
      config.threshold < 1 ||
      config.threshold > config.signers.length
    ) {
      throw new Error('a multisig needs 1 <= threshold <= number of signers');
    }
    const [code, orderCode] = await Promise.all([
      contractCode('multisig'),
      contractCode('multisig-order'),
    ]);
    const data = beginCell()
      .storeUint(config.nextOrderSeqno ?? 0n, 256)
      .storeUint(config.threshold, 8)
      .storeRef(beginCell().storeDictDirect(membersDict(config.signers)))
      .storeUint(config.signers.length, 8)
      .storeDict(membersDict(config.proposers ?? []))
      .storeBit(config.allowArbitraryOrderSeqno ?? false)
      .storeRef(orderCode)
      .endCell();
    return Multisig.fromInit(code, data, workchain);
  }

  /** `MULTISIG.new_order`, sent to the multisig by a signer or a proposer. */
  static newOrderBody(args: NewOrderArgs): Cell {
    const values = {
      query_id: args.queryId ?? 0n,
      order_seqno: args.orderSeqno,
      signer: args.bySigner,
      index: args.index,
      expiration_date: args.expirationDate,
      order: multisigOrder(args.actions),
    };
    return storeFields(MULTISIG.new_order, values);
  }

  /** `MULTISIG.approve`, sent to the order by a signer. */
  static approveBody(signerIndex: number, queryId = 0n): Cell {
    const values = { query_id: queryId, signer_index: signerIndex };
    return storeFields(MULTISIG.approve, values);
  }

  /** The send mode most orders use for their messages. */
  static readonly defaultActionMode = SendMode.PAY_GAS_SEPARATELY;

  async getMultisigData(provider: ContractProvider): Promise<MultisigData> {
    const { stack } = await provider.get('get_multisig_data', []);
    return {
      nextOrderSeqno: stack.readBigNumber(),
      threshold: stack.readNumber(),
      signers: readMembers(stack.readCellOpt()),
      proposers: readMembers(stack.readCellOpt()),
    };
  }

  async getOrderAddress(provider: ContractProvider, orderSeqno: bigint): Promise<Address> {
    const { stack } = await provider.get('get_order_address', [{ type: 'int', value: orderSeqno }]);
    return stack.readAddress();
  }
}

/** An order of the local multisig, deployed by the multisig on new_order. */
export class MultisigOrder extends LocalContract {
  async getOrderData(provider: ContractProvider): Promise<MultisigOrderData> {
    const { stack } = await provider.get('get_order_data', []);
    const multisig = stack.readAddress();
    const orderSeqno = stack.readBigNumber();
    const threshold = stack.readNumberOpt();
    if (threshold === null) {
      throw new Error(`order ${this.address.toRawString()} is not initialised`);
    }
    return {
      multisig,
      orderSeqno,
      threshold,
      sentForExecution: stack.readBigNumber() !== 0n,
      signers: readMembers(stack.readCell()),
      approvalsMask: stack.readBigNumber(),
      approvalsNum: stack.readNumber(),
      expirationDate: stack.readNumber(),
      order: stack.readCell(),
    };
  }
}
