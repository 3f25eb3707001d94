import { Injectable } from '@nestjs/common';
import { type LoadShedder } from './load-shedder';

/**
 * The app's load shedder as readiness sees it. The shedder is made with the app's protection
 * options once the Nest application exists (createGatewayApp), after the providers are built, so
 * it is handed over here rather than injected.
 */
@Injectable()
export class SheddingState {
  private shedder: LoadShedder | undefined;

  watch(shedder: LoadShedder): void {
    this.shedder = shedder;
  }

  /** The last window's mean event-loop delay and whether requests are shed (calm before watching). */
  read(): { delayMs: number; shedding: boolean } {
    return {
      delayMs: this.shedder?.lastDelayMs ?? 0,
      shedding: this.shedder?.overloaded ?? false,
    };
  }
}
