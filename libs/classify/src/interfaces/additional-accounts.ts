/**
 * Accounts outside a trace whose interfaces its matchers read: the router wallets a swap names, the
 * pools of a cross swap, the Jetton wallets a TONCO payout or deposit names, the destinations of a
 * wallet's signed messages. toncenter loads their interfaces with the trace's own accounts
 * (`extract_additional_addresses`,
 * https://github.com/toncenter/ton-indexer/blob/HEAD/indexer/indexer/events/blocks/utils/address_selectors.py);
 * a trace file carries them already, the live decoder asks for them here.
 */
import { JVAULT, STONFI, TONCO } from '@app/ton';
import { type Slice } from '@ton/core';
import { bodySlice, parseBoc } from '../tlb/cells';
import { JettonOp, parseJettonNotify, parseJettonTransfer } from '../tlb/jetton';
import { parseStonfiV2Swap, stonfiV2NotificationTarget, stonfiV2PoolWallets } from '../tlb/stonfi';
import { parseToncoFundAccountPayload, parseToncoPayTo, toncoSwapTargets } from '../tlb/tonco';
import { walletExternalPayloads } from '../tlb/wallet-external';
import type { TraceMessage, TraceTransaction } from '../trace-model';

/** Reads the accounts one message names; throws when its body does not read as expected. */
type AccountReader = (message: TraceMessage) => readonly string[];

/**
 * A wallet's signed external: each message it sends names its destination, and a Jetton transfer among
 * them its receiver. A message whose body has no opcode makes toncenter's reader fail for the whole
 * external, so it names nothing then.
 */
function externalAccounts(message: TraceMessage): readonly string[] {
  const out: string[] = [];
  for (const payload of walletExternalPayloads(parseBoc(requiredBody(message)))) {
    if (payload === null) {
      continue;
    }
    if (payload.opcode === null) {
      throw new Error('a wallet payload without an opcode');
    }
    if (payload.destination !== null) {
      out.push(payload.destination);
    }
    if (payload.opcode === JettonOp.transfer) {
      try {
        const receiver = parseJettonTransfer(payload.body.beginParse()).destination;
        if (receiver !== null) {
          out.push(receiver);
        }
      } catch {
        // A payload that is not a readable Jetton transfer names only its destination (toncenter alike).
      }
    }
  }
  return out;
}

/** A Jetton transfer carrying a StonFi v1 swap names the router's wallet of the asset bought. */
function stonfiV1Target(message: TraceMessage): readonly string[] {
  const swap = parseJettonTransfer(bodySlice(message.body)).stonfi_swap_body;
  if (swap === null) {
    return [];
  }
  return [required(swap.jetton_wallet)];
}

/** A router's notification carrying a StonFi v2 swap names the router's wallet of the asset bought. */
function stonfiV2Target(message: TraceMessage): readonly string[] {
  const target = stonfiV2NotificationTarget(bodySlice(message.body));
  return target === null ? [] : [required(target)];
}

/**
 * The forward payload of a Jetton notification when it holds more than its opcode and that opcode is
 * `opcode` (toncenter reads the notification's payload cell so for its TONCO readers); null otherwise.
 */
function notifyPayload(message: TraceMessage, opcode: number): Slice | null {
  const { payload } = parseJettonNotify(bodySlice(message.body));
  if (payload === null || payload.remainingBits <= 32) {
    return null;
  }
  return payload.preloadUint(32) >>> 0 === opcode ? payload : null;
}

/** A TONCO swap request in a notification names the router wallet of every hop's asset. */
function toncoSwapWallets(message: TraceMessage): readonly string[] {
  const payload = notifyPayload(message, TONCO.swap_payload.opcode);
  return payload === null
    ? []
    : toncoSwapTargets(payload).flatMap(([wallet]) => (wallet === null ? [] : [wallet]));
}

/** A TONCO deposit in a notification names the wallet of the pool's other Jetton. */
function toncoDepositWallet(message: TraceMessage): readonly string[] {
  const payload = notifyPayload(message, TONCO.pool_fund_account.opcode);
  return payload === null
    ? []
    : [required(parseToncoFundAccountPayload(payload).other_jetton_wallet)];
}

/** A StonFi v2 swap names the pools' wallets of every hop of a cross swap. */
function stonfiV2Pools(message: TraceMessage): readonly string[] {
  return stonfiV2PoolWallets(parseStonfiV2Swap(bodySlice(message.body)));
}

/** A TONCO router's pay_to names the Jetton wallets it pays from. */
function toncoPayToWallets(message: TraceMessage): readonly string[] {
  const pay = parseToncoPayTo(bodySlice(message.body));
  return [pay.jetton0, pay.jetton1].flatMap((w) => (w === null ? [] : [w]));
}

/** The readers of each opcode, in toncenter's order. */
const READERS_BY_OPCODE: ReadonlyMap<number, readonly AccountReader[]> = new Map([
  [JettonOp.transfer, [stonfiV1Target]],
  [JettonOp.notify, [stonfiV2Target, toncoSwapWallets, toncoDepositWallet]],
  [STONFI.swap_v2.opcode, [stonfiV2Pools]],
  [TONCO.router_pay_to.opcode, [toncoPayToWallets]],
]);

function requiredBody(message: TraceMessage): string {
  if (message.body === null) {
    throw new Error('the message body is not stored');
  }
  return message.body;
}

/** toncenter converts the address to text, which fails on addr_none. */
function required(address: string | null): string {
  if (address === null) {
    throw new Error('addr_none where an address is read');
  }
  return address;
}

/** The accounts the messages of `transactions` name beyond their own (see the module comment). */
export function additionalAccounts(transactions: readonly TraceTransaction[]): Set<string> {
  const out = new Set<string>();
  for (const tx of transactions) {
    for (const message of tx.messages) {
      if (message.opcode === null) {
        continue;
      }
      const readers = [
        ...(message.source === null ? [externalAccounts] : []),
        ...(READERS_BY_OPCODE.get(message.opcode >>> 0) ?? []),
      ];
      for (const read of readers) {
        try {
          for (const account of read(message)) {
            if (account !== '') {
              out.add(account);
            }
          }
        } catch {
          // toncenter runs a message's readers in one try block: the first body that does not read
          // ends that message's accounts (the ones read before it stand).
          break;
        }
      }
    }
  }
  return out;
}

/**
 * The JVault stake wallets whose data the JVault matchers read: the destinations of unstake messages
 * (toncenter's `extract_extra_accounts_data_requests`).
 */
export function jvaultStakeWallets(transactions: readonly TraceTransaction[]): Set<string> {
  const out = new Set<string>();
  for (const tx of transactions) {
    for (const m of tx.messages) {
      const opcode = m.opcode === null ? null : m.opcode >>> 0;
      if (
        (opcode === JVAULT.unstake_jettons.opcode || opcode === JVAULT.unstake_request.opcode) &&
        m.destination !== null
      ) {
        out.add(m.destination);
      }
    }
  }
  return out;
}
