import { type Address, type Cell, loadMessage } from '@ton/core';
import { BocShapeError } from '../boc/boc-shape';
import { readSingleRootBoc } from '../boc/single-root-boc';
import { normalizedExternalHashOf } from './external-message-hash';

/*
 * What a validator accepts as an external message (validator/impl/external-message.cpp,
 * ExtMessageQ::create), with the limits of config param 43:
 *   size_limits_config#01 max_msg_bits:uint32 max_msg_cells:uint32 max_library_cells:uint32
 *     max_vm_data_depth:uint16 max_ext_msg_size:uint32 max_ext_msg_depth:uint16 = SizeLimitsConfig;
 *   size_limits_config_v2#02 (the same first fields) max_acc_state_cells:uint32 … = SizeLimitsConfig;
 * and a root that is `message$_ info:CommonMsgInfo …` with `ext_in_msg_info$10`.
 */

export interface ExternalMessageLimits {
  /** max_ext_msg_size: bytes of the serialised BoC. */
  readonly maxBocBytes: number;
  /** max_msg_cells: cells of the message. */
  readonly maxCells: number;
  /** max_ext_msg_depth: depth of the root (0 for a cell without references). */
  readonly maxDepth: number;
}

/** The defaults of block/mc-config.h (SizeLimitsConfig), used when param 43 is absent. */
export const DEFAULT_EXTERNAL_MESSAGE_LIMITS: ExternalMessageLimits = {
  maxBocBytes: 65535,
  maxCells: 1 << 13,
  maxDepth: 512,
};

/** A message that can be handed to a liteserver. */
export interface CheckedExternalMessage {
  readonly root: Cell;
  /** Representation hash of the message cell (toncenter `hash`). */
  readonly hash: Buffer;
  /** TEP-467 normalised hash (toncenter `hash_norm`). */
  readonly hashNorm: Buffer;
  readonly destination: Address;
}

/** Why a BoC is not a sendable external message; `reason` is safe to show to the client. */
export class ExternalMessageRejection extends Error {
  override readonly name = 'ExternalMessageRejection';

  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * Checks `bytes` as a complete external inbound message within `limits`: the size first, then the
 * shape of the BoC from its bytes (cell count, one root, forward references, depth) before any cell is
 * built, then the TL-B of the root. The work is linear in the BoC's length, whatever it contains.
 */
export function checkExternalMessageBoc(
  bytes: Buffer,
  limits: ExternalMessageLimits,
): CheckedExternalMessage {
  let root: Cell;
  try {
    root = readSingleRootBoc(bytes, {
      maxBytes: limits.maxBocBytes,
      maxCells: limits.maxCells,
      maxDepth: limits.maxDepth,
    });
  } catch (error) {
    if (error instanceof BocShapeError) {
      throw new ExternalMessageRejection(error.message);
    }
    throw error;
  }
  let destination: Address;
  let body: Cell;
  try {
    const message = loadMessage(root.beginParse());
    if (message.info.type !== 'external-in') {
      throw new Error('not external-in');
    }
    destination = message.info.dest;
    body = message.body;
  } catch {
    // Whatever failed to load, the cell is no external-in Message X (block.tlb).
    throw new ExternalMessageRejection('not an external inbound message');
  }
  return {
    root,
    hash: root.hash(),
    hashNorm: normalizedExternalHashOf(destination, body),
    destination,
  };
}

/**
 * Reads the limits of config param 43 (`size_limits_config#01` or `#02`); the defaults when the
 * parameter is absent or of an unknown version.
 */
export function externalMessageLimitsOf(param43: Cell | undefined): ExternalMessageLimits {
  if (param43 === undefined) {
    return DEFAULT_EXTERNAL_MESSAGE_LIMITS;
  }
  const s = param43.beginParse();
  const tag = s.loadUint(8);
  if (tag !== 0x01 && tag !== 0x02) {
    return DEFAULT_EXTERNAL_MESSAGE_LIMITS;
  }
  s.loadUint(32); // max_msg_bits
  const maxCells = s.loadUint(32);
  s.loadUint(32); // max_library_cells
  s.loadUint(16); // max_vm_data_depth
  const maxBocBytes = s.loadUint(32);
  const maxDepth = s.loadUint(16);
  return { maxBocBytes, maxCells, maxDepth };
}
