export * from './ids';
export * from './protocol';
