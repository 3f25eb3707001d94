import { type StreamFraming } from './stream-framing';

/**
 * The wire frames built for one log entry, UTF-8 encoded once and shared: the clients whose
 * notification has the same JSON (the derivation memo hands them the same string) and the same event
 * id get the same bytes, so 1,000 subscribers of one wallet cost one framing and one encoding, and
 * each socket only copies the bytes. Lives for one entry's fan-out (StreamHub.dispatch).
 */
export class FrameMemo {
  /** framing → notification JSON → event id → frame. */
  private readonly frames = new Map<StreamFraming, Map<string, Map<string, Buffer>>>();

  notification(framing: StreamFraming, json: string, eventId: string): Buffer {
    let byJson = this.frames.get(framing);
    if (byJson === undefined) {
      byJson = new Map();
      this.frames.set(framing, byJson);
    }
    let byId = byJson.get(json);
    if (byId === undefined) {
      byId = new Map();
      byJson.set(json, byId);
    }
    let frame = byId.get(eventId);
    if (frame === undefined) {
      frame = Buffer.from(framing.notification(json, eventId));
      byId.set(eventId, frame);
    }
    return frame;
  }
}
