import { normaliseAddress } from './subscription-targets';

/**
 * The addresses a WebSocket connection already sent, each with its normal form: a re-subscribe with
 * the same list costs map look-ups, not an address parse (base64, CRC) per entry. Holds at most
 * `capacity` forms (the caller's address allowance, twice) and starts over past it.
 */
export class AddressMemo {
  private readonly forms = new Map<string, string | undefined>();

  constructor(private readonly capacity: number) {}

  /** Forms held now. */
  get size(): number {
    return this.forms.size;
  }

  readonly normalise = (input: string): string | undefined => {
    if (this.forms.has(input)) {
      return this.forms.get(input);
    }
    const form = normaliseAddress(input);
    if (this.forms.size >= this.capacity) {
      this.forms.clear();
    }
    this.forms.set(input, form);
    return form;
  };
}
