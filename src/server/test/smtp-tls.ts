/**
 * A self-signed certificate for the name smtp.salon.test (valid to 2126), for tests that check TLS
 * is verified against an SMTP server's name. Test-only: the key protects nothing.
 */
export const SMTP_TLS_NAME = 'smtp.salon.test';
export const SMTP_TLS_CERT = `-----BEGIN CERTIFICATE-----
MIIBpzCCAU2gAwIBAgIUeFRJpgU+79neM1Y7832Y2eU17v0wCgYIKoZIzj0EAwIw
GjEYMBYGA1UEAwwPc210cC5zYWxvbi50ZXN0MCAXDTI2MTEyMzIxMDcyOFoYDzIx
MjYxMDMwMjEwNzI4WjAaMRgwFgYDVQQDDA9zbXRwLnNhbG9uLnRlc3QwWTATBgcq
hkjOPQIBBggqhkjOPQMBBwNCAAS3rbW0VdCBYQlr26KBjHt9in6MGjRRzpiFAXYa
Ca168CyFftL/IKVfyZNH6y14cQQ0TKCWn5y/vZtXpZrewqY1o28wbTAdBgNVHQ4E
FgQUhYMgEXCCH4X+ApGo+XYg2Vkv33owHwYDVR0jBBgwFoAUhYMgEXCCH4X+ApGo
+XYg2Vkv33owDwYDVR0TAQH/BAUwAwEB/zAaBgNVHREEEzARgg9zbXRwLnNhbG9u
LnRlc3QwCgYIKoZIzj0EAwIDSAAwRQIgCTu0NYV/f4UHoS/oAU+UuWcVajkBE+hY
lSSYfaFZINMCIQDyP/Hy0eyErKYkAMGzgJ2BLl2ml86kVdgknpmZcwPmrw==
-----END CERTIFICATE-----
`;
export const SMTP_TLS_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgQdWfUYPvXCA6ArHQ
nMjrIiOv++Q2qntE1JM+A1gTSHmhRANCAAS3rbW0VdCBYQlr26KBjHt9in6MGjRR
zpiFAXYaCa168CyFftL/IKVfyZNH6y14cQQ0TKCWn5y/vZtXpZrewqY1
-----END PRIVATE KEY-----
`;
