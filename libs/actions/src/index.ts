export * from './action-details';
