import { Subjects, type TracesReq, type V3Trace, type V3TracesRes } from '@app/contracts';
import {
  ActionQueryRepository,
  BlockQueryRepository,
  TraceQueryRepository,
  type TraceSpan,
  TransactionQueryRepository,
  ReadScopeInterceptor,
} from '@app/database';
import { RpcHandler } from '@app/nats';
import { assembleTraceTree } from '@app/v3-render';
import { Controller, UseInterceptors } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { AddressBookBuilder } from '../address-book/address-book.builder';
import { ActionRenderer } from '../render-cache/action-renderer';
import { TransactionRenderer } from '../render-cache/transaction-renderer';
import { toV3TraceHead } from './trace.mapper';
import { transactionAddresses } from '../transactions/transaction.mapper';
import { requireMasterchainBlock } from '../wire/require-masterchain-block';

/** Traces above this many transactions come back without a body (ton-index-go `-max-trace-txs`). */
const MAX_TRACE_TRANSACTIONS = 4000;

/** `ton.query.v1.traces` (toncenter https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): the traces, their transactions, tree and actions. */
@Controller()
// All of a request's reads on one server: a read replica when one serves (DATABASE_READ_URLS).
@UseInterceptors(ReadScopeInterceptor)
export class TracesController {
  constructor(
    private readonly traces: TraceQueryRepository,
    private readonly transactions: TransactionQueryRepository,
    private readonly actions: ActionQueryRepository,
    private readonly blocks: BlockQueryRepository,
    private readonly addressBook: AddressBookBuilder,
    private readonly renderer: TransactionRenderer,
    private readonly actionRenderer: ActionRenderer,
  ) {}

  @RpcHandler(Subjects.query.traces)
  async list(@Payload() req: TracesReq): Promise<V3TracesRes> {
    await requireMasterchainBlock(this.blocks, req.mc_seqno);
    const rows = await this.traces.list(req);
    const traces = rows.map(toV3TraceHead);
    const full: V3Trace[] = [];
    for (const trace of traces) {
      if (trace.trace_info.transactions > MAX_TRACE_TRANSACTIONS) {
        trace.is_incomplete = true;
        trace.warning = 'trace is too large';
      } else {
        full.push(trace);
      }
    }
    const addresses: string[] = [];
    // The page's rows carry each trace's lt range: the reads below need not look them up again.
    const spans = new Map(rows.map((r) => [r.trace_id, r]));
    const spansOf = (ids: readonly string[]): TraceSpan[] =>
      ids.flatMap((id) => spans.get(id) ?? []);
    // Actions and transactions are independent reads of the same traces: asked together, a page
    // costs the slower of the two rather than their sum.
    const [actionsByTrace, txsByTrace] = await Promise.all([
      req.include_actions
        ? this.actionRenderer.ofTraces(
            full.map((t) => ({
              traceId: t.trace_id,
              final:
                t.trace_info.trace_state === 'complete' &&
                t.trace_info.classification_state !== 'unclassified',
            })),
            req.supported_action_types,
            (missing) => this.actions.everyOfTraceSpans(spansOf(missing)),
          )
        : undefined,
      this.renderer.ofTraces(
        full.map((t) => ({
          traceId: t.trace_id,
          complete: t.trace_info.trace_state === 'complete',
        })),
        (missing) => this.transactions.ofTraceSpans(spansOf(missing)),
      ),
    ]);
    if (actionsByTrace !== undefined) {
      for (const trace of full) {
        const actions = actionsByTrace.get(trace.trace_id) ?? [];
        for (const a of actions) {
          addresses.push(...a.addresses);
        }
        trace.actions = actions.map((a) => a.value);
      }
    }
    for (const trace of full) {
      const txs = txsByTrace.get(trace.trace_id) ?? [];
      if (txs.length === 0) {
        continue;
      }
      for (const tx of txs) {
        addresses.push(...transactionAddresses(tx));
      }
      trace.transactions_order = txs.map((t) => t.hash);
      trace.transactions = Object.fromEntries(txs.map((t) => [t.hash, t]));
      const { root, warning } = assembleTraceTree(txs);
      if (root !== undefined) {
        trace.trace = root;
      }
      if (warning !== undefined) {
        trace.warning = trace.warning === undefined ? warning : `${trace.warning}, ${warning}`;
      }
    }
    return {
      traces,
      address_book: await this.addressBook.build(addresses, req.no_address_book),
      metadata: {},
    };
  }
}
