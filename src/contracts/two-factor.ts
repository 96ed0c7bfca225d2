import { z } from 'zod';
import { nl } from './messages';

/** Two-step sign-in (docs/PRODUCT.md#two-step-sign-in): the requests and answers of its four routes. */
const t = nl.twoFactor;

/** What was typed: an app's six digits or a recovery code (`xxxx-xxxx`), spaces allowed. */
const code = z.string({ error: t.codeRequired }).trim().min(1, t.codeRequired).max(20, t.codeTooLong);

/** Setup's answer, the only one that ever carries the secret: to scan (the address) or type over. */
export const twoFactorSetupResponse = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponse>;

export const twoFactorEnableBody = z.object({ code });
export type TwoFactorEnableBody = z.infer<typeof twoFactorEnableBody>;

/** The recovery codes, shown once: only their hashes are stored. */
export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;

/** The password and a code of the app or a recovery code. */
export const twoFactorDisableBody = z.object({
  password: z
    .string({ error: nl.validation.passwordRequired })
    .min(1, nl.validation.passwordRequired)
    .max(200),
  code,
});
export type TwoFactorDisableBody = z.infer<typeof twoFactorDisableBody>;

/** The second step of a sign-in: an app's code or a recovery code. */
export const twoFactorLoginBody = z.object({ code });
export type TwoFactorLoginBody = z.infer<typeof twoFactorLoginBody>;
