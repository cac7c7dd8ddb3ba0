// The sign-in pages' schemas, loaded as a field is first focused rather than with the page
// (model/use-contract-form.ts, docs/decisions/0074).
export { codeBody, emailQuery, recoveryCodeBody, signInBody, signUpBody } from '@parmeta/contracts';
