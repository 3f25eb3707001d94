/**
 * The live decoder reads the interfaces of the accounts classifyAccounts names and nothing else,
 * while a case's trace file carries every interface toncenter gathered for it. Every golden case of
 * `indexer-traces` (real mainnet traces) is classified again on its file's interfaces cut down to
 * those accounts, with the JVault data read from the file's `data_boc` extras as the latest states
 * would answer: each must still give its expected actions.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import {
  type AccountInterfaces,
  type ClassifiableTrace,
  classifyAccounts,
  classifyTrace,
  defaultRegistry,
  withExtras,
} from '@app/classify';
import { fixturePath } from '@app/testing';
import { checkCase, loadCases } from './golden/cases';
import { readTraceFile } from '../trace-file';

const casesDir = fixturePath('indexer-traces', 'cases');
const tracesDir = fixturePath('indexer-traces', 'traces');

/** The data BoCs the file's `data_boc` extras hold, as latest_account_states would answer. */
function fileDataBocs(trace: ClassifiableTrace): Map<string, string | null> {
  const out = new Map<string, string | null>();
  for (const [account, known] of trace.interfaces) {
    const extra = known.extra?.data_boc;
    if (typeof extra === 'object' && extra !== null && 'data_boc' in extra) {
      const boc = extra.data_boc;
      out.set(account, typeof boc === 'string' ? boc : null);
    }
  }
  return out;
}

/**
 * The file's interfaces of `accounts` (and of their auctions' items, as the repository adds them),
 * without extras: what the decoder's interface tables (jetton_wallets, nft_items, getgems sales and
 * auctions, multisig orders, dex_pools, nominator pool codes) would hold for them.
 */
function storedInterfaces(
  trace: ClassifiableTrace,
  accounts: readonly string[],
): Map<string, AccountInterfaces> {
  const wanted = new Set(accounts);
  for (const account of accounts) {
    const item = trace.interfaces.get(account)?.nft_auction?.nft_addr;
    if (item !== undefined && item !== null) {
      wanted.add(item);
    }
  }
  const out = new Map<string, AccountInterfaces>();
  for (const account of wanted) {
    const known = trace.interfaces.get(account);
    if (known !== undefined) {
      const { extra: _extra, ...stored } = known;
      out.set(account, { ...stored });
    }
  }
  return out;
}

async function liveTrace(trace: ClassifiableTrace): Promise<ClassifiableTrace> {
  const bocs = fileDataBocs(trace);
  const { accounts, extras } = await classifyAccounts([], trace.transactions, (some) =>
    Promise.resolve(new Map(some.flatMap((a) => (bocs.has(a) ? [[a, bocs.get(a) ?? null]] : [])))),
  );
  return { ...trace, interfaces: withExtras(storedInterfaces(trace, accounts), extras) };
}

const files = readdirSync(casesDir)
  .filter((f) => f.endsWith('.yaml'))
  .sort();

void describe('golden cases on the interfaces the live decoder reads', () => {
  for (const file of files) {
    for (const c of loadCases(`${casesDir}/${file}`, file)) {
      void it(`${file}: ${c.name}`, async () => {
        const trace = await liveTrace(await readTraceFile(`${tracesDir}/${c.traceId}.lz4`));
        const result = classifyTrace(trace, defaultRegistry);
        assert.equal(result.error, undefined);
        checkCase(c, result.actions);
      });
    }
  }
});
