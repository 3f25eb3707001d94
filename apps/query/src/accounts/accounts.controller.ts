import { walletInterface } from '@app/classify';
import {
  type AccountStatesReq,
  type AddressBookReq,
  type AddressBookRes,
  type DnsRecordsReq,
  type Metadata,
  type MetadataReq,
  type MultisigOrdersReq,
  type MultisigWalletsReq,
  Subjects,
  type TopAccountsReq,
  type TopAccountsRes,
  type V3AccountStateFull,
  type V3AccountStatesRes,
  type V3DnsRecordsRes,
  type V3MultisigOrder,
  type V3MultisigOrdersRes,
  type V3MultisigWalletsRes,
  type V3VestingRes,
  type V3WalletStatesRes,
  type VestingReq,
  type WalletStatesReq,
} from '@app/contracts';
import {
  AccountQueryRepository,
  type AccountStateQueryRow,
  type MultisigOrderQueryRow,
  ReadScopeInterceptor,
} from '@app/database';
import { RpcHandler } from '@app/nats';
import { Controller, UseInterceptors } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { AddressBookBuilder } from '../address-book/address-book.builder';
import { MetadataBuilder } from '../metadata/metadata.builder';
import { present } from '../tokens/token.mapper';
import { toWalletState } from './wallet-state.parser';

/** Detected interfaces, or a wallet code's single interface (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml). */
function interfacesOf(r: AccountStateQueryRow): string[] {
  if (r.interfaces !== null && r.interfaces.length > 0) {
    return r.interfaces;
  }
  const wallet = walletInterface(r.code_hash);
  return wallet === undefined ? [] : [wallet];
}

function toAccountState(r: AccountStateQueryRow, includeBoc: boolean): V3AccountStateFull {
  const out: V3AccountStateFull = {
    address: r.account,
    account_state_hash: r.hash,
    balance: r.balance,
    extra_currencies: r.balance_extra_currencies,
    status: r.account_status,
    frozen_hash: r.frozen_hash,
    last_transaction_hash: r.last_trans_hash,
    last_transaction_lt: r.last_trans_lt,
    data_hash: r.data_hash,
    code_hash: r.code_hash,
    // Get-method ids are not extracted from code (interfaces are detected by get-methods instead).
    contract_methods: null,
    interfaces: interfacesOf(r),
  };
  if (includeBoc) {
    out.data_boc = r.data_boc;
    out.code_boc = r.code_boc;
  }
  return out;
}

function num(v: string | null): number | null {
  return v === null ? null : Number(v);
}

function toOrder(r: MultisigOrderQueryRow): V3MultisigOrder {
  return {
    address: r.address,
    multisig_address: r.multisig_address,
    order_seqno: r.order_seqno,
    threshold: num(r.threshold),
    sent_for_execution: r.sent_for_execution,
    approvals_mask: r.approvals_mask,
    approvals_num: num(r.approvals_num),
    expiration_date: num(r.expiration_date),
    order_boc: r.order_boc,
    signers: r.signers ?? [],
    last_transaction_lt: r.last_transaction_lt,
    code_hash: r.code_hash,
    data_hash: r.data_hash,
    // parse_actions (decoding order_boc into actions) is not implemented: always null.
    actions: null,
  };
}

/**
 * `ton.query.v1.accountStates`, `walletStates`, `addressBook`, `metadata`, `topAccountsByBalance`
 * (toncenter https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml) and
 * `dnsRecords`, `multisigWallets`, `multisigOrders`, `vesting`.
 */
@Controller()
// All of a request's reads on one server: a read replica when one serves (DATABASE_READ_URLS).
@UseInterceptors(ReadScopeInterceptor)
export class AccountsController {
  constructor(
    private readonly accounts: AccountQueryRepository,
    private readonly addressBook: AddressBookBuilder,
    private readonly metadata: MetadataBuilder,
  ) {}

  @RpcHandler(Subjects.query.accountStates)
  async accountStates(@Payload() req: AccountStatesReq): Promise<V3AccountStatesRes> {
    const rows = await this.accounts.accountStates(req);
    const addresses = rows.map((r) => r.account);
    return {
      accounts: rows.map((r) => toAccountState(r, req.include_boc)),
      address_book: await this.addressBook.build(addresses, req.no_address_book),
      metadata: await this.metadata.build(addresses, req.no_metadata),
    };
  }

  @RpcHandler(Subjects.query.walletStates)
  async walletStates(@Payload() req: WalletStatesReq): Promise<V3WalletStatesRes> {
    const rows = await this.accounts.accountStates(req);
    const addresses = rows.map((r) => r.account);
    return {
      wallets: rows.map(toWalletState),
      address_book: await this.addressBook.build(addresses, req.no_address_book),
      metadata: await this.metadata.build(addresses, req.no_metadata),
    };
  }

  /** Keyed by the inputs as sent; an input that does not parse gets an empty row. */
  @RpcHandler(Subjects.query.addressBook)
  async addressBookOf(@Payload() req: AddressBookReq): Promise<AddressBookRes> {
    const book = await this.addressBook.build(req.entries.flatMap((e) => present(e.raw)));
    const out: AddressBookRes = {};
    for (const e of req.entries) {
      out[e.input] = (e.raw === null ? undefined : book[e.raw]) ?? {
        user_friendly: null,
        domain: null,
        interfaces: [],
      };
    }
    return out;
  }

  @RpcHandler(Subjects.query.metadata)
  metadataOf(@Payload() req: MetadataReq): Promise<Metadata> {
    return this.metadata.build(req.address);
  }

  @RpcHandler(Subjects.query.topAccountsByBalance)
  topAccountsByBalance(@Payload() req: TopAccountsReq): Promise<TopAccountsRes> {
    return this.accounts.topByBalance(req);
  }

  @RpcHandler(Subjects.query.dnsRecords)
  async dnsRecords(@Payload() req: DnsRecordsReq): Promise<V3DnsRecordsRes> {
    const records = await this.accounts.dnsRecords(req);
    return {
      records,
      address_book: await this.addressBook.build(
        records.flatMap((r) =>
          present(r.nft_item_address, r.nft_item_owner, r.dns_wallet, r.dns_next_resolver),
        ),
        req.no_address_book,
      ),
    };
  }

  /** `orders` is null for a multisig without orders when they are included (https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models). */
  @RpcHandler(Subjects.query.multisigWallets)
  async multisigWallets(@Payload() req: MultisigWalletsReq): Promise<V3MultisigWalletsRes> {
    const rows = await this.accounts.multisigs(req);
    const orders = req.include_orders
      ? await this.accounts.ordersOf(rows.map((r) => r.address))
      : [];
    const multisigs = rows.map((r) => {
      const own = orders.filter((o) => o.multisig_address === r.address).map(toOrder);
      return {
        address: r.address,
        next_order_seqno: r.next_order_seqno,
        threshold: Number(r.threshold),
        signers: r.signers,
        proposers: r.proposers,
        last_transaction_lt: r.last_transaction_lt,
        code_hash: r.code_hash,
        data_hash: r.data_hash,
        orders: own.length === 0 && req.include_orders ? null : own,
      };
    });
    return {
      multisigs,
      address_book: await this.addressBook.build(
        [
          ...rows.flatMap((r) => [r.address, ...r.signers, ...r.proposers]),
          ...orders.map((o) => o.address),
        ],
        req.no_address_book,
      ),
    };
  }

  @RpcHandler(Subjects.query.multisigOrders)
  async multisigOrders(@Payload() req: MultisigOrdersReq): Promise<V3MultisigOrdersRes> {
    const rows = await this.accounts.multisigOrders(req);
    return {
      orders: rows.map(toOrder),
      address_book: await this.addressBook.build(
        rows.flatMap((r) => [r.address, r.multisig_address, ...(r.signers ?? [])]),
        req.no_address_book,
      ),
    };
  }

  @RpcHandler(Subjects.query.vesting)
  async vesting(@Payload() req: VestingReq): Promise<V3VestingRes> {
    const rows = await this.accounts.vesting(req);
    return {
      vesting_contracts: rows.map((r) => ({
        address: r.address,
        start_time: Number(r.vesting_start_time),
        total_duration: Number(r.vesting_total_duration),
        unlock_period: Number(r.unlock_period),
        cliff_duration: Number(r.cliff_duration),
        sender_address: r.vesting_sender_address,
        owner_address: r.owner_address,
        total_amount: r.vesting_total_amount,
        whitelist: r.whitelist,
      })),
      address_book: await this.addressBook.build(
        rows.flatMap((r) => [
          r.address,
          ...present(r.vesting_sender_address, r.owner_address),
          ...r.whitelist,
        ]),
        req.no_address_book,
      ),
    };
  }
}
