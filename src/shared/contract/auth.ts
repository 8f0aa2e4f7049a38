import { z } from 'zod';
import { USER_TYPES } from '../domain/user-types';
import { access } from './access';
import { http } from './core';
import { flag, noInput, safeString, safeInteger } from './fields';

/** Sign-in and sessions (shell §2.1, §2.2, §7.2; ARCHITECTURE §4). */

const sessionIssued = z.object({
  /** The session token: the HMAC key of every later call. Shown once, never sent again. */
  token: z.string(),
  device: z.string(),
  userType: z.enum(USER_TYPES),
  /**
   * Our extension: where the client goes after sign-in and on /study/ — the checking
   * queue for curators and checkers, otherwise the spec's landing for the type.
   */
  landing: z.string(),
});

const vkCredentials = z.object({
  vkToken: safeString().trim().min(1, 'не заполнено').max(4096),
  vkUserId: z.union([safeString().trim().regex(/^\d{1,20}$/, 'ожидался числовой id'), safeInteger().positive()]).transform(String),
});

export const getVkAccessTokenFromCode = http('/app/api/auth/get_vk_access_token_from_code.php', {
  input: z.object({
    code: safeString().trim().min(1, 'не заполнено').max(2048),
    /** PKCE verifier the client generated before redirecting to VK ID. */
    codeVerifier: safeString().trim().min(43).max(128).regex(/^[A-Za-z0-9_-]+$/).optional(),
    /** `device_id` that VK ID returns next to the code. */
    deviceId: safeString().trim().max(512).optional(),
    state: safeString().trim().max(512).optional(),
  }),
  output: z.object({ vkToken: z.string(), vkUserId: z.string() }),
  access: access.public,
});

export const getEnotToken = http('/app/api/auth/get_enot_token.php', {
  input: vkCredentials,
  output: sessionIssued,
  access: access.public,
});

export const signupVkid = http('/app/api/auth/signup_vkid.php', {
  input: vkCredentials,
  output: sessionIssued,
  access: access.public,
});

export const localSignIn = http('/app/api/auth/local_sign_in.php', {
  input: z.object({
    login: safeString().trim().min(1, 'не заполнено').max(100),
    password: safeString().min(1, 'не заполнено').max(200),
  }),
  output: sessionIssued,
  access: access.public,
  extension: true,
});

/**
 * Our extension: the first sign-in with a one-time password from `npm run admin`
 * (local_sign_in.php refuses it with `mustChangePassword: '1'`) sets the account's own password
 * and signs in.
 */
export const changeOneTimePassword = http('/app/api/auth/change_one_time_password.php', {
  input: z.object({
    login: safeString().trim().min(1, 'не заполнено').max(100),
    password: safeString().min(1, 'не заполнено').max(200),
    newPassword: safeString().min(8, 'не короче 8 символов').max(200),
  }),
  output: sessionIssued,
  access: access.public,
  extension: true,
});

/** What the sign-in page needs to start VK ID: whether it is configured and where to send the user. */
export const getVkIdConfig = http('/app/api/auth/get_vk_id_config.php', {
  input: noInput,
  output: z.object({
    configured: flag,
    clientId: z.string(),
    redirectUri: z.string(),
    authorizeUrl: z.string(),
    scope: z.string(),
  }),
  access: access.public,
  extension: true,
});

/** Ends the calling session on the server (the client then forgets token and device). */
export const logout = http('/app/api/auth/logout.php', {
  input: noInput,
  output: z.object({}),
  access: access.signedIn,
  extension: true,
});
