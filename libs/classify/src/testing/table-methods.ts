/**
 * Get-methods for probe specs, answered from a table. Not part of the library's barrel; only specs
 * import it.
 */
import { type TupleItem, TupleReader } from '@ton/core';
import { type GetMethodAnswer, type GetMethodRunner } from '../interfaces/get-method.runner';

/** How a call is written down in `calls`: by default its method's name. */
export type CallNote = (address: string, method: string, args: TupleItem[]) => string;

/** Get-methods answered from a table (address → method → stack); anything else fails (exit 11). */
export class TableMethods implements GetMethodRunner {
  readonly calls: string[] = [];

  constructor(
    private readonly table: Record<string, Record<string, TupleItem[]>>,
    private readonly note: CallNote = (_address, method) => method,
  ) {}

  run(address: string, method: string, args: TupleItem[]): Promise<GetMethodAnswer> {
    this.calls.push(this.note(address, method, args));
    const stack = this.table[address]?.[method];
    return Promise.resolve(
      stack === undefined
        ? { exitCode: 11, stack: null }
        : { exitCode: 0, stack: new TupleReader(stack) },
    );
  }
}
