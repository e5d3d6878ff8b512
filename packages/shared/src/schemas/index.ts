export * from './auth';
export * from './linkedin';
export * from './personas';
export * from './person-filters';
export * from './prospects';
export * from './account-members';
