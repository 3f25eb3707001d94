import {
  beginCell,
  type Cell,
  Cell as CellClass,
  loadAccount,
  parseTuple,
  serializeTuple,
  storeAccount,
  type Account,
} from '@ton/core';
import { Codecs as ClientCodecs, type tonNode_blockIdExt } from 'ton-lite-client/dist/schema';
import { type TLCodec, TLReadBuffer } from 'ton-tl';

import { flipBit, replaceCell, rewrapProof, serializeBocMultiRoot, sha256 } from '@app/ton';

import { type LiteApiFunctionName, type LiteApiHandler } from '../lite-api/lite-api-handler';
import { LITE_API_HANDLERS } from '../lite-api/handlers';
import { Codecs } from '../lite-api/lite-api-schema';
import { encodeTl } from '../lite-api/tl-encode';

/** The constructor id of liteServer.error: errors pass through unforged. */
export const ERROR_ID = encodeTl(ClientCodecs.liteServer_Error, {
  kind: 'liteServer.error',
  code: 0,
  message: '',
}).readInt32LE(0);

/** How far ahead a lying liteserver claims the head is. */
export const LIE_AHEAD_BLOCKS = 1000;

export type Forger = (honest: Buffer) => Buffer;

/** A forger that decodes the honest answer with `codec`, changes it, and encodes it again. */
export function rewrite<T>(codec: TLCodec<T>, change: (value: T) => T): Forger {
  return (honest) => encodeTl(codec, change(codec.decode(new TLReadBuffer(Buffer.from(honest)))));
}

/** A made-up 32-byte hash, deterministic so every lie about one thing is the same lie. */
const madeUp = (of: Buffer): Buffer => sha256(Buffer.concat([Buffer.from('lie:'), of]));

function aheadId(id: tonNode_blockIdExt): tonNode_blockIdExt {
  return {
    ...id,
    seqno: id.seqno + LIE_AHEAD_BLOCKS,
    rootHash: madeUp(id.rootHash),
    fileHash: madeUp(id.fileHash),
  };
}

/** The first data bit of the deepest-but-one ordinary cell of a tree: a change a reader notices. */
function flipFirstDataCell(root: Cell): Cell {
  let target: Cell | null = null;
  const stack = [root];
  for (let cell = stack.pop(); cell; cell = stack.pop()) {
    if (!cell.isExotic && cell.bits.length > 0 && cell !== root) {
      target = cell;
      break;
    }
    stack.push(...cell.refs);
  }
  return target ? replaceCell(root, target.hash(0), flipBit(target, target.bits.length - 1)) : root;
}

/** A Merkle proof's tree with one data bit changed, re-wrapped: a forged proof of another tree. */
function forgedProof(proofBoc: Buffer): Buffer {
  const roots = CellClass.fromBoc(proofBoc);
  const forged = roots.map((r) => {
    const inner = r.refs[0];
    return inner ? rewrapProof(flipFirstDataCell(inner)) : r;
  });
  return serializeBocMultiRoot(forged);
}

/** An Account with 1,000 TON more, and its code and data each given one more reference. */
function forgedAccount(stateBoc: Buffer): Buffer {
  if (stateBoc.length === 0) {
    return stateBoc;
  }
  const [cell] = CellClass.fromBoc(stateBoc);
  const s = cell?.beginParse();
  if (!s?.loadBit()) {
    return stateBoc;
  }
  const account: Account = loadAccount(s);
  const mark = beginCell().storeStringTail('forged').endCell();
  const state = account.storage.state;
  const forgedState =
    state.type === 'active'
      ? {
          type: 'active' as const,
          state: {
            ...state.state,
            code: state.state.code ? withRef(state.state.code, mark) : state.state.code,
            data: state.state.data ? withRef(state.state.data, mark) : mark,
          },
        }
      : state;
  const forged: Account = {
    ...account,
    storage: {
      ...account.storage,
      balance: {
        ...account.storage.balance,
        coins: account.storage.balance.coins + 1_000_000_000_000n,
      },
      state: forgedState,
    },
  };
  return beginCell().storeBit(1).store(storeAccount(forged)).endCell().toBoc();
}

function withRef(cell: Cell, extra: Cell): Cell {
  if (cell.refs.length >= 4) {
    return flipBit(cell, 0);
  }
  const b = beginCell().storeBits(cell.bits);
  cell.refs.forEach((r) => b.storeRef(r));
  return b.storeRef(extra).endCell();
}

/**
 * runSmcMethod's state_proof re-wrapped around the forged Account (forgedAccount): the state a liar
 * would claim it ran the method on. An empty one (an absent account) stays empty.
 */
function forgedStateProof(stateProof: Buffer | null): Buffer | null {
  const [proof] = stateProof && stateProof.length > 0 ? CellClass.fromBoc(stateProof) : [];
  const account = proof?.refs[0];
  if (!account) {
    return stateProof;
  }
  const [forged] = CellClass.fromBoc(forgedAccount(account.toBoc()));
  return forged ? rewrapProof(forged).toBoc() : stateProof;
}

/** A get-method's result stack with 1,000 TON added to every integer in it. */
function forgedResult(result: Buffer | null): Buffer | null {
  const [root] = result && result.length > 0 ? CellClass.fromBoc(result) : [];
  if (!root) {
    return result;
  }
  const items = parseTuple(root).map((item) =>
    item.type === 'int' ? { ...item, value: item.value + 1_000_000_000_000n } : item,
  );
  return serializeTuple(items).toBoc();
}

/** A BoC of several roots with the first root's last data bit flipped (an altered list). */
function forgedFirstRoot(boc: Buffer): Buffer {
  const roots = CellClass.fromBoc(boc);
  const [first, ...rest] = roots;
  if (!first) {
    return boc;
  }
  return serializeBocMultiRoot([flipBit(first, first.bits.length - 1), ...rest]);
}

const FORGERS = new Map<LiteApiFunctionName, Forger>([
  [
    'liteServer.getMasterchainInfo',
    rewrite(ClientCodecs.liteServer_MasterchainInfo, (v) => ({
      ...v,
      last: aheadId(v.last),
      stateRootHash: madeUp(v.stateRootHash),
    })),
  ],
  [
    'liteServer.getMasterchainInfoExt',
    rewrite(ClientCodecs.liteServer_MasterchainInfoExt, (v) => ({
      ...v,
      last: aheadId(v.last),
      stateRootHash: madeUp(v.stateRootHash),
    })),
  ],
  [
    'liteServer.getAccountState',
    rewrite(ClientCodecs.liteServer_AccountState, (v) => ({ ...v, state: forgedAccount(v.state) })),
  ],
  [
    'liteServer.runSmcMethod',
    rewrite(ClientCodecs.liteServer_RunMethodResult, (v) => ({
      ...v,
      stateProof: forgedStateProof(v.stateProof),
      result: forgedResult(v.result),
    })),
  ],
  [
    'liteServer.getConfigAll',
    rewrite(ClientCodecs.liteServer_ConfigInfo, (v) => ({
      ...v,
      configProof: forgedProof(v.configProof),
    })),
  ],
  [
    'liteServer.getConfigParams',
    rewrite(ClientCodecs.liteServer_ConfigInfo, (v) => ({
      ...v,
      configProof: forgedProof(v.configProof),
    })),
  ],
  [
    'liteServer.getTransactions',
    rewrite(ClientCodecs.liteServer_TransactionList, (v) => ({
      ...v,
      transactions: forgedFirstRoot(v.transactions),
    })),
  ],
  [
    'liteServer.getLibraries',
    rewrite(ClientCodecs.liteServer_LibraryResult, (v) => ({
      ...v,
      result: v.result.map((e) => ({ ...e, data: forgedFirstRoot(e.data) })),
    })),
  ],
  [
    'liteServer.getBlockHeader',
    rewrite(ClientCodecs.liteServer_BlockHeader, (v) => ({
      ...v,
      headerProof: forgedProof(v.headerProof),
    })),
  ],
  [
    'liteServer.lookupBlock',
    rewrite(ClientCodecs.liteServer_BlockHeader, (v) => ({
      ...v,
      headerProof: forgedProof(v.headerProof),
    })),
  ],
  [
    'liteServer.getAllShardsInfo',
    rewrite(ClientCodecs.liteServer_AllShardsInfo, (v) => {
      const [root] = CellClass.fromBoc(v.data);
      return root ? { ...v, data: flipFirstDataCell(root).toBoc({ idx: false }) } : v;
    }),
  ],
  [
    'liteServer.getBlock',
    rewrite(ClientCodecs.liteServer_BlockData, (v) => ({ ...v, data: forgedFirstRoot(v.data) })),
  ],
  [
    'liteServer.getShardInfo',
    rewrite(ClientCodecs.liteServer_ShardInfo, (v) => ({
      ...v,
      shardblk: { ...v.shardblk, rootHash: madeUp(v.shardblk.rootHash) },
      shardDescr: forgedFirstRoot(v.shardDescr),
    })),
  ],
  [
    'liteServer.getShardBlockProof',
    rewrite(ClientCodecs.liteServer_ShardBlockProof, (v) => ({
      ...v,
      links: v.links.map((link) => ({ ...link, proof: forgedProof(link.proof) })),
    })),
  ],
  [
    'liteServer.listBlockTransactions',
    rewrite(ClientCodecs.liteServer_BlockTransactions, (v) => ({
      ...v,
      ids: v.ids.map((id, i) => (i === 0 && id.hash ? { ...id, hash: madeUp(id.hash) } : id)),
    })),
  ],
  [
    'liteServer.listBlockTransactionsExt',
    rewrite(Codecs.liteServer_BlockTransactionsExt, (v) => ({
      ...v,
      transactions: v.transactions.length > 0 ? forgedFirstRoot(v.transactions) : v.transactions,
    })),
  ],
  [
    'liteServer.getOneTransaction',
    rewrite(ClientCodecs.liteServer_TransactionInfo, (v) => ({
      ...v,
      transaction: v.transaction.length > 0 ? forgedFirstRoot(v.transaction) : v.transaction,
    })),
  ],
  [
    'liteServer.getBlockProof',
    // The generated codec: it knows the Simplex signature sets ton-lite-client's does not.
    rewrite(Codecs.liteServer_PartialBlockProof, (v) => ({
      ...v,
      steps: v.steps.map((step) =>
        step.kind === 'liteServer.blockLinkForward'
          ? { ...step, destProof: forgedProof(step.destProof) }
          : { ...step, stateProof: forgedProof(step.stateProof) },
      ),
    })),
  ],
]);

/**
 * The answers of a lying liteserver: it runs the honest handler, then forges what it answered into
 * plausible data it cannot prove — the proofs stay the honest ones (or are re-wrapped around the forged
 * tree), so a client that checks them refuses the answer and one that does not serves the lie. The
 * ADNL identity is the node's own: only the content lies.
 */
export const LYING_HANDLERS = forgingHandlers(FORGERS);

/** The honest handlers, with the answers of those `forgers` names forged; errors pass through. */
export function forgingHandlers(
  forgers: ReadonlyMap<LiteApiFunctionName, Forger>,
): readonly LiteApiHandler[] {
  return LITE_API_HANDLERS.map((h) => {
    const forge = forgers.get(h.name);
    if (!forge) {
      return h;
    }
    return {
      name: h.name,
      run: async (args, ctx) => {
        const honest = await h.run(args, ctx);
        return honest.readInt32LE(0) === ERROR_ID ? honest : forge(honest);
      },
    };
  });
}
