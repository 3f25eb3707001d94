import { randomBytes } from 'node:crypto';

/**
 * A name no other test run uses, e.g. `cursor_mi8k2v_4f2_9a1c3e`: lower-case letters, digits and `_`,
 * at most 63 characters, starting with a letter, so it is valid as a PostgreSQL database or schema
 * name, a NATS subject token and a JetStream stream/consumer name. Parallel-safe across processes
 * (time + pid + randomness) and unique within a process (a counter: 3 random bytes alone collide
 * about 3% of the time among 1000 names made in the same millisecond).
 */
let counter = 0;

export function uniqueName(prefix: string): string {
  counter += 1;
  const cleaned = prefix.toLowerCase().replace(/[^a-z0-9_]+/g, '_');
  const head = /^[a-z]/.test(cleaned) ? cleaned : `t${cleaned}`;
  const tail = `${Date.now().toString(36)}_${process.pid.toString(36)}${counter.toString(36)}_${randomBytes(3).toString('hex')}`;
  return `${head.slice(0, 62 - tail.length)}_${tail}`;
}
