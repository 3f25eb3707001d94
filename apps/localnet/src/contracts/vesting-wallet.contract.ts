import { sign } from '@ton/crypto';
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
import { LocalContract, rawOrNone } from './local-contract';
import { storeFields, VESTING } from '@app/ton';

export interface VestingParams {
  /** unix time */
  readonly startTime: number;
  /** seconds from start until everything is unlocked */
  readonly totalDuration: number;
  /** seconds: funds unlock in whole periods */
  readonly unlockPeriod: number;
  /** seconds from start before anything unlocks */
  readonly cliffDuration: number;
  readonly totalAmount: bigint;
  /** may add whitelist entries */
  readonly sender: Address;
  /** may send through the wallet with internal send messages */
  readonly owner: Address;
}

export interface VestingWalletConfig extends VestingParams {
  readonly publicKey: Buffer;
  readonly subwalletId?: number;
  readonly whitelist?: readonly Address[];
}

export interface VestingData extends VestingParams {
  readonly whitelist: Address[];
}

/** The wallets' mode for a message: pay the fees separately, ignore errors (the only mode while locked). */
export const VESTING_SEND_MODE = SendMode.PAY_GAS_SEPARATELY | SendMode.IGNORE_ERRORS;

/** HashmapE 267 True: the key is the whole addr_std (2 + 1 + 8 + 256 bits), the value empty. */
function whitelistDict(addresses: readonly Address[]): Dictionary<Address, boolean> {
  const dict = Dictionary.empty(Dictionary.Keys.Address(), {
    serialize: () => undefined,
    parse: () => true,
  });
  for (const address of addresses) {
    dict.set(address, true);
  }
  return dict;
}

/** The local vesting wallet (FunC source in ./func/vesting.fc.ts). */
export class VestingWallet extends LocalContract {
  /**
   * Data: seqno:uint32 subwallet_id:uint32 public_key:uint256 whitelist:(HashmapE 267 True)
   * ^(vesting_start_time:uint64 vesting_total_duration:uint32 unlock_period:uint32 cliff_duration:uint32
   * vesting_total_amount:Coins vesting_sender_address:MsgAddress owner_address:MsgAddress).
   */
  static async createFromConfig(
    config: VestingWalletConfig,
    workchain = 0,
  ): Promise<VestingWallet> {
    const code = await contractCode('vesting-wallet');
    const params = beginCell()
      .storeUint(config.startTime, 64)
      .storeUint(config.totalDuration, 32)
      .storeUint(config.unlockPeriod, 32)
      .storeUint(config.cliffDuration, 32)
      .storeCoins(config.totalAmount)
      .storeAddress(config.sender)
      .storeAddress(config.owner)
      .endCell();
    const data = beginCell()
      .storeUint(0, 32)
      .storeUint(config.subwalletId ?? 0, 32)
      .storeBuffer(config.publicKey, 32)
      .storeDict(whitelistDict(config.whitelist ?? []))
      .storeRef(params)
      .endCell();
    return VestingWallet.fromInit(code, data, workchain);
  }

  /**
   * A signed external: signature:bits512 subwallet_id:uint32 valid_until:uint32 seqno:uint32, then at
   * most one send_mode:uint8 ^MessageRelaxed; the signature covers the cell of everything after it.
   */
  static createTransfer(args: {
    readonly seqno: number;
    readonly secretKey: Buffer;
    readonly validUntil: number;
    readonly subwalletId?: number;
    readonly message?: MessageRelaxed;
    readonly sendMode?: number;
  }): Cell {
    const unsigned = beginCell()
      .storeUint(args.subwalletId ?? 0, 32)
      .storeUint(args.validUntil, 32)
      .storeUint(args.seqno, 32);
    if (args.message) {
      unsigned
        .storeUint(args.sendMode ?? VESTING_SEND_MODE, 8)
        .storeRef(beginCell().store(storeMessageRelaxed(args.message)));
    }
    const signature = sign(unsigned.endCell().hash(), args.secretKey);
    return beginCell().storeBuffer(signature).storeBuilder(unsigned).endCell();
  }

  /** `VESTING.add_whitelist`: the first address inline, further addresses each in a ref. */
  static addWhitelistBody(addresses: readonly Address[], queryId = 0n): Cell {
    const [first, ...rest] = addresses;
    if (first === undefined) {
      throw new Error('add_whitelist needs at least one address');
    }
    let tail: Cell | null = null;
    for (const address of [...rest].reverse()) {
      const link = beginCell().storeAddress(address);
      tail = (tail === null ? link : link.storeRef(tail)).endCell();
    }
    const values = {
      query_id: queryId,
      address: rawOrNone(first),
      more: tail === null ? null : beginCell().storeRef(tail).endCell(),
    };
    return storeFields(VESTING.add_whitelist, values);
  }

  /** `VESTING.send_message` (from the owner). */
  static sendBody(
    message: MessageRelaxed,
    sendMode: number = VESTING_SEND_MODE,
    queryId = 0n,
  ): Cell {
    const values = {
      query_id: queryId,
      send_mode: sendMode,
      message: beginCell().store(storeMessageRelaxed(message)).endCell(),
    };
    return storeFields(VESTING.send_message, values);
  }

  async getSeqno(provider: ContractProvider): Promise<number> {
    const { stack } = await provider.get('seqno', []);
    return stack.readNumber();
  }

  async getVestingData(provider: ContractProvider): Promise<VestingData> {
    const { stack } = await provider.get('get_vesting_data', []);
    const data = {
      startTime: stack.readNumber(),
      totalDuration: stack.readNumber(),
      unlockPeriod: stack.readNumber(),
      cliffDuration: stack.readNumber(),
      totalAmount: stack.readBigNumber(),
      sender: stack.readAddress(),
      owner: stack.readAddress(),
    };
    const whitelist = stack.readCellOpt();
    const dict = whitelist
      ? Dictionary.loadDirect(
          Dictionary.Keys.Address(),
          { serialize: () => undefined, parse: () => true },
          whitelist,
        )
      : null;
    return { ...data, whitelist: dict ? dict.keys() : [] };
  }

  async getLockedAmount(provider: ContractProvider, atTime: number): Promise<bigint> {
    const { stack } = await provider.get('get_locked_amount', [
      { type: 'int', value: BigInt(atTime) },
    ]);
    return stack.readBigNumber();
  }

  async getIsWhitelisted(provider: ContractProvider, address: Address): Promise<boolean> {
    const { stack } = await provider.get('is_whitelisted', [
      { type: 'slice', cell: beginCell().storeAddress(address).endCell() },
    ]);
    return stack.readBigNumber() !== 0n;
  }
}
