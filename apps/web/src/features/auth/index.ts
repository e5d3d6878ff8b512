/** Public surface of the auth feature (sibling features import only from here). */
export { authKeys } from './api/auth-queries';
