import { randomToken, sha256, type SecretBox } from '../../lib/crypto';

/**
 * Management links (docs/PRODUCT.md#manage-links): a 256-bit random token, looked up by its SHA-256 and kept sealed
 * with APP_SECRET so the e-mails sent later (reminders, a payment confirmed in the background) can
 * carry the link, while the database alone reveals neither.
 */
/**
 * A request's decision link (docs/PRODUCT.md#approval): made like a management link, looked up by
 * its SHA-256; the token itself is sealed into the owner's notice only (`approvalBox`), so the
 * database alone cannot decide a request.
 */
export function issueApprovalToken(box: SecretBox) {
  const token = randomToken();
  return { token, approvalTokenHash: sha256(token), approvalBox: box.encrypt(token) };
}

export function issueManagementToken(box: SecretBox) {
  const token = randomToken();
  return { token, managementTokenHash: sha256(token), managementTokenBox: box.encrypt(token) };
}
