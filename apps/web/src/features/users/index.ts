/** Public surface of the profile feature. */
export { useUpdateProfile, useChangePassword } from './api/profile-queries';
