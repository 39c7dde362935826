/**
 * The secrets and the id a state is made with. They were made on first use before (a form's page,
 * a token's grant), which wrote the state outside a transaction; a state file of that time that
 * lacks one is given it when it is read (upgrade.ts).
 */
import { randomId, randomToken } from '../crypto/random.js';
import type { EmulatorState } from '../models/state.js';

/** The keys of a new state: the forms' and the access tokens' secrets, and the site's id. */
export function newKeys(): Pick<EmulatorState, 'formSecret' | 'tokenSecret' | 'siteId'> {
  return { formSecret: randomToken(''), tokenSecret: randomToken(''), siteId: randomId() };
}
