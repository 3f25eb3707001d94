/** `creditFirst` → `credit_first` (ASCII camelCase, as the field names of libs/ton's parsed types). */
type SnakeCase<S extends string, Done extends string = ''> = S extends `${infer C}${infer Rest}`
  ? SnakeCase<Rest, `${Done}${C extends Lowercase<C> ? C : `_${Lowercase<C>}`}`>
  : Done;

export type SnakeCased<T> = { readonly [K in keyof T & string as SnakeCase<K>]: T[K] };

/**
 * The object with its camelCase keys in snake_case, values untouched. The columns of `transactions`
 * (and most of `messages`) are libs/ton's ParsedTransaction (ParsedMessage) fields under these names
 * (libs/database chain/*.columns.ts), so an emulated transaction reads as a stored row; the types
 * keep the two in step.
 */
export function snakeCased<T extends object>(o: T): SnakeCased<T> {
  return Object.fromEntries(
    Object.entries(o).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v]),
  ) as SnakeCased<T>;
}
