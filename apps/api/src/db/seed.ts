import { hashPassword } from '../lib/crypto';
import { createUserWithAccount, findUserByEmail } from '../modules/users/repository';
import type { Db } from './client';

export const DEMO_USER = { email: 'demo@example.com', password: 'demo12345', name: 'Alex Morgan', accountName: 'Northwind Analytics' };

/** The demo sign-in for a first look; created once, never touched again. Returns true when created. */
export async function seedDemo(db: Db): Promise<boolean> {
  if (await findUserByEmail(db, DEMO_USER.email)) return false;
  const now = new Date();
  await createUserWithAccount(db, {
    email: DEMO_USER.email,
    provider: 'email',
    uid: DEMO_USER.email,
    encryptedPassword: await hashPassword(DEMO_USER.password),
    name: DEMO_USER.name,
    phone: '+1 415 555 0142',
    confirmedAt: now,
    onboardingFinishedAt: now,
    accountName: DEMO_USER.accountName,
    holderId: 0,
    tariffPlan: 'Trial',
  });
  return true;
}
