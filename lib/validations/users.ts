import { z } from 'zod';

/** Staff passwords: long rather than clever (NIST SP 800-63B); argon2 takes anything up to this length. */
export const PASSWORD_MIN_LENGTH = 12;
const password = z
  .string({ error: 'required' })
  .min(PASSWORD_MIN_LENGTH, 'passwordTooShort')
  .max(200, 'tooLong');

export const loginSchema = z.object({
  username: z.string({ error: 'required' }).trim().min(1, 'required').max(100, 'tooLong'),
  password: z.string({ error: 'required' }).min(1, 'required').max(200, 'tooLong'),
});

export const signUpSchema = z.object({
  username: z
    .string({ error: 'usernameInvalid' })
    .trim()
    .regex(/^[\w.-]{3,40}$/, 'usernameInvalid'),
  password,
  role: z.string({ error: 'roleUnknown' }).trim().min(1, 'roleUnknown').max(40, 'roleUnknown'),
});

export const changePasswordSchema = z.object({
  uuid: z.string({ error: 'required' }).min(1, 'required').max(64, 'invalid'),
  oldPass: z.string({ error: 'required' }).min(1, 'required').max(200, 'tooLong'),
  newPass: password,
});

export const userIdQuerySchema = z.object({
  uuid: z.string({ error: 'required' }).trim().min(1, 'required').max(64, 'invalid'),
});
export const usernameQuerySchema = z.object({
  username: z.string({ error: 'required' }).trim().min(1, 'required').max(100, 'tooLong'),
});
