import { Cell } from '@ton/core';

import { type DecodedObject, isDecodeError } from './body-decoder';
import { DecodedCache } from './decoded-cache';
import { decodeBody, decodeBodyAs, MESSAGE_BODY_REGISTRY } from './message-body.registry';

/**
 * The decoded fields of a v3 Message (toncenter
 * https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models), shared by every
 * renderer of messages (stored rows in the query service, emulated ones in the sender) so they cannot drift.
 */

/**
 * One per process: every renderer of messages shares the bodies decoded so far. Sized for a few MiB
 * each (base64 keys are one byte a character): the query service is sized at 192 MiB (k8s).
 */
const bodies = new DecodedCache(4096, 4 << 20, 4096);
const initStates = new DecodedCache(256, 2 << 20, 16_384);

/** `decoded_opcode`: the registry name of the opcode, null without an opcode or for an unknown one. */
export function decodedOpcodeName(opcode: number | null): string | null {
  return opcode === null ? null : (MESSAGE_BODY_REGISTRY.nameOf(opcode) ?? null);
}

function rootOf(boc: string): Cell | undefined {
  try {
    const roots = Cell.fromBoc(Buffer.from(boc, 'base64'));
    return roots.length === 1 ? roots[0] : undefined;
  } catch {
    // Not a bag of cells: there is no body to decode.
    return undefined;
  }
}

/**
 * `message_content.decoded`: the decoded body, or null when it does not decode. Bodies are parsed
 * only when their opcode is in the registry, which keeps pages of unknown traffic cheap. A text
 * comment keeps toncenter's back-compat shape `{type, @type, comment}`
 * (https://github.com/ton-blockchain/ton/blob/HEAD/validator/impl/liteserver.cpp); every other body
 * is the registry's JSON.
 */
export function decodedMessageBody(
  body: string | null,
  opcode: number | null,
): DecodedObject | null {
  if (body === null || opcode === null || MESSAGE_BODY_REGISTRY.nameOf(opcode) === undefined) {
    return null;
  }
  return bodies.decode(body, decodeBodyBoc);
}

function decodeBodyBoc(body: string): DecodedObject | null {
  const cell = rootOf(body);
  if (cell === undefined) {
    return null;
  }
  const decoded = decodeBody(cell);
  if (isDecodeError(decoded)) {
    return null;
  }
  if (decoded['@type'] === 'text_comment') {
    return { type: 'text_comment', '@type': 'text_comment', comment: decoded.text ?? null };
  }
  return decoded;
}

/** `init_state.decoded`: the StateInit's fields (split_depth, special, code, data, library) or null. */
export function decodedInitState(initState: string | null): DecodedObject | null {
  return initState === null ? null : initStates.decode(initState, decodeInitStateBoc);
}

function decodeInitStateBoc(initState: string): DecodedObject | null {
  const cell = rootOf(initState);
  if (cell === undefined) {
    return null;
  }
  const decoded = decodeBodyAs(cell, 'state_init');
  return isDecodeError(decoded) ? null : decoded;
}
