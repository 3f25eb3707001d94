/**
 * TON's stablecoin jetton (https://github.com/ton-blockchain/stablecoin-contract, MIT; the contracts
 * mainnet's USDT runs), deployed on a local network: the code is the compiled BoC the repository
 * ships, kept in fixtures/contracts/stablecoin with its provenance (fixtures/README.md); the state
 * inits and message bodies follow the storage and TL-B its contracts/jetton.tlb declares.
 */
import { type Address, beginCell, Cell, contractAddress, type StateInit } from '@ton/core';
import { readFixture } from '@app/testing';
import { JETTON } from '@app/ton';
import { type Deployable } from './getgems-contracts';

export type StablecoinContract = 'jetton-minter' | 'jetton-wallet';

/** The code cell of a stablecoin contract, from its fixture. */
export function stablecoinCode(name: StablecoinContract): Cell {
  const [code] = Cell.fromBoc(readFixture('contracts', 'stablecoin', `${name}.boc`));
  if (code === undefined) {
    throw new Error(`fixture ${name}.boc holds no cell`);
  }
  return code;
}

function deployable(init: StateInit): Deployable {
  return { init, address: contractAddress(0, init) };
}

/**
 * The minter: storage total_supply:Coins admin_address:MsgAddress next_admin_address:MsgAddress
 * jetton_wallet_code:^Cell metadata_uri:^Cell. Mainnet's minter keeps the wallet code as a library
 * cell; here it holds the full code, so the wallets it deploys need no library on the chain.
 */
export function stablecoinMinter(admin: Address, metadataUri: string): Deployable {
  const data = beginCell()
    .storeCoins(0)
    .storeAddress(admin)
    .storeAddress(null)
    .storeRef(stablecoinCode('jetton-wallet'))
    .storeRef(beginCell().storeStringTail(metadataUri).endCell())
    .endCell();
  return deployable({ code: stablecoinCode('jetton-minter'), data });
}

/**
 * The wallet of `owner` under `minter`, as the minter and wallets compute it
 * (calculate_jetton_wallet_state_init): storage status:uint4 balance:Coins owner_address
 * jetton_master_address, status and balance 0.
 */
export function stablecoinWallet(owner: Address, minter: Address): Deployable {
  const data = beginCell()
    .storeUint(0, 4)
    .storeCoins(0)
    .storeAddress(owner)
    .storeAddress(minter)
    .endCell();
  return deployable({ code: stablecoinCode('jetton-wallet'), data });
}

/** top_up#d372158c query_id:uint64: accepted by the minter as is (what deploys it). */
export function topUpBody(queryId = 0n): Cell {
  return beginCell().storeUint(JETTON.top_up.opcode, 32).storeUint(queryId, 64).endCell();
}

/** What TEP-74's jetton messages open with: op:uint32 query_id:uint64 amount:Coins. */
function jettonMessageHead(opcode: number, queryId: bigint, amount: bigint) {
  return beginCell().storeUint(opcode, 32).storeUint(queryId, 64).storeCoins(amount);
}

export interface InternalTransferArgs {
  readonly queryId: bigint;
  readonly amount: bigint;
  readonly from: Address | null;
  readonly responseAddress: Address | null;
  readonly forwardTonAmount: bigint;
}

/**
 * internal_transfer#178d4519 query_id:uint64 amount:Coins from:MsgAddress response_address:MsgAddress
 * forward_ton_amount:Coins forward_payload:(Either Cell ^Cell), the payload inline and empty.
 */
export function internalTransferBody(args: InternalTransferArgs): Cell {
  return jettonMessageHead(JETTON.internal_transfer.opcode, args.queryId, args.amount)
    .storeAddress(args.from)
    .storeAddress(args.responseAddress)
    .storeCoins(args.forwardTonAmount)
    .storeBit(false)
    .endCell();
}

/** What the minter sends on to the wallet of `to`, with `tonAmount`. */
export interface MinterCommand {
  readonly queryId: bigint;
  readonly to: Address;
  readonly tonAmount: bigint;
  readonly masterMsg: Cell;
}

/** The layout mint and call_to share: query_id:uint64 to_address:MsgAddressInt ton_amount:Coins ^Cell. */
function minterCommandBody(opcode: number, args: MinterCommand): Cell {
  return beginCell()
    .storeUint(opcode, 32)
    .storeUint(args.queryId, 64)
    .storeAddress(args.to)
    .storeCoins(args.tonAmount)
    .storeRef(args.masterMsg)
    .endCell();
}

/**
 * mint#642b7d07 master_msg:^JettonInternalTransfer: the admin has the minter deploy the wallet of
 * `to` and send it `masterMsg`.
 */
export function mintBody(args: MinterCommand): Cell {
  return minterCommandBody(JETTON.mint.opcode, args);
}

/**
 * transfer#0f8a7ea5 query_id:uint64 amount:Coins destination:MsgAddress
 * response_destination:MsgAddress custom_payload:(Maybe ^Cell) forward_ton_amount:Coins
 * forward_payload:(Either Cell ^Cell): no custom payload, the forward payload inline and empty.
 */
export function jettonTransferBody(args: {
  readonly queryId: bigint;
  readonly amount: bigint;
  readonly destination: Address;
  readonly responseDestination: Address;
  readonly forwardTonAmount: bigint;
}): Cell {
  return jettonMessageHead(JETTON.transfer.opcode, args.queryId, args.amount)
    .storeAddress(args.destination)
    .storeAddress(args.responseDestination)
    .storeBit(false)
    .storeCoins(args.forwardTonAmount)
    .storeBit(false)
    .endCell();
}

/**
 * burn#595f07bc query_id:uint64 amount:Coins response_destination:MsgAddress
 * custom_payload:(Maybe ^Cell). A stablecoin wallet takes it from its minter only.
 */
export function jettonBurnBody(args: {
  readonly queryId: bigint;
  readonly amount: bigint;
  readonly responseDestination: Address;
}): Cell {
  return jettonMessageHead(JETTON.burn.opcode, args.queryId, args.amount)
    .storeAddress(args.responseDestination)
    .storeBit(false)
    .endCell();
}

/**
 * call_to#235caf52 master_msg:^JettonMsg: the admin has the minter send `masterMsg` (a transfer,
 * burn or set_status) to the existing wallet of `to`.
 */
export function callToBody(args: MinterCommand): Cell {
  return minterCommandBody(JETTON.call_to.opcode, args);
}
