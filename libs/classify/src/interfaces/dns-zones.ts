import { type TonNetwork } from '@app/config';
import { type Slice } from '@ton/core';

/**
 * How the items of one DNS collection tell their domain: the get-method to run (no arguments, a
 * slice answer) and how that slice becomes the full domain. null: not a domain.
 */
export interface DnsZone {
  readonly method: 'get_domain' | 'get_full_domain';
  readonly domain: (answer: Slice) => string | null;
}

/**
 * `.ton` items answer `get_domain` with the name alone; toncenter appends ".ton" (index worker,
 * NftItemDetectorR::get_ton_domain).
 */
const DOT_TON: DnsZone = {
  method: 'get_domain',
  domain: (answer) => {
    const name = answer.loadStringTail();
    return name === '' ? null : `${name}.ton`;
  },
};

/**
 * Telegram usernames (Telemint items) have no `get_domain`: `get_full_domain` answers the TEP-81
 * internal form, labels from the top level down, each ended by a zero byte ("me\0t\0alice\0"),
 * in the slice's own bits (no refs). toncenter (NftItemDetectorR::get_t_me_domain) reads those
 * whole bytes, keeps every label a zero byte ends (a tail without one is dropped) and joins them
 * in reverse order with dots: "alice.t.me". The suffix comes from the item: nothing is appended.
 */
const DOT_T_ME: DnsZone = {
  method: 'get_full_domain',
  domain: (answer) => {
    const bits = answer.remainingBits;
    if (bits % 8 !== 0) {
      return null;
    }
    const labels = answer
      .loadBuffer(bits / 8)
      .toString('utf8')
      .split('\0')
      .slice(0, -1);
    const domain = labels.reverse().join('.');
    return domain === '' ? null : domain;
  },
};

/** DNS collections by raw address (upper-case hex, as ContractProbes keys addresses). */
export type DnsZones = ReadonlyMap<string, DnsZone>;

const MAINNET: DnsZones = new Map([
  // EQC3dNlesgVD8YbAazcauIrXBPfiVhMMr5YYk2in0Mtsz0Bz, the `.ton` root collection
  ['0:B774D95EB20543F186C06B371AB88AD704F7E256130CAF96189368A7D0CB6CCF', DOT_TON],
  // EQCA14o1-VWhS2efqoh_9M1b_A9DtKTuoqfmkn83AbJzwnPi, Telegram usernames (Telemint)
  ['0:80D78A35F955A14B679FAA887FF4CD5BFC0F43B4A4EEA2A7E6927F3701B273C2', DOT_T_ME],
]);

const TESTNET: DnsZones = new Map([
  // EQDjPtM6QusgMgWfl9kMcG-EALslbTITnKcH8VZK1pnH3UZA, testnet's `.ton` root collection
  ['0:E33ED33A42EB2032059F97D90C706F8400BB256D32139CA707F1564AD699C7DD', DOT_TON],
]);

/**
 * The NFT collections whose items toncenter decodes into `dns_entries`
 * (https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-worker/tondb-scanner/src/smc-interfaces
 * "`.ton` / `.t.me` DNS items"), by the network the deployment serves (TON_NETWORK). toncenter's index
 * worker picks them with its `--testnet` flag (NftItemDetectorR::is_testnet): on testnet the
 * `.ton` root is another collection and there is no `.t.me` root at all. `local` takes the
 * mainnet list: the genesis seed's DNS item is a standalone resolver outside any collection (read
 * by its own `get_domain`, not by a zone), and the mainnet-replay seed holds real mainnet accounts.
 */
export const DNS_ZONES: Readonly<Record<TonNetwork, DnsZones>> = {
  local: MAINNET,
  mainnet: MAINNET,
  testnet: TESTNET,
};
