import type { HolderConfig } from '@shared/brands';
import type { Mail } from '../../lib/mailer';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function compose(brand: HolderConfig, to: string, subject: string, lines: string[], link?: { url: string; label: string }): Mail {
  const text = [...lines, ...(link ? ['', `${link.label}: ${link.url}`] : []), '', `— ${brand.company_name}`].join('\n');
  const html = [
    `<div style="font-family:sans-serif;font-size:15px;line-height:1.5">`,
    ...lines.map((l) => `<p>${escape(l)}</p>`),
    link ? `<p><a href="${escape(link.url)}">${escape(link.label)}</a></p>` : '',
    `<p style="color:#666">— ${escape(brand.company_name)}</p></div>`,
  ].join('');
  return { from: { name: brand.company_name, address: brand.system_email }, to, subject, text, html, link: link?.url };
}

export function confirmationMail(brand: HolderConfig, to: string, link: string, code: string): Mail {
  const mail = compose(
    brand,
    to,
    `Confirm your ${brand.company_name} account`,
    [`Welcome to ${brand.company_name}!`, `Your confirmation code is ${code}. It expires in 15 minutes.`, 'Or confirm your email with the link below.'],
    { url: link, label: 'Confirm my account' },
  );
  return { ...mail, code };
}

export function codeMail(brand: HolderConfig, to: string, code: string): Mail {
  const mail = compose(brand, to, `Your ${brand.company_name} verification code`, [
    `Your verification code is ${code}. It expires in 15 minutes.`,
    "If you didn't ask for it, ignore this email.",
  ]);
  return { ...mail, code };
}

/** The phone check's code by email: only when no SMS provider is configured (dev, test, e2e). */
export function phoneCodeMail(brand: HolderConfig, to: string, phone: string, code: string): Mail {
  const mail = compose(brand, to, `Your ${brand.company_name} phone verification code`, [
    `Your phone verification code is ${code} (for ${phone}). It expires in 15 minutes.`,
    'No SMS provider is configured on this server, so the code comes by email instead of SMS.',
  ]);
  return { ...mail, code };
}

export function resetPasswordMail(brand: HolderConfig, to: string, link: string): Mail {
  return compose(
    brand,
    to,
    `Reset your ${brand.company_name} password`,
    ['Someone asked to reset the password of your account.', "If it wasn't you, ignore this email: your password stays as it is."],
    { url: link, label: 'Change my password' },
  );
}

/** To the new address: the change takes effect only when this link is followed. */
export function emailChangeConfirmMail(brand: HolderConfig, to: string, oldEmail: string, link: string): Mail {
  return compose(
    brand,
    to,
    `Confirm your new ${brand.company_name} sign-in email`,
    [
      `Someone asked to make ${to} the sign-in email of the ${brand.company_name} account that now signs in as ${oldEmail}.`,
      'Follow the link below to confirm; until you do, nothing changes. The link expires in 24 hours.',
      "If it wasn't you, ignore this email.",
    ],
    { url: link, label: 'Confirm my new email' },
  );
}

/** To the old address, at once: what was asked, and a way to undo it (also after it took effect). */
export function emailChangeNoticeMail(brand: HolderConfig, to: string, newEmail: string, undoLink: string): Mail {
  return compose(
    brand,
    to,
    `Your ${brand.company_name} sign-in email is being changed`,
    [
      `Someone signed in to your ${brand.company_name} account asked to change its sign-in email from ${to} to ${newEmail}.`,
      `It changes only when the link we sent to ${newEmail} is followed.`,
      "If it wasn't you, undo it with the link below (it works for 7 days, also after the change): your email stays or goes back to " +
        `${to}, and every device is signed out. Then reset your password.`,
    ],
    { url: undoLink, label: 'Undo the email change' },
  );
}

/** To the owner of an address someone tried to sign up with again: no new account, a way in instead. */
export function signUpAttemptMail(brand: HolderConfig, to: string, signInLink: string, resetLink: string): Mail {
  const mail = compose(
    brand,
    to,
    `Someone tried to sign up to ${brand.company_name} with your email`,
    [
      `Someone tried to create a ${brand.company_name} account with ${to}, but this address already has an account, so nothing was created.`,
      `If it was you, sign in instead: ${signInLink}`,
      "If you don't remember your password, reset it with the link below. If it wasn't you, ignore this email: your account is unchanged.",
    ],
    { url: resetLink, label: 'Reset my password' },
  );
  return mail;
}

/** An invitation to join an account (modules/account-members): who invites, to which account, and until when. */
export function invitationMail(brand: HolderConfig, to: string, invitedBy: string, accountName: string, role: string, link: string, expiresAt: Date): Mail {
  return compose(
    brand,
    to,
    `${invitedBy} invites you to ${accountName} on ${brand.company_name}`,
    [
      `${invitedBy} invites you to join the ${brand.company_name} account ${accountName} as ${role === 'admin' ? 'an admin' : 'a member'}.`,
      `Open the link below, then sign in or sign up with ${to} to accept. The link works until ${expiresAt.toUTCString()}.`,
      "If you don't know the sender, ignore this email.",
    ],
    { url: link, label: 'Accept the invitation' },
  );
}
