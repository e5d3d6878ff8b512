export * from './auth';
export * from './linkedin';
export * from './personas';
