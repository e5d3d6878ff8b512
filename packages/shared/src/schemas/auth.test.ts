import { describe, expect, it } from 'vitest';
import { signInBodySchema, signUpBodySchema } from './auth';

const messages = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('auth schemas', () => {
  it('say which fields are required when a form is sent empty, not "expected string, received undefined"', () => {
    expect(messages(signUpBodySchema.safeParse({}))).toEqual({
      email: 'Email is required',
      password: 'Password is required',
      password_confirmation: 'Confirm your password',
    });
    expect(messages(signInBodySchema.safeParse({}))).toEqual({ email: 'Email is required', password: 'Password is required' });
  });

  it('keep the specific messages for wrong values', () => {
    expect(messages(signUpBodySchema.safeParse({ email: 'nope', password: 'short', password_confirmation: 'short' }))).toEqual({
      email: 'Email is not a valid address',
      password: 'Password must be at least 8 characters',
    });
    expect(messages(signUpBodySchema.safeParse({ email: 'a@b.co', password: 'longenough', password_confirmation: 'different1' }))).toEqual({
      password_confirmation: "Password confirmation doesn't match Password",
    });
  });
});
