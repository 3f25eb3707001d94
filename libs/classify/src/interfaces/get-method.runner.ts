import { type TupleItem, type TupleReader } from '@ton/core';

/** A get-method's answer: exit code and, on success, the result stack. */
export interface GetMethodAnswer {
  readonly exitCode: number;
  readonly stack: TupleReader | null;
}

/**
 * Runs a get-method of an account "at" a masterchain block. The decoder answers it through
 * liteServer.runSmcMethod at that block; the sender's pending traces answer it in the emulator on the
 * states a trace emulation left (their accounts may not exist on chain yet), ignoring `mcSeqno`.
 */
export interface GetMethodRunner {
  run(
    address: string,
    method: string,
    args: TupleItem[],
    mcSeqno: number,
  ): Promise<GetMethodAnswer>;
}
