/**
 * The subset of Jinja expressions the cases' selectors use (toncenter's generic_yaml_test renders
 * `{{ … }}` with `value` bound to the action): `value.a.b` paths, None/True/False, integers, quoted
 * strings, `==` / `!=` / `<` / `>` / `<=` / `>=`, `|length`, `not`, `and`, `or`, parentheses. Integers
 * may be written in hex (`0x0490f09b`), as Jinja's lexer reads them since 2.11.
 */

type Token =
  | { kind: 'num'; v: bigint }
  | { kind: 'str'; v: string }
  | { kind: 'id'; v: string }
  | { kind: 'op'; v: string };

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src.charAt(i);
    const hex = /^0[xX][0-9a-fA-F]+/.exec(src.slice(i));
    if (/\s/.test(c)) {
      i++;
    } else if (hex) {
      out.push({ kind: 'num', v: BigInt(hex[0]) });
      i += hex[0].length;
    } else if (/[0-9-]/.test(c) && /[0-9]/.test(src[c === '-' ? i + 1 : i] ?? '')) {
      let j = i + 1;
      while (j < src.length && /[0-9]/.test(src.charAt(j))) {
        j++;
      }
      out.push({ kind: 'num', v: BigInt(src.slice(i, j)) });
      i = j;
    } else if (c === "'" || c === '"') {
      const j = src.indexOf(c, i + 1);
      if (j < 0) {
        throw new Error(`unterminated string in ${src}`);
      }
      out.push({ kind: 'str', v: src.slice(i + 1, j) });
      i = j + 1;
    } else if (/[A-Za-z_]/.test(c)) {
      let j = i + 1;
      while (j < src.length && /[A-Za-z0-9_]/.test(src.charAt(j))) {
        j++;
      }
      out.push({ kind: 'id', v: src.slice(i, j) });
      i = j;
    } else {
      const two = src.slice(i, i + 2);
      if (['==', '!=', '<=', '>='].includes(two)) {
        out.push({ kind: 'op', v: two });
        i += 2;
      } else if ('.|()<>'.includes(c)) {
        out.push({ kind: 'op', v: c });
        i++;
      } else {
        throw new Error(`unexpected '${c}' in ${src}`);
      }
    }
  }
  return out;
}

/** Jinja's Undefined: an attribute that is not there. Equal to nothing, not even None. */
const UNDEFINED = Symbol('undefined');
type Val = unknown;

function attr(obj: Val, key: string): Val {
  if (obj === null || obj === undefined || obj === UNDEFINED || typeof obj !== 'object') {
    return UNDEFINED;
  }
  return key in obj ? (obj as Record<string, unknown>)[key] : UNDEFINED;
}

function asBig(v: Val): bigint | null {
  if (typeof v === 'bigint') {
    return v;
  }
  if (typeof v === 'number' && Number.isInteger(v)) {
    return BigInt(v);
  }
  return null;
}

export function looseEquals(a: Val, b: Val): boolean {
  if (a === UNDEFINED || b === UNDEFINED) {
    return false;
  }
  const x = asBig(a);
  const y = asBig(b);
  if (x !== null && y !== null) {
    return x === y;
  }
  if (a === undefined) {
    a = null;
  }
  if (b === undefined) {
    b = null;
  }
  return a === b;
}

function compare(a: Val, b: Val): number {
  const x = asBig(a);
  const y = asBig(b);
  if (x !== null && y !== null) {
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (typeof a === 'string' && typeof b === 'string') {
    return a < b ? -1 : a > b ? 1 : 0;
  }
  throw new Error('cannot order these values');
}

function truthy(v: Val): boolean {
  if (
    v === UNDEFINED ||
    v === null ||
    v === undefined ||
    v === false ||
    v === '' ||
    v === 0 ||
    v === 0n
  ) {
    return false;
  }
  if (Array.isArray(v)) {
    return v.length > 0;
  }
  return true;
}

class Parser {
  private pos = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly value: Val,
  ) {}

  private peek(): Token | undefined {
    return this.tokens[this.pos];
  }

  private isOp(v: string): boolean {
    const t = this.peek();
    return t !== undefined && (t.kind === 'op' || t.kind === 'id') && t.v === v;
  }

  private expect(v: string): void {
    if (!this.isOp(v)) {
      throw new Error(`expected '${v}'`);
    }
    this.pos++;
  }

  parse(): Val {
    const v = this.or();
    if (this.pos !== this.tokens.length) {
      throw new Error('trailing tokens');
    }
    return v;
  }

  private or(): Val {
    let v = this.and();
    while (this.isOp('or')) {
      this.pos++;
      const r = this.and();
      v = truthy(v) ? v : r;
    }
    return v;
  }

  private and(): Val {
    let v = this.not();
    while (this.isOp('and')) {
      this.pos++;
      const r = this.not();
      v = truthy(v) ? r : v;
    }
    return v;
  }

  private not(): Val {
    if (this.isOp('not')) {
      this.pos++;
      return !truthy(this.not());
    }
    return this.comparison();
  }

  private comparison(): Val {
    const left = this.filtered();
    const t = this.peek();
    if (t?.kind === 'op' && ['==', '!=', '<', '>', '<=', '>='].includes(t.v)) {
      this.pos++;
      const right = this.filtered();
      switch (t.v) {
        case '==':
          return looseEquals(left, right);
        case '!=':
          return !looseEquals(left, right);
        case '<':
          return compare(left, right) < 0;
        case '>':
          return compare(left, right) > 0;
        case '<=':
          return compare(left, right) <= 0;
        default:
          return compare(left, right) >= 0;
      }
    }
    return left;
  }

  private filtered(): Val {
    let v = this.primary();
    while (this.isOp('|')) {
      this.pos++;
      const name = this.peek();
      if (name?.kind !== 'id') {
        throw new Error('expected a filter name');
      }
      this.pos++;
      if (name.v !== 'length') {
        throw new Error(`unsupported filter ${name.v}`);
      }
      if (Array.isArray(v) || typeof v === 'string') {
        v = v.length;
      } else if (v !== null && typeof v === 'object') {
        v = Object.keys(v).length;
      } else {
        throw new Error('length of a value without length');
      }
    }
    return v;
  }

  private primary(): Val {
    const t = this.peek();
    if (!t) {
      throw new Error('unexpected end');
    }
    this.pos++;
    if (t.kind === 'num') {
      return t.v;
    }
    if (t.kind === 'str') {
      return t.v;
    }
    if (t.kind === 'op' && t.v === '(') {
      const v = this.or();
      this.expect(')');
      return v;
    }
    if (t.kind === 'id') {
      if (t.v === 'None' || t.v === 'none') {
        return null;
      }
      if (t.v === 'True' || t.v === 'true') {
        return true;
      }
      if (t.v === 'False' || t.v === 'false') {
        return false;
      }
      if (t.v !== 'value') {
        throw new Error(`unknown name ${t.v}`);
      }
      let v: Val = this.value;
      while (this.isOp('.')) {
        this.pos++;
        const k = this.peek();
        if (k?.kind !== 'id') {
          throw new Error('expected an attribute');
        }
        this.pos++;
        v = attr(v, k.v);
      }
      return v;
    }
    throw new Error(`unexpected '${t.v}'`);
  }
}

export function isTemplate(s: unknown): s is string {
  return typeof s === 'string' && s.trim().startsWith('{{') && s.trim().endsWith('}}');
}

/** Evaluates `{{ expr }}` with `value` bound, as a condition (toncenter `evaluate_jinja_expression`). */
export function evaluateSelector(template: string, value: unknown): boolean {
  const t = template.trim();
  const expr = t.slice(2, -2);
  return truthy(new Parser(tokenize(expr), value).parse());
}
