#!/usr/bin/env node
/**
 * The first step of `npm test`: the browser tests drive Debian's Chromium through playwright-core,
 * and a fresh machine has none. When it is missing, install Debian's package where this user may
 * (root, or sudo without a password); otherwise stop before any test with one line that says what
 * to run. A browser is never downloaded from anywhere else.
 *
 * `CHROMIUM_PATH` names another Chromium; when it is set, nothing is installed.
 */
import { ensureDebianPackage } from './debian-package.mjs';

ensureDebianPackage({
  name: 'chromium',
  label: "Debian's Chromium",
  executable: '/usr/bin/chromium',
  pathVariable: 'CHROMIUM_PATH',
  neededBy: 'the browser tests',
});
