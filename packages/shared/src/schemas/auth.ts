import { z } from 'zod';
import { text, dbId, int32 } from './primitives';
import { missingOr } from './missing';

const email = z.email(missingOr('Email is required', 'Email is not a valid address')).max(254).transform((s) => s.trim().toLowerCase());
const password = text(missingOr('Password is required', 'Password must be text'))
  .min(8, { error: 'Password must be at least 8 characters' })
  .max(128, { error: 'Password must be at most 128 characters' });
const passwordConfirmation = text(missingOr('Confirm your password', 'Password confirmation must be text'));
const phone = text().trim().regex(/^\+?[0-9 ()-]{7,20}$/, { error: 'Phone must be a valid phone number' });

export const signInBodySchema = z.strictObject({ email, password: text(missingOr('Password is required', 'Password must be text')).min(1, { error: 'Password is required' }).max(128) });
export type SignInBody = z.input<typeof signInBodySchema>;

export const signUpBodySchema = z
  .strictObject({
    email,
    password,
    password_confirmation: passwordConfirmation,
    phone: phone.optional(),
    name: text().trim().max(120).optional(),
    confirm_success_url: text().max(2000).optional(),
  })
  .refine((v) => v.password === v.password_confirmation, {
    error: "Password confirmation doesn't match Password",
    path: ['password_confirmation'],
  });
export type SignUpBody = z.input<typeof signUpBodySchema>;
/** The same answer whether the email was new or taken (no enumeration): check your email. */
export const signUpResponseSchema = z.object({ status: z.literal('success'), message: text() });
export type SignUpResponse = z.infer<typeof signUpResponseSchema>;

export const resendConfirmationBodySchema = z.strictObject({ email, redirect_url: text().max(2000).optional() });

export const sendSmsCodeBodySchema = z.strictObject({ email });
export const verifyByCodeBodySchema = z.strictObject({
  email,
  code: text().trim().regex(/^\d{6}$/, { error: 'Code must be 6 digits' }),
});

export const confirmationQuerySchema = z.strictObject({
  confirmation_token: text().min(1).max(200),
  redirect_url: text().max(2000).optional(),
});

/** The email-change links (confirm the new address, undo from the old one). */
export const emailLinkQuerySchema = z.strictObject({ token: text().min(1).max(200) });

export const passwordResetRequestBodySchema = z.strictObject({ email, redirect_url: text().max(2000).optional() });

/** PUT auth/password: either reset_password_token (from the email) or current_password (signed in). */
export const passwordUpdateBodySchema = z
  .strictObject({
    password,
    password_confirmation: passwordConfirmation,
    reset_password_token: text().min(1).max(200).optional(),
    current_password: text().min(1).max(128).optional(),
  })
  .refine((v) => v.password === v.password_confirmation, {
    error: "Password confirmation doesn't match Password",
    path: ['password_confirmation'],
  });
export type PasswordUpdateBody = z.input<typeof passwordUpdateBodySchema>;

export const TARIFF_PLANS = ['Trial', 'Not paid', 'Starter', 'Growth', 'Scale'] as const;
export const tariffPlanSchema = z.enum(TARIFF_PLANS);

export const userSchema = z.object({
  id: dbId(),
  account_id: dbId(),
  email: text(),
  uid: text(),
  provider: text(),
  name: text().nullable(),
  phone: text().nullable(),
  image: text().nullable(),
  confirmed: z.boolean(),
  onboarding_finished: z.boolean(),
  tariff_plan: tariffPlanSchema.nullable(),
  holder_id: int32(),
  created_at: text(),
  /** A requested new sign-in email that waits for its confirmation link; `email` stays until then. */
  unconfirmed_email: text().nullable().optional(),
  /** The user's role in their account (schemas/account-members): what the web app shows them to change. */
  role: z.enum(['member', 'admin', 'owner']).optional(),
  account_name: text().optional(),
});
export type User = z.infer<typeof userSchema>;

/** PUT users: profile edit. Photo is a data URL (small image) or an https URL. */
export const userUpdateBodySchema = z.strictObject({
  name: text().trim().min(1, { error: 'Name is required' }).max(120).optional(),
  email: email.optional(),
  /** Required to change the sign-in email. */
  current_password: text().max(128).optional(),
  phone: phone.nullable().optional(),
  image: text()
    .max(700_000, { error: 'Photo must be smaller than 500 KB' })
    .refine((s) => /^data:image\/(png|jpeg|webp|gif);base64,[A-Za-z0-9+/=]+$/.test(s) || /^https:\/\//.test(s), {
      error: 'Photo must be a PNG, JPEG, WebP or GIF image',
    })
    .nullable()
    .optional(),
});
export type UserUpdateBody = z.input<typeof userUpdateBodySchema>;

export const authHeadersSchema = z.object({
  'access-token': text().min(1),
  client: text().min(1),
  expiry: text().min(1),
  uid: text().min(1),
});
export type AuthHeaders = z.infer<typeof authHeadersSchema>;

export const messageResponseSchema = z.object({ success: z.boolean(), message: text() });
export const userEnvelopeSchema = z.object({ data: userSchema });
