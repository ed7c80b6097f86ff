import { z } from 'zod';
import { text } from './text';

/** Staff passwords: long rather than clever (NIST SP 800-63B); argon2 takes anything up to this length. */
export const PASSWORD_MIN_LENGTH = 12;
const password = text({ error: 'required' }).min(PASSWORD_MIN_LENGTH, 'passwordTooShort').max(200, 'tooLong');

export const loginSchema = z.object({
  username: text({ error: 'required' }).trim().min(1, 'required').max(100, 'tooLong'),
  password: text({ error: 'required' }).min(1, 'required').max(200, 'tooLong'),
});

export const signUpSchema = z.object({
  username: text({ error: 'usernameInvalid' })
    .trim()
    .regex(/^[\w.-]{3,40}$/, 'usernameInvalid'),
  password,
  role: text({ error: 'roleUnknown' }).trim().min(1, 'roleUnknown').max(40, 'roleUnknown'),
});

export const changePasswordSchema = z.object({
  uuid: text({ error: 'required' }).min(1, 'required').max(64, 'invalid'),
  oldPass: text({ error: 'required' }).min(1, 'required').max(200, 'tooLong'),
  newPass: password,
});

export const userIdQuerySchema = z.object({
  uuid: text({ error: 'required' }).trim().min(1, 'required').max(64, 'invalid'),
});
export const usernameQuerySchema = z.object({
  username: text({ error: 'required' }).trim().min(1, 'required').max(100, 'tooLong'),
});
