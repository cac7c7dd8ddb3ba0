import { PRODUCT_NAME } from '@parmeta/contracts/constants';
import { brandedMail, type RenderedMail } from '../mail/templates.js';

export function verificationMail(publicUrl: string, fullName: string, token: string): RenderedMail {
  return brandedMail(
    `Verify your email for ${PRODUCT_NAME}`,
    {
      heading: `Welcome, ${fullName}`,
      paragraphs: [`Please confirm that this is your email address to finish creating your ${PRODUCT_NAME} account.`],
      action: { label: 'Verify my email', url: `${publicUrl}/login?signature=${encodeURIComponent(token)}` },
      footnote: 'The link works once and expires in 24 hours. If you did not sign up, you can ignore this mail.',
    },
    publicUrl,
  );
}

export function resetMail(publicUrl: string, fullName: string, token: string): RenderedMail {
  return brandedMail(
    `Reset your ${PRODUCT_NAME} password`,
    {
      heading: `Hello ${fullName}`,
      paragraphs: ['Somebody (hopefully you) asked to reset the password of your account. Choose a new password with the button below.'],
      action: { label: 'Choose a new password', url: `${publicUrl}/reset?token=${encodeURIComponent(token)}` },
      footnote: 'The link works once and expires in one hour. Setting a new password signs you out everywhere. If you did not ask for this, you can ignore this mail.',
    },
    publicUrl,
  );
}
