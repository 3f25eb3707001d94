import { type DataSource } from 'typeorm';

/** What the address book needs of an account: its code hash and detected interfaces. */
export interface AddressBookSourceRow {
  account: string;
  code_hash: string | null;
  interfaces: string[] | null;
}

/** The rows behind `address_book` (toncenter-v3 §12.1), one batched query for all addresses. */
export class AddressBookQueryRepository {
  constructor(private readonly ds: DataSource) {}

  rows(accounts: readonly string[]): Promise<AddressBookSourceRow[]> {
    if (accounts.length === 0) {
      return Promise.resolve([]);
    }
    return this.ds.query<AddressBookSourceRow[]>(
      `SELECT L.account, L.code_hash, CI.interfaces::text[] AS interfaces
       FROM latest_account_states L
       LEFT JOIN contract_interfaces CI ON CI.code_hash = L.code_hash
       WHERE L.account = ANY($1::varchar[])`,
      [accounts],
    );
  }
}
