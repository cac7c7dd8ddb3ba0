import { editProfileFields } from '@parmeta/contracts';
import { blankFields, validate } from '@/lib/form-errors';

// Loaded when the profile form is first used, not with its page: the profile schema brings the
// account contract's schemas (docs/decisions/0074).

export type ProfileDraft = { firstName: string; lastName: string; phone: string; birthday: string };

/** The profile's fields with the rules the server applies. */
export const checkProfile = (draft: ProfileDraft) => validate(editProfileFields, draft, blankFields(draft));
