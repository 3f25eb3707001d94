import { WALLET_CODE_HASHES, walletInterface } from '@app/classify';
import { type AddressBook } from '@app/contracts';
import { AddressBookQueryRepository, PRIMARY_SERVER, ReadRouter } from '@app/database';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { Address } from '@ton/core';
import { AddressBookCache } from './address-book.cache';

/**
 * Builds `address_book` (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml) for a set of
 * raw addresses with one query: the user-friendly form is bounceable unless the account has no code
 * or runs a wallet code, then non-bounceable (unknown accounts too). `domain` is the shortest
 * self-resolving DNS domain of the account; interfaces come from the decoder's per-code detection,
 * a wallet code naming its single interface (`wallet_v4r2`) as toncenter's code-hash match does.
 * Entries come from AddressBookCache when kept there (none without one), for the epoch of the server
 * the request reads from (ReadRouter: the primary or a read replica).
 */
@Injectable()
export class AddressBookBuilder {
  constructor(
    private readonly repository: AddressBookQueryRepository,
    @Optional() private readonly cache: AddressBookCache = new AddressBookCache(0),
    @Optional() @Inject(ReadRouter) private readonly router?: ReadRouter,
  ) {}

  async build(addresses: Iterable<string>, skip = false): Promise<AddressBook> {
    if (skip) {
      return {};
    }
    const unique = [...new Set(addresses)];
    if (unique.length === 0) {
      // Nothing to look up: not even the epoch of what is kept.
      return {};
    }
    const generation = await this.cache.current(
      () => this.repository.epoch(),
      this.router?.currentServer() ?? PRIMARY_SERVER,
    );
    const kept = new Map<string, AddressBook[string]>();
    for (const raw of unique) {
      const entry = this.cache.get(raw, generation);
      if (entry !== undefined) {
        kept.set(raw, entry);
      }
    }
    const read = await this.read(unique.filter((raw) => !kept.has(raw)));
    const book: AddressBook = {};
    // In the order asked, kept or read.
    for (const raw of unique) {
      const entry = kept.get(raw) ?? read.get(raw);
      if (entry !== undefined) {
        book[raw] = entry;
      }
    }
    for (const [raw, entry] of read) {
      this.cache.keep(generation, raw, entry);
    }
    return book;
  }

  private async read(accounts: string[]): Promise<Map<string, AddressBook[string]>> {
    const out = new Map<string, AddressBook[string]>();
    if (accounts.length === 0) {
      return out;
    }
    const [rows, domains] = await Promise.all([
      this.repository.rows(accounts),
      this.repository.domains(accounts),
    ]);
    const domainOf = new Map(domains.map((d) => [d.account, d.domain]));
    const byAccount = new Map(rows.map((r) => [r.account, r]));
    for (const raw of accounts) {
      const row = byAccount.get(raw);
      const codeHash = row?.code_hash ?? null;
      const bounceable = codeHash !== null && !WALLET_CODE_HASHES.has(codeHash);
      out.set(raw, {
        user_friendly: friendly(raw, bounceable),
        domain: domainOf.get(raw) ?? null,
        interfaces: interfacesOf(row?.interfaces ?? [], codeHash),
      });
    }
    return out;
  }
}

function friendly(raw: string, bounceable: boolean): string | null {
  try {
    return Address.parseRaw(raw).toString({ bounceable, urlSafe: true, testOnly: false });
  } catch {
    // A stored address that does not parse (an addr_var) has no user-friendly form.
    return null;
  }
}

function interfacesOf(detected: string[], codeHash: string | null): string[] {
  if (detected.length > 0) {
    return detected;
  }
  const wallet = walletInterface(codeHash);
  return wallet === undefined ? [] : [wallet];
}
