import { blockNonLoopback, codeFrom, createReadyUser, expect, linkFrom, signInThroughUi, test, uniqueEmail, waitForMail } from './support/fixtures';

/**
 * A team on one account, as people meet it (issue 29): the owner invites a colleague from Edit profile ›
 * Members; the colleague opens the emailed link in their own browser, signs up with the invited email,
 * comes back to the invitation, joins, and sees the owner's personas; as a member they are not offered
 * (and not allowed) what needs an admin.
 */
test('the owner invites a member; the member signs up, accepts, works in the owner’s account and is refused an admin action', async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  const owner = await createReadyUser(request, 'team-owner');
  const personaName = `Team persona ${Date.now().toString(36)}`;
  expect((await request.post('/api/v1/persons', { headers: owner.headers, data: { name: personaName } })).ok()).toBe(true);

  // The owner invites.
  await signInThroughUi(page, owner.email, owner.password);
  await page.goto('/cabinet/profile-edit/members');
  await expect(page.getByLabel('Seat usage')).toContainText('1 of 2 seats used');
  const memberEmail = uniqueEmail('teammate');
  const since = Date.now();
  const form = page.getByRole('form', { name: 'Invite a member' });
  await form.getByLabel('Email').fill(memberEmail);
  await form.getByLabel('Role').selectOption('member');
  await form.getByRole('button', { name: 'Send invitation' }).click();
  const list = page.getByRole('list', { name: 'Members and invitations' });
  await expect(list.getByRole('listitem', { name: memberEmail })).toContainText('link works until');
  await expect(page.getByLabel('Seat usage')).toContainText('2 of 2 seats used');

  // The invitation arrives from the brand, with its link.
  const link = linkFrom(await waitForMail(memberEmail, { since }), '/invitations/');

  // The colleague, in a browser of their own.
  const theirs = await browser.newContext();
  await blockNonLoopback(theirs);
  const them = await theirs.newPage();
  await them.goto(link);
  await expect(them.getByRole('heading', { name: /^Join / })).toBeVisible();
  await expect(them.getByText(`invites ${memberEmail} to join`)).toBeVisible();
  await them.getByRole('link', { name: 'Create an account' }).click();
  await expect(them.getByLabel('Email')).toHaveValue(memberEmail);
  const password = 'Correct-horse-42';
  const signUpSince = Date.now();
  await them.getByLabel('Password', { exact: true }).fill(password);
  await them.getByLabel('Confirm password').fill(password);
  await them.getByRole('button', { name: /create/i }).click();
  await them.waitForURL(/\/auth\/verify/);
  await them.getByLabel('Verification code').fill(codeFrom(await waitForMail(memberEmail, { since: signUpSince })));
  await them.getByRole('button', { name: /verify/i }).first().click();
  await them.waitForURL(/\/auth\/signin/);
  await them.getByLabel('Password', { exact: true }).fill(password);
  await them.getByRole('button', { name: 'Sign in' }).click();

  // Back on the invitation, signed in with the invited email: accept.
  await them.waitForURL(/\/invitations\//);
  await them.getByRole('button', { name: /^Accept and join / }).click();
  await them.waitForURL(/\/cabinet/);

  // The owner's data is theirs to work with now.
  await them.goto('/business-information/personas');
  await expect(them.getByText(personaName)).toBeVisible();

  // As a member, inviting is not offered, and the server refuses it anyway.
  await them.goto('/cabinet/profile-edit/members');
  await expect(them.getByText('Only an admin or the owner can invite people and change roles.')).toBeVisible();
  await expect(them.getByRole('form', { name: 'Invite a member' })).toHaveCount(0);
  await expect(them.getByRole('listitem', { name: owner.email })).toContainText('Owner');
  // An admin's setting (the mailboxes' compliance footer): the member sees it, and saving it is refused.
  await them.goto('/cabinet/mailboxes');
  const footer = them.getByRole('region', { name: /footer/i });
  await footer.getByLabel('Postal address of the sender').fill('Teammate Str. 1, 10115 Berlin');
  await footer.getByRole('button', { name: 'Save footer' }).click();
  await expect(footer.getByRole('alert')).toContainText('Only an account admin or the owner can do this.');

  // The owner sees the member in the team.
  await page.reload();
  await expect(list.getByRole('listitem', { name: memberEmail })).toContainText('Member');
  await expect(list.getByRole('listitem', { name: memberEmail })).not.toContainText('link works until');
  await theirs.close();
});
