/** Unsubscribe links as the sending engine writes them, signed with the secret the e2e product runs with. */
export { E2E_UNSUBSCRIBE_SECRET, unsubscribeUrlFor } from '../../apps/api/src/testing/unsubscribe-links';
