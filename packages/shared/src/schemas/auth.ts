import { z } from 'zod';
import { missingOr } from './missing';

const email = z.email(missingOr('Email is required', 'Email is not a valid address')).max(254).transform((s) => s.trim().toLowerCase());
const password = z
  .string(missingOr('Password is required', 'Password must be text'))
  .min(8, { error: 'Password must be at least 8 characters' })
  .max(128, { error: 'Password must be at most 128 characters' });
const passwordConfirmation = z.string(missingOr('Confirm your password', 'Password confirmation must be text'));
const phone = z.string().trim().regex(/^\+?[0-9 ()-]{7,20}$/, { error: 'Phone must be a valid phone number' });

export const signInBodySchema = z.strictObject({ email, password: z.string(missingOr('Password is required', 'Password must be text')).min(1, { error: 'Password is required' }).max(128) });
export type SignInBody = z.input<typeof signInBodySchema>;

export const signUpBodySchema = z
  .strictObject({
    email,
    password,
    password_confirmation: passwordConfirmation,
    phone: phone.optional(),
    name: z.string().trim().max(120).optional(),
    confirm_success_url: z.string().max(2000).optional(),
  })
  .refine((v) => v.password === v.password_confirmation, {
    error: "Password confirmation doesn't match Password",
    path: ['password_confirmation'],
  });
export type SignUpBody = z.input<typeof signUpBodySchema>;
/** The same answer whether the email was new or taken (no enumeration): check your email. */
export const signUpResponseSchema = z.object({ status: z.literal('success'), message: z.string() });
export type SignUpResponse = z.infer<typeof signUpResponseSchema>;

export const resendConfirmationBodySchema = z.strictObject({ email, redirect_url: z.string().max(2000).optional() });

export const sendSmsCodeBodySchema = z.strictObject({ email });
export const verifyByCodeBodySchema = z.strictObject({
  email,
  code: z.string().trim().regex(/^\d{6}$/, { error: 'Code must be 6 digits' }),
});

export const confirmationQuerySchema = z.strictObject({
  confirmation_token: z.string().min(1).max(200),
  redirect_url: z.string().max(2000).optional(),
});

/** The email-change links (confirm the new address, undo from the old one). */
export const emailLinkQuerySchema = z.strictObject({ token: z.string().min(1).max(200) });

export const passwordResetRequestBodySchema = z.strictObject({ email, redirect_url: z.string().max(2000).optional() });

/** PUT auth/password: either reset_password_token (from the email) or current_password (signed in). */
export const passwordUpdateBodySchema = z
  .strictObject({
    password,
    password_confirmation: passwordConfirmation,
    reset_password_token: z.string().min(1).max(200).optional(),
    current_password: z.string().min(1).max(128).optional(),
  })
  .refine((v) => v.password === v.password_confirmation, {
    error: "Password confirmation doesn't match Password",
    path: ['password_confirmation'],
  });
export type PasswordUpdateBody = z.input<typeof passwordUpdateBodySchema>;

export const TARIFF_PLANS = ['Trial', 'Not paid', 'Starter', 'Growth', 'Scale'] as const;
export const tariffPlanSchema = z.enum(TARIFF_PLANS);

export const userSchema = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  email: z.string(),
  uid: z.string(),
  provider: z.string(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  image: z.string().nullable(),
  confirmed: z.boolean(),
  onboarding_finished: z.boolean(),
  tariff_plan: tariffPlanSchema.nullable(),
  holder_id: z.number().int(),
  created_at: z.string(),
  /** A requested new sign-in email that waits for its confirmation link; `email` stays until then. */
  unconfirmed_email: z.string().nullable().optional(),
});
export type User = z.infer<typeof userSchema>;

/** PUT users: profile edit. Photo is a data URL (small image) or an https URL. */
export const userUpdateBodySchema = z.strictObject({
  name: z.string().trim().min(1, { error: 'Name is required' }).max(120).optional(),
  email: email.optional(),
  /** Required to change the sign-in email. */
  current_password: z.string().max(128).optional(),
  phone: phone.nullable().optional(),
  image: z
    .string()
    .max(700_000, { error: 'Photo must be smaller than 500 KB' })
    .refine((s) => /^data:image\/(png|jpeg|webp|gif);base64,[A-Za-z0-9+/=]+$/.test(s) || /^https:\/\//.test(s), {
      error: 'Photo must be a PNG, JPEG, WebP or GIF image',
    })
    .nullable()
    .optional(),
});
export type UserUpdateBody = z.input<typeof userUpdateBodySchema>;

export const authHeadersSchema = z.object({
  'access-token': z.string().min(1),
  client: z.string().min(1),
  expiry: z.string().min(1),
  uid: z.string().min(1),
});
export type AuthHeaders = z.infer<typeof authHeadersSchema>;

export const messageResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export const userEnvelopeSchema = z.object({ data: userSchema });
