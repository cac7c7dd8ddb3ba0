import { PRODUCT_NAME } from '@parmeta/contracts/constants';
import { brandedMail, type RenderedMail } from '../mail/templates.js';

const NOT_YOU = 'If this was not you, reset your password at once with the button below and check the email address of your account.';

export function passwordChangedMail(publicUrl: string, fullName: string): RenderedMail {
  return brandedMail(
    `Your ${PRODUCT_NAME} password was changed`,
    {
      heading: `Hello ${fullName}`,
      paragraphs: ['The password of your account was just changed. Every other device that was signed in has been signed out.', NOT_YOU],
      action: { label: 'Reset my password', url: `${publicUrl}/reset` },
    },
    publicUrl,
  );
}

export function confirmNewEmailMail(publicUrl: string, fullName: string, newEmail: string, token: string): RenderedMail {
  return brandedMail(
    `Confirm your new email for ${PRODUCT_NAME}`,
    {
      heading: `Hello ${fullName}`,
      paragraphs: [`You asked to use ${newEmail} for your ${PRODUCT_NAME} account. Confirm it with the button below; until then your account keeps its current email.`],
      action: { label: 'Confirm my new email', url: `${publicUrl}/account/email?signature=${encodeURIComponent(token)}` },
      footnote: 'The link works once and expires in 24 hours. If you did not ask for this, you can ignore this mail.',
    },
    publicUrl,
  );
}

export function emailChangeRequestedMail(publicUrl: string, fullName: string, newEmail: string): RenderedMail {
  return brandedMail(
    `Your ${PRODUCT_NAME} email is about to change`,
    {
      heading: `Hello ${fullName}`,
      paragraphs: [
        `Someone signed in to your account asked to change its email to ${newEmail}. Nothing changes until the link we sent to that address is opened.`,
        'If this was not you, someone may know your password: reset it now, so that they cannot ask again.',
      ],
      action: { label: 'Reset my password', url: `${publicUrl}/reset` },
    },
    publicUrl,
  );
}

export function emailChangedMail(publicUrl: string, fullName: string, newEmail: string): RenderedMail {
  return brandedMail(
    `Your ${PRODUCT_NAME} email was changed`,
    {
      heading: `Hello ${fullName}`,
      paragraphs: [`Your account now uses ${newEmail}. We will not write to this address any more.`, NOT_YOU],
      action: { label: 'Reset my password', url: `${publicUrl}/reset` },
    },
    publicUrl,
  );
}

export function accountClosedMail(publicUrl: string, fullName: string): RenderedMail {
  return brandedMail(
    `Your ${PRODUCT_NAME} account is closed`,
    {
      heading: `Goodbye, ${fullName}`,
      paragraphs: [
        'Your account is closed and you are signed out everywhere. Your name, email, phone, birthday, photo, addresses and saved cards are erased.',
        'We keep the records the law asks of a shop (your orders and payments, without your contact details) for our accounts. Your user name and this email address are free: you can sign up again with them at any time.',
      ],
    },
    publicUrl,
  );
}
