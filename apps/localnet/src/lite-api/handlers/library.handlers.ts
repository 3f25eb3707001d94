import { buildMerkleProof } from '@app/ton';
import { Codecs as ClientCodecs } from 'ton-lite-client/dist/schema';
import { requireMasterchainBlock, toTlBlockId } from '../block-id';
import { defineHandler } from '../lite-api-handler';
import { Codecs } from '../lite-api-schema';
import { blockHeaderProof, boc, stateLibraries } from '../proofs';
import { encodeTl } from '../tl-encode';

/** perform_getLibraries answers at most 16 libraries. */
export const MAX_LIBRARIES = 16;

/** liteServer.getLibraries library_list:(vector int256) = liteServer.LibraryResult;
 *  liteServer.libraryResult result:(vector liteServer.libraryEntry);
 *  liteServer.libraryEntry hash:int256 data:bytes (the library cell's BoC); unknown hashes are omitted. */
export const getLibraries = defineHandler(
  'liteServer.getLibraries',
  Codecs.liteServer_getLibraries,
  (req, ctx) => {
    const wanted = req.libraryList.slice(0, MAX_LIBRARIES);
    return encodeTl(ClientCodecs.liteServer_LibraryResult, {
      kind: 'liteServer.libraryResult',
      result: ctx.chain.libraries(wanted).map((lib) => ({
        kind: 'liteServer.libraryEntry',
        hash: lib.hash,
        data: boc(lib.data),
      })),
    });
  },
);

/**
 * liteServer.getLibrariesWithProof id:tonNode.blockIdExt mode:# library_list:(vector int256)
 *   = liteServer.LibraryResultWithProof;
 * liteServer.libraryResultWithProof id mode result:(vector liteServer.libraryEntry) state_proof:bytes
 *   data_proof:bytes
 * Libraries are read from the masterchain state at `id`; state_proof is the block's header proof and
 * data_proof a proof of that state keeping the libraries dictionary's paths to the requested hashes.
 */
export const getLibrariesWithProof = defineHandler(
  'liteServer.getLibrariesWithProof',
  Codecs.liteServer_getLibrariesWithProof,
  (req, ctx) => {
    const mc = requireMasterchainBlock(ctx.chain, req.id);
    const { found, keep } = stateLibraries(mc.state, req.libraryList.slice(0, MAX_LIBRARIES));
    return encodeTl(Codecs.liteServer_LibraryResultWithProof, {
      kind: 'liteServer.libraryResultWithProof',
      id: toTlBlockId(mc.id),
      mode: req.mode,
      result: found.map((lib) => ({
        kind: 'liteServer.libraryEntry',
        hash: lib.hash,
        data: boc(lib.data),
      })),
      stateProof: boc(blockHeaderProof(mc)),
      dataProof: boc(buildMerkleProof(mc.state, keep)),
    });
  },
);
