import { WALLET_CODE_HASHES, walletInterface } from '@app/classify';
import { type AddressBook } from '@app/contracts';
import { AddressBookQueryRepository } from '@app/database';
import { Injectable } from '@nestjs/common';
import { Address } from '@ton/core';

/**
 * Builds `address_book` (toncenter-v3 §12.1) for a set of raw addresses with one query: the
 * user-friendly form is bounceable unless the account has no code or runs a wallet code, then
 * non-bounceable (unknown accounts too). `domain` is the shortest self-resolving DNS domain of the
 * account; interfaces come from the decoder's per-code detection, a wallet code naming its single
 * interface (`wallet_v4r2`) as toncenter's code-hash match does.
 */
@Injectable()
export class AddressBookBuilder {
  constructor(private readonly repository: AddressBookQueryRepository) {}

  async build(addresses: Iterable<string>, skip = false): Promise<AddressBook> {
    if (skip) {
      return {};
    }
    const unique = [...new Set(addresses)];
    const [rows, domains] = await Promise.all([
      this.repository.rows(unique),
      this.repository.domains(unique),
    ]);
    const domainOf = new Map(domains.map((d) => [d.account, d.domain]));
    const byAccount = new Map(rows.map((r) => [r.account, r]));
    const book: AddressBook = {};
    for (const raw of unique) {
      const row = byAccount.get(raw);
      const codeHash = row?.code_hash ?? null;
      const bounceable = codeHash !== null && !WALLET_CODE_HASHES.has(codeHash);
      book[raw] = {
        user_friendly: friendly(raw, bounceable),
        domain: domainOf.get(raw) ?? null,
        interfaces: interfacesOf(row?.interfaces ?? [], codeHash),
      };
    }
    return book;
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
