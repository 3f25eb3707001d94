import {
  type DnsResolved,
  type DnsResolveReq,
  ErrorCode,
  type GetShardAccountCellReq,
  type GetShardAccountCellRes,
  TonApiError,
} from '@app/contracts';
import { type LiteserverPool, readConfig } from '@app/liteclient';
import { Address, beginCell, Cell, parseTuple, serializeTuple } from '@ton/core';
import { type LiteClient } from 'ton-lite-client';
import { type tonNode_blockIdExt } from 'ton-lite-client/dist/schema';
import { cellToBase64 } from '../tonlib.mapper';
import { masterchainBlockAt, readAccountSnapshot } from './account-snapshot';
import { dnsResolveArgs, type DnsStep, type DnsStepRunner, resolveDns } from './dns-resolver';

/** `account_none$0 = Account;` for an account the state does not hold. */
const ACCOUNT_NONE = beginCell().storeBit(false).endCell();

function routedBy(seqno: number | undefined): { seqno?: number } {
  return seqno === undefined ? {} : { seqno };
}

/**
 * getShardAccountCell and dnsResolve (toncenter
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml): reads
 * answered with cells and records rather than account summaries.
 */
export class AccountCellsReader {
  constructor(private readonly pool: LiteserverPool) {}

  /**
   * The account's `account_descr$_ account:^Account last_trans_hash:bits256 last_trans_lt:uint64 =
   * ShardAccount;` (block.tlb), built as tonlib's `to_shardAccountCell` builds it from the proven
   * state: `account_none` and zeros for an account that does not exist.
   */
  async shardAccountCell(req: GetShardAccountCellReq): Promise<GetShardAccountCellRes> {
    const { value } = await this.pool.execute(
      'getShardAccountCell',
      async (client) => {
        const { account } = await readAccountSnapshot(client, req);
        const root = account.raw.length > 0 ? Cell.fromBoc(account.raw)[0] : undefined;
        return beginCell()
          .storeRef(root ?? ACCOUNT_NONE)
          .storeUint(account.lastTx?.hash ?? 0n, 256)
          .storeUint(account.lastTx?.lt ?? 0n, 64)
          .endCell();
      },
      routedBy(req.seqno),
    );
    return { '@type': 'tvm.cell', bytes: cellToBase64(value) };
  }

  async dnsResolve(req: DnsResolveReq): Promise<DnsResolved> {
    const { value } = await this.pool.execute(
      'dnsResolve',
      async (client) => {
        const block = await masterchainBlockAt(client, req.seqno);
        const resolver = req.address
          ? Address.parseRaw(req.address.toLowerCase())
          : await rootResolver(client, block);
        if (resolver === undefined) {
          return new TonApiError(
            ErrorCode.NOT_FOUND,
            'the network has no root DNS resolver (config param 4)',
          );
        }
        // tonlib's dns.resolve adds the root's empty component to a name given with a resolver.
        const name = req.name.endsWith('.') ? req.name : `${req.name}.`;
        const category = Buffer.from(req.category ?? Buffer.alloc(32).toString('base64'), 'base64');
        try {
          return await resolveDns(
            stepRunner(client, block),
            resolver,
            Buffer.from(name),
            category,
            req.ttl,
          );
        } catch (error) {
          // The resolution's own errors are the answer, not a liteserver failure to retry.
          if (error instanceof TonApiError) {
            return error;
          }
          throw error;
        }
      },
      routedBy(req.seqno),
    );
    if (value instanceof TonApiError) {
      throw value;
    }
    return value;
  }
}

/** `_ dns_root_addr:bits256 = ConfigParam 4;`: the root resolver, on the masterchain. */
async function rootResolver(
  client: LiteClient,
  block: tonNode_blockIdExt,
): Promise<Address | undefined> {
  const param = (await readConfig(client, block)).get(4);
  if (param === undefined) {
    return undefined;
  }
  return new Address(-1, param.beginParse().loadBuffer(32));
}

/** `dnsresolve` run by the liteserver (liteServer.runSmcMethod) at the resolution's block. */
function stepRunner(client: LiteClient, block: tonNode_blockIdExt): DnsStepRunner {
  return async (resolver, encodedName, category): Promise<DnsStep> => {
    const params = serializeTuple(dnsResolveArgs(encodedName, category)).toBoc({
      idx: false,
      crc32: false,
    });
    const run = await client.runMethod(resolver, 'dnsresolve', params, block);
    if (run.exitCode !== 0 && run.exitCode !== 1) {
      return { exitCode: run.exitCode, resolvedBits: 0n, value: null };
    }
    const stack = run.result === null ? [] : parseTuple(Cell.fromBase64(run.result));
    const [bits, cell] = stack;
    if (bits?.type !== 'int' || (cell?.type !== 'cell' && cell?.type !== 'null')) {
      // tonlib pops a cell-or-null and then a small integer; any other stack fails the method.
      return { exitCode: -1, resolvedBits: 0n, value: null };
    }
    return {
      exitCode: run.exitCode,
      resolvedBits: bits.value,
      value: cell.type === 'cell' ? cell.cell : null,
    };
  };
}
