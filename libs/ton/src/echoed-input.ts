/** How much of a client's input an error message repeats back. */
export const ECHOED_INPUT_MAX_CHARS = 256;

/**
 * `input` as an error message may quote it: whole when it is of a normal length (toncenter's
 * wording, e.g. `Failed to parse ton_addr: '<input>'`, stays exact), else its first
 * ECHOED_INPUT_MAX_CHARS characters and an ellipsis, so a 900 KB value cannot make a 900 KB error.
 */
export function echoedInput(input: string): string {
  return input.length > ECHOED_INPUT_MAX_CHARS
    ? `${input.slice(0, ECHOED_INPUT_MAX_CHARS)}…`
    : input;
}
