import { ErrorCode, type SortOrder, TonApiError } from '@app/contracts';
import { type BlockQueryRepository } from '@app/database';

/** The time and lt bounds and the paging of a v3 list request, as the contracts name them. */
export interface ListWindowReq {
  readonly start_utime?: number | undefined;
  readonly end_utime?: number | undefined;
  readonly start_lt?: string | undefined;
  readonly end_lt?: string | undefined;
  readonly limit: number;
  readonly offset: number;
  readonly sort?: SortOrder | undefined;
}

/** The same fields as the query repositories' filters name them; `sort` as the request has it. */
export interface ListWindow<R extends ListWindowReq> {
  readonly startUtime: number | undefined;
  readonly endUtime: number | undefined;
  readonly startLt: string | undefined;
  readonly endLt: string | undefined;
  readonly limit: number;
  readonly offset: number;
  readonly sort: R['sort'];
}

/** A list request's window, for the filter of the repository that reads the page. */
export function listWindow<R extends ListWindowReq>(req: R): ListWindow<R> {
  return {
    startUtime: req.start_utime,
    endUtime: req.end_utime,
    startLt: req.start_lt,
    endLt: req.end_lt,
    limit: req.limit,
    offset: req.offset,
    sort: req.sort,
  };
}

/**
 * A list filtered by a masterchain block the index does not have answers 404, as toncenter's
 * indexer does, not an empty page.
 */
export async function requireMasterchainBlock(
  blocks: BlockQueryRepository,
  mcSeqno: number | undefined,
): Promise<void> {
  if (mcSeqno !== undefined && !(await blocks.masterchainBlockExists(mcSeqno))) {
    throw new TonApiError(ErrorCode.NOT_FOUND, `masterchain block ${String(mcSeqno)} not found`);
  }
}
