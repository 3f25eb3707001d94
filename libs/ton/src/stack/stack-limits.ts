/**
 * How big a get-method's argument stack may be, wherever one arrives: the gateway's v2 and v3 stack
 * readers (JSON), the liteserver app before its emulator (the serialised VmStack) and the local
 * network's liteServer.runSmcMethod (`params:bytes`). Every bound is checked before the work it
 * bounds: the entry count on the array's length, the nesting before descending, the cells from a
 * BoC's header before any cell is built.
 *
 * Why these numbers: the TVM emulator (@ton/sandbox, the ton-blockchain emulator built to WASM) reads
 * the VmStack recursively on a small stack of its own and traps ("memory access out of bounds") once
 * the serialised stack is about 290 cells deep, whether the depth comes from entries (each one is a
 * `vm_stk_cons` cell over the rest), from tuples and lists (each level a cell) or from a cell
 * argument's own depth; a trapped instance fails every later call. The node's own bound for message
 * and data trees (config param 43 `max_msg_depth` and `max_vm_data_depth`, 512 by default) is
 * therefore too deep here; 256 keeps a margin below the trap. Real get-method arguments (numbers,
 * addresses, a cell or a dictionary, rarely a tuple) are a handful of entries a few cells deep.
 */
export const GET_METHOD_STACK_LIMITS = {
  /**
   * Entries of the stack itself. A TVM tuple holds at most 255 values (TUPLEVAR and UNTUPLEVAR take
   * 0…255, https://docs.ton.org/v3/documentation/tvm/instructions); no get-method takes more
   * arguments than that.
   */
  maxEntries: 255,
  /** Values in all, tuple and list elements included: the structure's cost whatever its shape. */
  maxValues: 1024,
  /**
   * Tuples and lists inside tuples and lists. toncenter's ton-http-api-cpp refuses result stacks
   * nested 100 deep (`max_stack_entry_depth`, https://github.com/toncenter/ton-http-api-cpp);
   * arguments never nest more than two or three levels.
   */
  maxNesting: 16,
  /**
   * Cells of all cell, slice and builder arguments together: as many as one message may carry
   * (config param 43 `max_msg_cells`, 2^13 by default). Building and hashing cells is the costly
   * part of reading a stack; this bounds it whatever a 1 MB body holds.
   */
  maxCells: 1 << 13,
  /** Depth of the serialised VmStack (`vm_stack#_ depth:(## 24) stack:(VmStackList depth)`). */
  maxDepth: 256,
} as const;

/**
 * Cells of a serialised VmStack within the limits: the arguments' cells, and per value at most a
 * `vm_stk_cons` link, the value's own cell and a tuple's head/tail pair.
 */
export const MAX_STACK_BOC_CELLS =
  GET_METHOD_STACK_LIMITS.maxCells + 4 * GET_METHOD_STACK_LIMITS.maxValues;
