/**
 * Cocoon (toncenter `cocoon.py`): each flow starts with one Cocoon message and is recognised by the
 * replies it provokes (payouts, excesses, the client's request to its proxy).
 */
export * from './payouts';
export * from './clients';
