/**
 * DNS record changes (toncenter `blocks/dns.py`): a change_dns_record call to a DNS item is change_dns
 * when it carries a value, renew_dns when it has none and the zero key, delete_dns otherwise. The call
 * may go to any account; only the action's filler needs it to be a known NFT item (see `fillCommon`).
 */
import { DNS } from '@app/ton';
import type { ActionRow } from '../action';
import { isCall } from '../core/basic-blocks';
import { Block } from '../core/block';
import type { ClassifyContext } from '../core/context';
import { BlockMatcher, BOUNCE_OP, ContractMatcher } from '../core/matchers';
import { bodySlice } from '../tlb/cells';
import { parseChangeDnsRecord, type DnsRecordValue } from '../tlb/dns';

interface DnsData {
  source: string | null;
  item: string | null;
  /** Whether interface detection knows the destination as an NFT item (`get_nft_item`). */
  item_known: boolean;
  collection: string | null;
}

/**
 * The change_dns_record_data composite (toncenter `_fill_change_dns_record_action`): `value` is only
 * present for the schemas toncenter knows.
 */
function recordData(key: Buffer, v: DnsRecordValue | null): Record<string, string | number | null> {
  const data: Record<string, string | number | null> = {
    value_schema: v?.schema ?? null,
    flags: null,
    address: null,
    key: key.toString('hex'),
  };
  switch (v?.schema) {
    case 'DNSNextResolver':
      data.value = v.address;
      break;
    case 'DNSSmcAddress':
      data.value = v.address;
      data.flags = v.flags;
      break;
    case 'DNSAdnlAddress':
      data.value = v.address.toString('hex');
      data.flags = v.flags;
      break;
    case 'DNSStorageAddress':
      data.value = v.address.toString('hex');
      break;
    case 'DNSText':
      data.value = v.text;
      break;
    case 'Unknown':
    case undefined:
      break;
  }
  return data;
}

/**
 * toncenter's `ChangeDnsRecordMatcher.build_block` sets `collection_address` only when `get_nft_item`
 * finds the destination, and its three fillers (`_fill_change_dns_record_action`,
 * `_fill_delete_dns_record_action`, `_fill_dns_renew_action` of `block_tree_serializer.py`) read that
 * key unguarded: for any other destination the filler raises, and the trace is stored failed with its
 * basic actions only (`TraceProcessor.process_trace`). Throwing here takes the same path
 * (`classifyTrace`).
 */
function fillCommon(d: DnsData, action: ActionRow): void {
  if (!d.item_known) {
    throw new Error('change_dns_record to an account that is not a known NFT item');
  }
  action.source = d.source;
  action.destination = d.item;
  action.asset = d.collection;
}

export class ChangeDnsRecordBlock extends Block {
  constructor(readonly data: DnsData & { key: Buffer; value: DnsRecordValue }) {
    super('change_dns', []);
  }

  override fill(action: ActionRow): void {
    fillCommon(this.data, action);
    action.change_dns_record_data = recordData(this.data.key, this.data.value);
  }
}

export class DeleteDnsRecordBlock extends Block {
  constructor(readonly data: DnsData & { key: Buffer }) {
    super('delete_dns', []);
  }

  override fill(action: ActionRow): void {
    fillCommon(this.data, action);
    action.change_dns_record_data = recordData(this.data.key, null);
  }
}

export class DnsRenewBlock extends Block {
  constructor(readonly data: DnsData) {
    super('renew_dns', []);
  }

  override fill(action: ActionRow): void {
    fillCommon(this.data, action);
  }
}

/** change_dns_record (any sender → item), with its optional bounce. */
export class ChangeDnsRecordMatcher extends BlockMatcher {
  constructor() {
    super({ child: new ContractMatcher(BOUNCE_OP, { optional: true, includeExcess: false }) });
  }

  override testSelf(block: Block): boolean {
    return isCall(block, DNS.change_dns_record.opcode);
  }

  override buildBlock(block: Block, others: Block[], ctx: ClassifyContext): Block[] {
    const msg = block.message;
    const body = parseChangeDnsRecord(bodySlice(msg.body));
    const item = ctx.interfaces.nftItem(msg.destination);
    const common: DnsData = {
      source: msg.source,
      item: msg.destination,
      item_known: item !== null,
      collection: item?.collection_address ?? null,
    };
    let nb: Block;
    if (body.value !== null) {
      nb = new ChangeDnsRecordBlock({ ...common, key: body.key, value: body.value });
    } else if (body.key.equals(Buffer.alloc(32))) {
      nb = new DnsRenewBlock(common);
    } else {
      nb = new DeleteDnsRecordBlock({ ...common, key: body.key });
    }
    nb.failed = block.failed;
    nb.merge([block, ...others]);
    return [nb];
  }
}
