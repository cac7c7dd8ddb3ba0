// The account settings' schemas, loaded as a field is first focused rather than with the page
// (features/auth/model/use-contract-form.ts, docs/decisions/0074).
export { changeEmailBody, changePasswordBody } from '@parmeta/contracts';
