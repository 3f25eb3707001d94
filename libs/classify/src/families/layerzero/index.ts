/**
 * LayerZero v2 on TON (toncenter `layerzero.py`): sends (send.ts) and deliveries (inbound.ts).
 */
export * from './send';
export * from './inbound';
