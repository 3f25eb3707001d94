/**
 * A DNS-like item (TEP-81): one domain with its own records, answering `dnsresolve` for itself and
 * delegating deeper subdomains to its `dns_next_resolver` record, changed by its owner with
 * change_dns_record. It is not an NFT; it gives the local network a resolver to query.
 */
export const DNS_ITEM_FC = String.raw`
#include "stdlib.fc";
#include "common.fc";

;; Data: owner_address:MsgAddress domain:^Cell(snake text) records:(HashmapE 256 ^DNSRecord)
(slice, cell, cell) load_dns() inline {
  slice ds = get_data().begin_parse();
  return (ds~load_msg_addr(), ds~load_ref(), ds~load_dict());
}

() recv_internal(int balance, int msg_value, cell in_msg_full, slice body) impure {
  (int flags, slice sender, _) = parse_inbound(in_msg_full);
  if ((flags & 1) | (slice_bits(body) < 32)) {
    return ();
  }
  int op = body~load_uint(32);
  if (op == op::change_dns_record) {
    ;; change_dns_record#4eb1f0f9 query_id:uint64 key:uint256 value:(Maybe ^DNSRecord)
    (slice owner, cell domain, cell records) = load_dns();
    throw_unless(error::not_owner, equal_slices(owner, sender));
    body~skip_bits(64);
    int key = body~load_uint(256);
    cell value = body~load_maybe_ref();
    if (null?(value)) {
      (records, _) = udict_delete?(records, 256, key);
    } else {
      records = udict_set_ref(records, 256, key, value);
    }
    set_data(begin_cell().store_slice(owner).store_ref(domain).store_dict(records).end_cell());
    return ();
  }
  throw(error::unknown_op);
}

;; TEP-81: (int resolved_bits, cell value). The subdomain is in internal form (labels ended by zero
;; bytes); "\0" alone asks for this domain's own records, category 0 for all of them as a dictionary.
(int, cell) dnsresolve(slice subdomain, int category) method_id {
  int bits = slice_bits(subdomain);
  throw_unless(error::bad_subdomain, (bits > 0) & (bits % 8 == 0));
  (_, _, cell records) = load_dns();
  int leading_zero = subdomain.preload_uint(8) == 0;
  if (leading_zero & (bits == 8)) {
    if (category == 0) {
      return (8, records);
    }
    (cell record, _) = udict_get_ref?(records, 256, category);
    return (8, record);
  }
  (cell next, _) = udict_get_ref?(records, 256, "dns_next_resolver"H);
  return (leading_zero ? 8 : 0, next);
}

;; The domain name this item holds (snake text).
slice get_domain() method_id {
  (_, cell domain, _) = load_dns();
  return domain.begin_parse();
}

;; The owner allowed to change the records.
slice get_owner_address() method_id {
  (slice owner, _, _) = load_dns();
  return owner;
}
`;
