/**
 * EVAA lending (toncenter `evaa.py`): supplies (TON supply_master, or a jetton transfer carrying it) and
 * withdrawals (withdraw_master → user contract → master → payout, or one of the failure paths), and
 * liquidations (liquidate_master, in TON or as a jetton transfer's payload → liquidate_user → the user
 * contract's satisfied or unsatisfied answer, or an immediate refund by the master).
 */
export * from './supply';
export * from './withdraw';
export * from './liquidate';
