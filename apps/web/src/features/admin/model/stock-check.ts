import { adminRoutes } from '@parmeta/contracts';
import { bodySchema, validate } from '@/lib/form-errors';
import { numberInput } from './number-input';

// Loaded when a stock field is first used (components/stock-editor.tsx): the check builds the
// admin contract's schemas, which the dashboard and the product list need for nothing else.

/** A typed stock count, checked with the rule the server applies to the call. */
export const checkStock = (id: number, text: string) => validate(bodySchema(adminRoutes.adminSetStock), { id, stock: numberInput(text) }, text.trim() === '' ? ['stock'] : [], { paths: true });
