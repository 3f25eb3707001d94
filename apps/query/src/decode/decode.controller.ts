import { type DecodeReq, type DecodeRes, ErrorCode, Subjects, TonApiError } from '@app/contracts';
import { RpcHandler } from '@app/nats';
import { decodeBody, decodeOpcode } from '@app/ton';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Cell } from '@ton/core';

/** One root cell of a base64 BoC, or a 422 naming `bodies` and the index. */
function bodyCell(boc: string, index: number): Cell {
  try {
    const roots = Cell.fromBoc(Buffer.from(boc, 'base64'));
    if (roots.length === 1 && roots[0] !== undefined) {
      return roots[0];
    }
  } catch {
    // reported below with the parameter's name
  }
  throw new TonApiError(
    ErrorCode.INVALID_ARGUMENT,
    `bodies: index ${String(index)} is not a BoC with one root cell`,
    { details: { param: 'bodies' } },
  );
}

/**
 * `ton.query.v1.decode` (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): opcode names
 * and decoded bodies from the TL-B registry of libs/ton. Pure computation, no database: it runs in
 * the query service so that the gateway stays a thin HTTP edge.
 */
@Controller()
export class DecodeController {
  @RpcHandler(Subjects.query.decode)
  decode(@Payload() req: DecodeReq): DecodeRes {
    const cells = req.bodies.map(bodyCell);
    return {
      opcodes: req.opcodes.map(decodeOpcode),
      bodies: cells.map((c) => ({ ...decodeBody(c) })),
    };
  }
}
