import { type V3Json } from '@app/contracts';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A JSON value read from jsonb, narrowed (anything else becomes null). */
export function json(v: unknown): V3Json {
  if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') {
    return v;
  }
  if (Array.isArray(v)) {
    return v.map(json);
  }
  if (isRecord(v)) {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, json(x)]));
  }
  return null;
}
