import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';

/** How a raw connection ended: the status line's code, or closed without one. */
export type RawOutcome = { readonly status: number } | { readonly closed: 'closed' | 'error' };

/** Opens a TCP connection to `url`'s host and port. */
export function openSocket(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

/**
 * Reads what the server sends until it closes the connection: the status of the first response line
 * if one came, else how it ended.
 */
export function outcomeOf(socket: Socket, timeoutMs: number): Promise<RawOutcome> {
  return new Promise((resolve) => {
    let text = '';
    let errored = false;
    const timer = setTimeout(() => {
      socket.destroy();
    }, timeoutMs);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('error', () => {
      errored = true;
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      resolve(
        match?.[1] !== undefined
          ? { status: Number(match[1]) }
          : { closed: errored ? 'error' : 'closed' },
      );
    });
  });
}

/** Resident memory of a process in bytes (Linux /proc). */
export async function rssOf(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${String(pid)}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kb ?? 0) * 1024;
}

/** A JSON object as a record (asserting it is one). */
export function record(value: unknown): Record<string, unknown> {
  assert.ok(typeof value === 'object' && value !== null && !Array.isArray(value), 'a JSON object');
  return Object.fromEntries(Object.entries(value));
}

/** A response's JSON body, which must be an object. */
export async function jsonObject(response: Response): Promise<Record<string, unknown>> {
  return record(await response.json());
}
