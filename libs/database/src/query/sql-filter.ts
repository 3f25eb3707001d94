/**
 * A WHERE clause built from optional filters with numbered parameters, so values never enter the SQL
 * text. `param` returns the placeholder of a value; `and` adds a condition.
 */
export class SqlFilter {
  readonly params: unknown[] = [];
  private readonly conditions: string[] = [];

  constructor(private readonly paramOffset = 0) {}

  param(value: unknown): string {
    this.params.push(value);
    return `$${String(this.params.length + this.paramOffset)}`;
  }

  and(condition: string): this {
    this.conditions.push(condition);
    return this;
  }

  /** ` WHERE a AND b`, or an empty string without conditions. */
  where(): string {
    return this.conditions.length === 0 ? '' : ` WHERE ${this.conditions.join(' AND ')}`;
  }

  /** ` LIMIT $n OFFSET $m`. */
  page(limit: number, offset: number): string {
    return ` LIMIT ${this.param(limit)} OFFSET ${this.param(offset)}`;
  }
}

/** Sort direction as SQL (from a closed set; never user text). */
export function dir(sort: 'asc' | 'desc'): 'ASC' | 'DESC' {
  return sort === 'asc' ? 'ASC' : 'DESC';
}
