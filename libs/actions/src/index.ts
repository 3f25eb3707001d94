export * from './action-details';
export * from './action-versions';
