/**
 * The classification pipeline (toncenter `TraceProcessor.process_trace` and `event_processing.py`):
 * message tree → basic blocks → every registered matcher over the block tree, in registry order →
 * post-processors → serialisation. A trace nothing classifies gets the external-wallet fallback or
 * `unknown`; an exception anywhere falls back to basic actions with state `failed`. Never throws.
 */
import type { ActionRow } from '../action';
import { bocBase64, bodySlice } from '../tlb/cells';
import { walletExternalPayloads } from '../tlb/wallet-external';
import type { ClassifiableTrace, TraceMessage } from '../trace-model';
import { CallContractBlock, TickTockBlock, TonTransferBlock } from './basic-blocks';
import { type Block, RootBlock } from './block';
import { InterfaceRepository, type ClassifyContext } from './context';
import { buildEventTree, EventNode } from './event-node';
import type { BlockMatcher } from './matchers';
import { createUnknownAction, serializeBlocks, blockToAction } from './serialize';

export type PostProcessor = (blocks: Block[], ctx: ClassifyContext) => Block[];

export interface MatcherRegistry {
  /** Run in this order over the whole tree, one after the other. */
  matchers: readonly BlockMatcher[];
  /** Run on the external-only fallback tree (failed wallet externals). */
  failedExternalMatchers: readonly BlockMatcher[];
  postProcessors: readonly PostProcessor[];
}

export type ClassificationState = 'ok' | 'broken' | 'failed';

export interface ClassificationResult {
  trace_id: string;
  state: ClassificationState;
  actions: ActionRow[];
  error?: string;
}

const TON_TRANSFER_OPS = new Set([0, 0x2167da4b]);

/** toncenter `init_block`: tick-tock, ton_transfer (no opcode / comment, internal) or call_contract. */
function initBlock(node: EventNode): Block {
  const op = node.opcode;
  let block: Block;
  if (node.isTickTock) {
    block = new TickTockBlock(node);
  } else if (
    (op === null || TON_TRANSFER_OPS.has(op)) &&
    node.message.destination !== null &&
    node.message.source !== null
  ) {
    block = new TonTransferBlock(node);
  } else {
    block = new CallContractBlock(node);
  }
  for (const child of node.children) {
    block.connect(initBlock(child));
  }
  return block;
}

/** Adds the contract_deploy children of basic blocks as top-level blocks (toncenter `unwind_deployments`). */
export function unwindDeployments(blocks: Block[]): Block[] {
  const visited = new Set<Block>();
  // blocks grows while iterated: the array iterator sees the appended deployments too
  for (const block of blocks) {
    const queue = [...block.children];
    for (let child = queue.shift(); child; child = queue.shift()) {
      if (child.type === 'contract_deploy' && !visited.has(child)) {
        blocks.push(child);
      } else {
        queue.push(...child.children);
      }
      visited.add(child);
    }
  }
  return blocks;
}

function runMatchers(root: Block, matchers: readonly BlockMatcher[], ctx: ClassifyContext): void {
  for (const m of matchers) {
    for (const b of root.bfs()) {
      if (b.parent === null) {
        m.tryBuild(b, ctx);
      }
    }
  }
}

function postProcess(blocks: Block[], registry: MatcherRegistry, ctx: ClassifyContext): Block[] {
  let out = blocks;
  for (const p of registry.postProcessors) {
    out = p(out, ctx);
  }
  return unwindDeployments(out);
}

function classifyBlocks(
  data: ClassifiableTrace,
  registry: MatcherRegistry,
  ctx: ClassifyContext,
): Block[] {
  const root = new RootBlock();
  root.connect(initBlock(buildEventTree(data.transactions)));
  runMatchers(root, registry.matchers, ctx);
  return postProcess([root, ...root.bfs()], registry, ctx);
}

/** The ghost nodes of a lone failed external to a wallet (toncenter `init_from_external`). */
function initFromExternal(node: EventNode): Block {
  node.failed = true;
  const body = bodySlice(node.message.body).asCell();
  walletExternalPayloads(body).forEach((p, idx) => {
    if (p === null) {
      return;
    }
    const tx = node.tx;
    const msgHash = Buffer.from(p.hash + String(idx), 'utf8').toString('base64');
    const bodyHash = p.body.hash().toString('base64');
    const msg: TraceMessage = {
      msg_hash: msgHash,
      tx_hash: tx.hash,
      tx_lt: tx.lt,
      direction: 'in',
      source: tx.account,
      destination: p.destination,
      value: p.value,
      value_extra_currencies: null,
      fwd_fee: p.fwdFee,
      ihr_fee: p.ihrFee,
      created_lt: tx.lt,
      created_at: tx.now,
      opcode: p.opcode,
      ihr_disabled: null,
      bounce: p.bounce,
      bounced: p.bounced,
      import_fee: 0n,
      body_hash: bodyHash,
      init_state_hash: null,
      body: bocBase64(p.body, false),
      init_state: null,
    };
    const ghost = new EventNode(msg, tx, false, true);
    ghost.failed = true;
    node.addChild(ghost);
  });
  return initBlock(node);
}

function classifyFailedExternal(
  data: ClassifiableTrace,
  registry: MatcherRegistry,
  ctx: ClassifyContext,
): ActionRow[] {
  const actions: ActionRow[] = [];
  try {
    const node = buildEventTree(data.transactions);
    if (node.children.length === 0 && node.message.source === null && !node.isTickTock) {
      const root = new RootBlock();
      const b = initFromExternal(node);
      root.connect(b);
      if (b.next.length > 0) {
        runMatchers(root, registry.failedExternalMatchers, ctx);
        for (const block of postProcess([...root.bfs()], registry, ctx)) {
          if (block.type === 'root' || block.type === 'empty') {
            continue;
          }
          if (
            block.type === 'call_contract' &&
            (block.message.destination === null || block.message.source === null)
          ) {
            continue;
          }
          actions.push(blockToAction(block, data));
        }
      }
    }
  } catch (e) {
    // An unreadable trace falls to the unknown action below; the reason is logged.
    ctx.log?.(`failed-external fallback: ${e instanceof Error ? e.message : String(e)}`);
    actions.length = 0;
  }
  if (actions.length === 0) {
    actions.push(createUnknownAction(data));
  }
  return actions;
}

/** Basic actions only (ton_transfer, call_contract, contract_deploy, tick_tock), for failed traces. */
function classifyBasic(
  data: ClassifiableTrace,
  registry: MatcherRegistry,
  ctx: ClassifyContext,
): ActionRow[] {
  try {
    const node = buildEventTree(data.transactions);
    if (node.children.length === 0) {
      return [createUnknownAction(data)];
    }
    const root = new RootBlock();
    root.connect(initBlock(node));
    return serializeBlocks(
      postProcess([root, ...root.bfs()], { ...registry, postProcessors: [] }, ctx),
      data,
    ).actions;
  } catch (e) {
    // The trace is already reported failed with the first error (classifyTrace); a fallback that
    // fails too leaves it without actions rather than failing its block, and says why.
    ctx.log?.(`basic fallback: ${e instanceof Error ? e.message : String(e)}`);
    return [];
  }
}

/** Classifies one trace into `actions` rows. Never throws. */
export function classifyTrace(
  data: ClassifiableTrace,
  registry: MatcherRegistry,
  log?: (line: string) => void,
): ClassificationResult {
  const trace_id = data.trace.trace_id;
  const first = data.transactions[0];
  if (data.transactions.length === 1 && first?.descr === 'tick_tock') {
    return { trace_id, state: 'ok', actions: [] };
  }
  const ctx: ClassifyContext = {
    interfaces: new InterfaceRepository(data.interfaces),
    ...(log ? { log } : {}),
  };
  try {
    const blocks = classifyBlocks(data, registry, ctx);
    const { actions, state } = serializeBlocks(blocks, data);
    if (actions.length === 0 && data.transactions.length > 0) {
      return { trace_id, state, actions: classifyFailedExternal(data, registry, ctx) };
    }
    return { trace_id, state, actions };
  } catch (e) {
    // An unclassifiable trace is stored as failed, with its reason and the basic actions.
    const error = e instanceof Error ? e.message : String(e);
    return { trace_id, state: 'failed', actions: classifyBasic(data, registry, ctx), error };
  }
}
