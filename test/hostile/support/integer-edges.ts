/** The values each integer parameter is tried with: the edges of int32, uint32, 2^53, int64, uint64. */
export const EDGE_VALUES: readonly { readonly label: string; readonly value: bigint }[] = [
  { label: '-1', value: -1n },
  { label: '0', value: 0n },
  { label: '2^31-1', value: 2n ** 31n - 1n },
  { label: '2^31', value: 2n ** 31n },
  { label: '2^32-1', value: 2n ** 32n - 1n },
  { label: '2^32', value: 2n ** 32n },
  { label: '2^53', value: 2n ** 53n },
  { label: '2^63', value: 2n ** 63n },
  { label: '2^64', value: 2n ** 64n },
];
