import {
  type AddressBook,
  type Metadata,
  type StreamAction,
  type V3Transaction,
} from '@app/contracts';

const RAW_ADDRESS = /^-?\d{1,10}:[0-9A-F]{64}$/;

/**
 * `address_book` / `metadata` restricted to `addresses`, keys sorted as Go's encoding/json writes a
 * map. The producer's book covers the whole trace; each notification carries only its part.
 */
export function subsetOf<T>(
  book: Readonly<Record<string, T>>,
  addresses: Iterable<string>,
): Record<string, T> {
  const out: Record<string, T> = {};
  for (const address of [...new Set(addresses)].sort()) {
    const row = book[address];
    if (row !== undefined) {
      out[address] = row;
    }
  }
  return out;
}

/** A whole book with its keys in Go's order. */
export function sortedBook<T>(book: Readonly<Record<string, T>>): Record<string, T> {
  return subsetOf(book, Object.keys(book));
}

/** toncenter's transactions subset: the accounts, in-message sources and out-message destinations. */
export function transactionAddresses(transactions: readonly V3Transaction[]): string[] {
  const out: string[] = [];
  for (const tx of transactions) {
    out.push(tx.account);
    const source = tx.in_msg?.source ?? null;
    if (source !== null) {
      out.push(source);
    }
    for (const msg of tx.out_msgs) {
      if (msg.destination !== null) {
        out.push(msg.destination);
      }
    }
  }
  return out;
}

function collectAddresses(value: unknown, out: string[]): void {
  if (typeof value === 'string') {
    if (RAW_ADDRESS.test(value)) {
      out.push(value);
    }
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) {
      collectAddresses(item, out);
    }
    return;
  }
  if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) {
      collectAddresses(item, out);
    }
  }
}

/**
 * The addresses an action's fields name (source, destination, assets, jetton wallets, …): toncenter's
 * CollectAddressesFromAction, here every raw address found in `details`, not the `accounts` list.
 */
export function actionAddresses(actions: readonly StreamAction[]): string[] {
  const out: string[] = [];
  for (const { action } of actions) {
    collectAddresses(action.details, out);
  }
  return out;
}

export interface Enrichment {
  readonly address_book?: AddressBook;
  readonly metadata?: Metadata;
}

/** The optional keys of a notification: present only when the client asked (toncenter omitempty). */
export function enrichment(
  asked: { readonly includeAddressBook: boolean; readonly includeMetadata: boolean },
  source: { readonly address_book: AddressBook; readonly metadata: Metadata },
  addresses: readonly string[] | 'all',
): Enrichment {
  const pick = <T>(book: Readonly<Record<string, T>>): Record<string, T> =>
    addresses === 'all' ? sortedBook(book) : subsetOf(book, addresses);
  return {
    ...(asked.includeAddressBook ? { address_book: pick(source.address_book) } : {}),
    ...(asked.includeMetadata ? { metadata: pick(source.metadata) } : {}),
  };
}
