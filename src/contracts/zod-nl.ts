import { config } from 'zod/v4/core';
import nlLocale from 'zod/v4/locales/nl.js';

/**
 * Zod's Dutch locale for every message a schema does not set itself (e.g. a missing body), so no
 * English text reaches a user. Only this one locale is imported (the `z.locales` namespace would
 * pull every language into the web bundle). Imported once by the server and once by the web entry.
 */
config(nlLocale());
