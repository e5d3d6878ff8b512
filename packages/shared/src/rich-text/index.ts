export * from './allow-list';
