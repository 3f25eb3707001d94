/**
 * DNS record details (ton-index-go `index/parse/actions.go`, the change_dns, delete_dns and renew_dns
 * cases of `ParseRawAction`; json tags of `ActionDetailsChangeDns`, `ActionDetailsChangeDnsValue`,
 * `ActionDetailsDeleteDns` and `ActionDetailsRenewDns` in `index/models/actions.go`): the DNS item is
 * `asset`, its collection `nft_collection`.
 */
import { field, num, str } from './shared';
import type { ActionRenderRow, ApiJson, Renderer } from './types';

/** The record value under the key its schema selects (change_dns_record_data). */
function recordValue(a: ActionRenderRow): Record<string, ApiJson> {
  const d = a.change_dns_record_data;
  const schema = str(field(d, 'value_schema'));
  const value = str(field(d, 'value'));
  return {
    sum_type: schema,
    dns_smc_address: schema === 'DNSSmcAddress' ? value : null,
    dns_adnl_address: schema === 'DNSAdnlAddress' ? value : null,
    // ton-index-go never fills dns_text: a DNSText value lands in dns_storage_address
    dns_text: null,
    dns_next_resolver_address: schema === 'DNSNextResolver' ? value : null,
    dns_storage_address: schema === 'DNSStorageAddress' || schema === 'DNSText' ? value : null,
    flags: num(field(d, 'flags')),
  };
}

export const DNS_RENDERERS: Record<string, Renderer> = {
  change_dns: (a) => ({
    key: str(field(a.change_dns_record_data, 'key')),
    value: recordValue(a),
    source: a.source,
    asset: a.destination,
    nft_collection: a.asset,
  }),
  // the record key is printed as `hash` here
  delete_dns: (a) => ({
    hash: str(field(a.change_dns_record_data, 'key')),
    source: a.source,
    asset: a.destination,
    nft_collection: a.asset,
  }),
  renew_dns: (a) => ({
    source: a.source,
    asset: a.destination,
    nft_collection: a.asset,
  }),
};
