import { z } from '../zod.js';
import { defineRoute } from '../routes.js';
import { signInOutcome } from '../security/security.schemas.js';
import { emailQuery, passwordStrength, passwordStrengthBody, resetPasswordBody, signInBody, signUpBody, tokenState, verifyBody } from './auth.schemas.js';

const tag = 'auth';

export const authRoutes = {
  signUp: defineRoute({
    method: 'POST',
    path: '/auth/local/signup',
    summary: 'Create an account; sends the verification mail',
    tag,
    auth: false,
    body: signUpBody,
    data: z.object({ userName: z.string(), email: z.string() }),
  }),
  passwordStrength: defineRoute({
    method: 'POST',
    path: '/auth/password-strength',
    summary: "How guessable a new password is: the same verdict sign-up, reset and password change apply (the web app's strength meter asks it as the user types)",
    tag,
    auth: false,
    body: passwordStrengthBody,
    data: passwordStrength,
  }),
  signIn: defineRoute({
    method: 'POST',
    path: '/auth/local/signin',
    summary: 'Sign in with user name or email; answers tokens and the user detail, or a pending token when two-step sign-in is on',
    tag,
    auth: false,
    body: signInBody,
    data: signInOutcome,
  }),
  refresh: defineRoute({
    method: 'POST',
    path: '/auth/refresh',
    summary: 'Rotate the refresh token (cookie plus x-requested-with header, or bearer) and issue a new access token',
    tag,
    auth: false,
    data: tokenState,
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/auth/logout',
    summary: 'Revoke the session and clear the cookie',
    tag,
    auth: false,
    data: z.object({}),
  }),
  verifyEmail: defineRoute({
    method: 'POST',
    path: '/sendgrid/verify',
    summary: 'Verify the email address with the signature from the mail',
    tag,
    auth: false,
    body: verifyBody,
    data: z.object({ email: z.string() }),
  }),
  resendVerify: defineRoute({
    method: 'GET',
    path: '/sendgrid/ResendVerify',
    summary: 'Send the verification mail again (same answer whether or not the account exists)',
    tag,
    auth: false,
    query: emailQuery,
    data: z.object({}),
  }),
  sendResetPassword: defineRoute({
    method: 'GET',
    path: '/sendgrid/sendemail_resetpassword',
    summary: 'Mail a password-reset link (same answer whether or not the account exists)',
    tag,
    auth: false,
    query: emailQuery,
    data: z.object({}),
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/sendgrid/Reset_password',
    summary: 'Set a new password with the token from the reset mail; signs out every session',
    tag,
    auth: false,
    body: resetPasswordBody,
    data: z.object({}),
  }),
};
