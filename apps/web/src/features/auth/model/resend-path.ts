/** The resend page, with the email filled in when the user already typed one. */
export const resendPath = (login: string) => (login.includes('@') ? `/resendEmail?email=${encodeURIComponent(login.trim())}` : '/resendEmail');
