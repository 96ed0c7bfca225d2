import { z } from 'zod';

/**
 * Zod's built-in Dutch locale for every message a schema does not set itself (e.g. a missing body),
 * so no English text reaches a user. Imported once by the server and once by the web entry.
 */
z.config(z.locales.nl());
