import { z } from 'zod';
import { nl } from '@contracts/messages';

/**
 * The repetition of the new password, which only the password forms ask (the API takes the password
 * once): the profile's change and a reset link's (docs/PRODUCT.md#validation-profile). A form's schema
 * is its contract `.extend(passwordRepeat.shape).refine(passwordRepeat.check, passwordRepeat.issue)`.
 */
export const passwordRepeat = {
  shape: { confirmPassword: z.string().min(1, nl.validation.confirmPasswordRequired) },
  check: (values: { newPassword: string; confirmPassword: string }) =>
    values.newPassword === values.confirmPassword,
  issue: { path: ['confirmPassword'], message: nl.validation.passwordsDontMatch },
};
