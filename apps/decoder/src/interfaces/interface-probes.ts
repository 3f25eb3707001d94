/** The probes live in libs/classify (the sender runs them on emulated states too); kept for callers. */
export { InterfaceProbes } from '@app/classify';
