/**
 * Block → `actions` row (toncenter `block_tree_serializer.py`): the common columns here, the
 * type-specific ones from the block's own `fill`.
 */
import { createHash } from 'node:crypto';
import { V1_ACTION_TYPES } from '@app/actions';
import { emptyAction, type ActionRow } from '../action';
import type { ClassifiableTrace } from '../trace-model';
import type { Block } from './block';
import type { ClassificationState } from './pipeline';

/**
 * The "v1" block types: their children are not serialised as separate actions. Internal names that
 * are renamed on output to a v1 type (tonstakers_*, nominator_pool_*, dedust_deposit_liquidity*, ...)
 * count too.
 */
export const V1_BLOCK_TYPES: ReadonlySet<string> = new Set([
  ...V1_ACTION_TYPES,
  'nominator_pool_deposit',
  'nominator_pool_withdraw_request',
  'dedust_deposit_liquidity',
  'dedust_deposit_liquidity_partial',
  'tonstakers_deposit',
  'tonstakers_withdraw_request',
  'tonstakers_withdraw',
  'ethena_withdrawal_request',
  'ethena_deposit',
  'tonco_deposit_liquidity',
  'tonco_withdraw_liquidity',
  'coffee_deposit_liquidity',
]);

/** toncenter's action_id: base64(sha256(<msg_hash of the block's earliest node> + <block type>)). */
export function actionIdOf(msgHash: string, type: string): string {
  return createHash('sha256')
    .update(msgHash + type, 'utf8')
    .digest('base64');
}

function calcActionId(block: Block): string {
  let root = block.nodes[0];
  if (!root) {
    throw new Error(`${block.type} block has no nodes`);
  }
  for (const n of block.nodes) {
    if (n.lt < root.lt) {
      root = n;
    }
  }
  return actionIdOf(root.message.msg_hash, block.type);
}

export function blockToAction(block: Block, data: ClassifiableTrace): ActionRow {
  const trace = data.trace;
  const action = emptyAction({
    trace_id: trace.trace_id,
    action_id: calcActionId(block),
    type: block.type,
  });
  const txHashes = new Set(block.nodes.map((n) => n.txHash));
  let mcSeqnoEnd: number | null = null;
  for (const n of block.nodes) {
    const s = n.tx.mc_block_seqno;
    if (s !== null && (mcSeqnoEnd === null || s > mcSeqnoEnd)) {
      mcSeqnoEnd = s;
    }
  }
  const accounts: (string | null)[] = block.nodes.map((n) => n.tx.account);
  action.start_lt = block.minLt;
  action.end_lt = block.maxLt;
  action.start_utime = block.minUtime;
  action.end_utime = block.maxUtime;
  action.success = !block.failed;
  action.mc_seqno_end = mcSeqnoEnd;
  action.trace_end_lt = trace.end_lt;
  action.trace_end_utime = trace.end_utime;
  action.trace_external_hash = trace.external_hash;
  action.trace_external_hash_norm = trace.external_hash_norm;
  action.trace_mc_seqno_end = trace.mc_seqno_end;
  action.accounts = [];
  block.fill(action);
  accounts.push(...action.accounts, action.source, action.source_secondary);
  if (!block.ghost) {
    accounts.push(action.destination, action.destination_secondary);
  }
  const init = block.initiatingNode;
  if (init) {
    txHashes.add(init.txHash);
    if (!init.isTickTock) {
      accounts.push(init.tx.account);
    }
  }
  action.tx_hashes = [...txHashes];
  action.accounts = [...new Set(accounts.filter((a): a is string => a !== null))];
  return action;
}

function skipped(block: Block): boolean {
  if (block.type === 'root' || block.type === 'empty') {
    return true;
  }
  if (block.type === 'call_contract') {
    const msg = block.nodes[0]?.message;
    return (msg?.destination ?? null) === null || (msg?.source ?? null) === null;
  }
  return false;
}

/**
 * Serialises top-level blocks; a block whose type is not v1 also has its children serialised, with
 * `ancestor_type` naming it and `parent_action_id` its action (child contract_deploy actions dropped).
 */
export function serializeBlocks(
  blocks: readonly Block[],
  data: ClassifiableTrace,
  parentActionId: string | null = null,
): { actions: ActionRow[]; state: ClassificationState } {
  const actions: ActionRow[] = [];
  const ids = new Set<string>();
  let state: ClassificationState = 'ok';
  for (const block of blocks) {
    if (skipped(block)) {
      continue;
    }
    if (block.broken) {
      state = 'broken';
    }
    const action = blockToAction(block, data);
    if (parentActionId !== null && action.action_id === parentActionId) {
      continue;
    }
    action.parent_action_id = parentActionId;
    ids.add(action.action_id);
    actions.push(action);
    if (V1_BLOCK_TYPES.has(block.type)) {
      continue;
    }
    const child = serializeBlocks(block.children, data, action.action_id);
    for (const c of child.actions) {
      if (c.type === 'contract_deploy') {
        continue;
      }
      c.ancestor_type = [...new Set([...c.ancestor_type, block.type])];
      if (ids.has(c.action_id)) {
        throw new Error(`duplicate action id ${c.action_id} in trace ${data.trace.trace_id}`);
      }
      ids.add(c.action_id);
      actions.push(c);
    }
    if (child.state !== 'ok') {
      state = child.state;
    }
  }
  return { actions, state };
}

/** The fallback: one `unknown` action over the whole trace, action_id = trace_id. */
export function createUnknownAction(data: ClassifiableTrace): ActionRow {
  const t = data.trace;
  const action = emptyAction({ trace_id: t.trace_id, action_id: t.trace_id, type: 'unknown' });
  action.tx_hashes = data.transactions.map((tx) => tx.hash);
  action.start_lt = t.start_lt;
  action.end_lt = t.end_lt;
  action.start_utime = t.start_utime;
  action.end_utime = t.end_utime;
  action.success = !data.transactions.some((tx) => tx.aborted);
  action.mc_seqno_end = t.mc_seqno_end;
  action.trace_end_lt = t.end_lt;
  action.trace_end_utime = t.end_utime;
  action.trace_external_hash = t.external_hash;
  action.trace_mc_seqno_end = t.mc_seqno_end;
  action.accounts = [...new Set(data.transactions.map((tx) => tx.account))];
  return action;
}
