#!/usr/bin/env node
/**
 * A step of `npm test`: the shared cache's tests (`@vitrine/next`'s Redis cache handler, the Next
 * shop on two servers) start Debian's `redis-server` themselves, on a free port of 127.0.0.1, and
 * a fresh machine has none. When it is missing, install Debian's package where this user may
 * (root, or sudo without a password); otherwise stop before any test with one line that says what
 * to run. The package's own service is never used (nor started, when apt-get starts it: it is
 * stopped and disabled again), and nothing is downloaded from anywhere but Debian.
 *
 * `REDIS_SERVER_PATH` names another redis-server; when it is set, nothing is installed.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { ensureDebianPackage } from './debian-package.mjs';

ensureDebianPackage({
  name: 'redis-server',
  label: "Debian's redis-server",
  executable: '/usr/bin/redis-server',
  pathVariable: 'REDIS_SERVER_PATH',
  neededBy: "the shared cache's tests",
  // policy-rc.d answers 101 ("not allowed") on machines without an init system, so the package's
  // service is not started there; where it is started, it is stopped here: the tests never use it.
  installOptions: ['--no-install-recommends'],
  afterInstall(asRoot) {
    try {
      accessSync('/usr/bin/systemctl', constants.X_OK);
    } catch {
      return;
    }
    const [systemctl, ...args] = [...asRoot, 'systemctl'];
    spawnSync(systemctl, [...args, 'disable', '--now', 'redis-server'], { stdio: 'ignore' });
  },
});
