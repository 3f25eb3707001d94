import { z } from 'zod';

/** A JSON value as the documents hold it (built here, only ever serialised). */
export type Json = unknown;
export type JsonObject = Record<string, unknown>;

const SHARED = '__shared';
/** `<uri of __shared>#/$defs/` from outside the bucket, or `#/$defs/` inside it. */
const SHARED_DEF = /^(?:.*__shared)?#\/\$defs\//;

/** JSON Schema 2020-12 is OpenAPI 3.1's schema dialect. */
const TARGET = 'draft-2020-12';

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A JSON copy with every `$ref` into zod's `__shared` bucket (recursive schemas such as TVM stack
 * entries) pointed at a component of its own: `…/__shared#/$defs/schema0` is not a valid reference.
 */
function relinked(value: unknown, prefix: string): Json {
  if (Array.isArray(value)) {
    return value.map((v) => relinked(v, prefix));
  }
  if (!isObject(value)) {
    return value;
  }
  const out: JsonObject = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === '$schema' || key === '$id') {
      continue;
    }
    out[key] =
      key === '$ref' && typeof v === 'string'
        ? v.replace(SHARED_DEF, `${prefix}Shared_`)
        : relinked(v, prefix);
  }
  return out;
}

/**
 * Components generated from zod schemas in one pass, so a schema used by several operations is one
 * named component referenced everywhere.
 */
export class SchemaComponents {
  private readonly registry = z.registry<{ id: string }>();

  constructor(
    private readonly io: 'input' | 'output',
    private readonly prefix = '#/components/schemas/',
  ) {}

  /** Registers `schema` under `id` (the first id wins when shared) and returns its reference. */
  ref(id: string, schema: z.ZodType): JsonObject {
    const existing = this.registry.get(schema);
    if (existing === undefined) {
      this.registry.add(schema, { id });
    }
    return { $ref: `${this.prefix}${existing?.id ?? id}` };
  }

  /** Registers `schema` under `id` (the first id wins) for use inside another registered schema. */
  named(id: string, schema: z.ZodType): z.ZodType {
    if (!this.registry.has(schema)) {
      this.registry.add(schema, { id });
    }
    return schema;
  }

  build(): Record<string, Json> {
    const { schemas } = z.toJSONSchema(this.registry, {
      target: TARGET,
      io: this.io,
      uri: (id) => `${this.prefix}${id}`,
    });
    const out: Record<string, Json> = {};
    for (const [id, schema] of Object.entries(schemas)) {
      if (id === SHARED) {
        const defs = isObject(schema) ? schema.$defs : undefined;
        for (const [name, def] of Object.entries(isObject(defs) ? defs : {})) {
          out[`Shared_${name}`] = relinked(def, this.prefix);
        }
        continue;
      }
      out[id] = relinked(schema, this.prefix);
    }
    return out;
  }
}

/** One schema inlined (parameters): JSON Schema of what a client sends. */
export function inputSchema(schema: z.ZodType): JsonObject {
  const json = relinked(z.toJSONSchema(schema, { target: TARGET, io: 'input' }), '#/');
  return isObject(json) ? json : {};
}

/** The `description` and `example` a schema carries in its metadata. */
export function docsOf(schema: z.ZodType): { description?: string; example?: Json } {
  const inner = schema instanceof z.ZodOptional ? schema.unwrap() : schema;
  const meta = z.globalRegistry.get(schema) ?? z.globalRegistry.get(inner);
  const out: { description?: string; example?: Json } = {};
  if (typeof meta?.description === 'string') {
    out.description = meta.description;
  }
  if (meta !== undefined && 'example' in meta) {
    out.example = meta.example;
  }
  return out;
}

export function isOptional(schema: z.ZodType): boolean {
  return schema.safeParse(undefined).success;
}

/** The fields of an object schema with their schemas typed. */
export function fieldsOf(schema: z.ZodObject): [string, z.ZodType][] {
  const shape: Record<string, z.ZodType> = schema.shape;
  return Object.entries(shape);
}

/**
 * The OpenAPI query parameters of a request schema, one per field: its input schema, whether it may
 * be left out, its docs; `serialization` adds what a field's schema needs said about its encoding
 * (a list's `style` and `explode`).
 */
export function queryParameters(
  params: z.ZodObject,
  serialization: (schema: JsonObject) => JsonObject = () => ({}),
): JsonObject[] {
  return fieldsOf(params).map(([name, field]) => {
    const schema = inputSchema(field);
    return {
      name,
      in: 'query',
      required: !isOptional(field),
      schema,
      ...serialization(schema),
      ...docsOf(field),
    };
  });
}
