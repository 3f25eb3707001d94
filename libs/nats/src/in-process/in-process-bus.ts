import { type HeaderEntries } from '../headers';

/** A message on the in-process bus: JSON text, like a NATS payload, plus plain header entries. */
export interface BusMessage {
  subject: string;
  data: string;
  headers: HeaderEntries | undefined;
  /**
   * Present on requests: where the reply goes (the analogue of a NATS reply inbox), with its headers
   * as a NATS reply has them (a successful reply is raw JSON marked as a reply part).
   */
  reply: ((data: string, headers?: HeaderEntries) => void) | undefined;
}

type BusHandler = (message: BusMessage) => void;

interface Subscription {
  subject: string;
  queue: string | undefined;
  handler: BusHandler;
}

/**
 * The in-process stand-in for a NATS server in single-process mode: exact-subject subscriptions,
 * queue groups (one member of each group gets a message, round-robin; every plain subscriber gets
 * it), request/reply through a reply callback, and asynchronous delivery like a network hop.
 * Wildcards are not needed by the mesh's request subjects and are not supported.
 */
export class InProcessBus {
  private readonly subscriptions = new Map<string, Subscription[]>();
  private readonly roundRobin = new Map<string, number>();

  subscribe(subject: string, queue: string | undefined, handler: BusHandler): () => void {
    const sub: Subscription = { subject, queue, handler };
    const list = this.subscriptions.get(subject) ?? [];
    list.push(sub);
    this.subscriptions.set(subject, list);
    return () => {
      const current = this.subscriptions.get(subject) ?? [];
      const rest = current.filter((s) => s !== sub);
      if (rest.length === 0) {
        this.subscriptions.delete(subject);
      } else {
        this.subscriptions.set(subject, rest);
      }
    };
  }

  /**
   * Delivers `message` to its subscribers; returns how many got it (0 = "no responders" for a
   * request, as a NATS server would answer with status 503).
   */
  publish(message: BusMessage): number {
    const targets = this.pickTargets(message.subject);
    for (const target of targets) {
      setImmediate(() => {
        target.handler(message);
      });
    }
    return targets.length;
  }

  /** Subjects with at least one subscriber (for diagnostics and tests). */
  subjects(): string[] {
    return [...this.subscriptions.keys()];
  }

  private pickTargets(subject: string): Subscription[] {
    const subs = this.subscriptions.get(subject) ?? [];
    const plain = subs.filter((s) => s.queue === undefined);
    const groups = new Map<string, Subscription[]>();
    for (const s of subs) {
      if (s.queue !== undefined) {
        groups.set(s.queue, [...(groups.get(s.queue) ?? []), s]);
      }
    }
    const chosen: Subscription[] = [...plain];
    for (const [queue, members] of groups) {
      const key = `${subject}\u0000${queue}`;
      const turn = this.roundRobin.get(key) ?? 0;
      this.roundRobin.set(key, turn + 1);
      const member = members[turn % members.length];
      if (member !== undefined) {
        chosen.push(member);
      }
    }
    return chosen;
  }
}

/** The bus shared by every module of one process when NATS_URL is absent. */
export const defaultInProcessBus = new InProcessBus();
