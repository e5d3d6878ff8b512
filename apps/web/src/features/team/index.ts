/** Public surface of the team feature (account members and invitations). */
export { pendingInvitation } from './pending-invitation';
