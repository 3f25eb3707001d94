import { bits256, optRef, uint64 } from '../field-type';
import { type TlbConstructor, tlb } from '../tlb-constructor';

/** TEP-81 DNS items. */
export const DNS = {
  // change_dns_record#4eb1f0f9 query_id:uint64 key:bits256 value:(Maybe ^DNSRecord) = InternalMsgBody;
  // The item contract takes "has a value" as "has a ref" (no Maybe bit is read), so value is the
  // ref when one is present: the DNSRecord cell as BoC, null for a delete.
  change_dns_record: tlb('change_dns_record', 0x4eb1f0f9, {
    query_id: uint64,
    key: bits256,
    value: optRef,
  }),
  // dns_balance_release#4ed14b65 query_id:uint64 = InternalMsgBody; (DNS item → owner after an auction)
  balance_release: tlb('dns_balance_release', 0x4ed14b65, { query_id: uint64 }),
};

export const DNS_SCHEMAS: readonly TlbConstructor[] = Object.values(DNS);
