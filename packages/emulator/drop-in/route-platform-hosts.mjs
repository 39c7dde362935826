// @ts-check
/**
 * The Node side of the emulator's drop-in: routes the platform's host names to the emulator's
 * TLS listener on 127.0.0.1, for every runtime of the process. It works at the socket layer
 * (`tls.connect`, `net.connect`, `dns.lookup`), beneath every `fetch`: Next.js runs edge-runtime
 * middleware in a sandbox with a `fetch` of its own, which a patched global `fetch` never reaches,
 * while its sockets still come from these modules.
 *
 * Plain JavaScript with no dependency, because it is loaded with `node --import` into the app's
 * processes, copied beside the drop-in's configuration (see node-hook.mjs).
 */
import dns from 'node:dns';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import tls from 'node:tls';

/**
 * The one address the routed names resolve to. `3fff::/20` is reserved for documentation
 * (RFC 9637) and never routed; every connection to it or to a routed name goes to the emulator
 * or is refused here, so nothing leaves the machine. Not `127.0.0.1`: Next.js's image optimizer
 * refuses to fetch images from a host that resolves to a loopback or private address.
 */
export const PLACEHOLDER_ADDRESS = '3fff::1';

const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * @typedef {object} DropInRoute
 * @property {readonly string[]} hosts Names to route (lower case).
 * @property {number} port The emulator's drop-in TLS port on 127.0.0.1.
 * @property {string} ca PEM of the drop-in's certificate authority, trusted for these names only.
 */

/**
 * Checks a route read from a file.
 * @param {unknown} value
 * @returns {DropInRoute}
 * @throws {TypeError} naming the field that is wrong.
 */
export function parseRoute(value) {
  const route = /** @type {Record<string, unknown>} */ (
    value !== null && typeof value === 'object' ? value : {}
  );
  const { hosts, port, ca } = route;
  if (
    !Array.isArray(hosts) ||
    hosts.length === 0 ||
    !hosts.every((h) => typeof h === 'string' && HOST_NAME.test(h))
  )
    throw new TypeError('hosts must be a non-empty list of lower-case host names');
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65535)
    throw new TypeError('port must be an integer from 1 to 65535');
  if (typeof ca !== 'string' || !ca.startsWith('-----BEGIN CERTIFICATE-----'))
    throw new TypeError('ca must be a PEM certificate');
  return { hosts: /** @type {string[]} */ (hosts), port, ca };
}

/** @param {unknown} host */
function nameOf(host) {
  return typeof host === 'string' ? host.toLowerCase().replace(/\.$/, '') : '';
}

/**
 * `connect` arguments as Node reads them: `(options[, cb])` or `(port[, host][, options][, cb])`;
 * `undefined` options for the other forms (a socket path), which are never routed.
 * @param {unknown[]} args
 * @returns {[Record<string, unknown> | undefined, unknown]}
 */
function connectArgs(args) {
  /** @type {Record<string, unknown>} */
  let options;
  let next = 1;
  if (args[0] !== null && typeof args[0] === 'object') options = { ...args[0] };
  else if (typeof args[0] === 'number' || (typeof args[0] === 'string' && /^\d+$/.test(args[0]))) {
    options = { port: args[0] };
    if (typeof args[1] === 'string') {
      options.host = args[1];
      next = 2;
    }
    const extra = args[next];
    if (extra !== null && typeof extra === 'object') {
      options = { ...options, ...extra };
      next += 1;
    }
  } else return [undefined, undefined];
  return [options, args.find((a) => typeof a === 'function')];
}

/**
 * An error like the one of a refused connection, naming the host, never an address of the app.
 * @param {string} name
 */
function refusal(name) {
  return Object.assign(
    new Error(
      `connect ECONNREFUSED: the Vitrine emulator's drop-in answers ${name} on https (port 443) only`,
    ),
    { code: 'ECONNREFUSED', syscall: 'connect' },
  );
}

/**
 * A socket that fails as a refused connection does, once the caller has attached its listeners.
 * @param {string} name
 * @returns {any}
 */
function refused(name) {
  const socket = new net.Socket();
  process.nextTick(() => socket.destroy(refusal(name)));
  return socket;
}

/** @param {string} hostname */
function notFound(hostname) {
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
    code: 'ENOTFOUND',
    syscall: 'getaddrinfo',
    hostname,
  });
}

/**
 * Routes the names of `route` to the emulator until the returned function is called.
 * - `tls.connect` to a routed name on port 443 goes to `127.0.0.1:{port}`, keeping the name for
 *   SNI and the certificate check, and trusting the drop-in's authority for that connection only
 *   (so the authority never enters the process's trust store, `NODE_EXTRA_CA_CERTS`).
 * - Plain `net.connect` to a routed name or to {@link PLACEHOLDER_ADDRESS} is refused.
 * - `dns.lookup` of a routed name answers {@link PLACEHOLDER_ADDRESS} (IPv6 only; an IPv4-only
 *   lookup finds nothing), without asking any resolver.
 * @param {DropInRoute} input
 * @returns {() => void} restores the original functions.
 * @throws {TypeError} when the route is malformed.
 */
export function routePlatformHosts(input) {
  const route = parseRoute(input);
  const routed = new Set(route.hosts);
  const original = {
    tlsConnect: tls.connect,
    netConnect: net.connect,
    netCreateConnection: net.createConnection,
    lookup: dns.lookup,
    promisesLookup: dns.promises.lookup,
  };

  /** @param {Record<string, unknown>} options */
  const target = (options) => {
    const host = nameOf(options.host);
    const name = routed.has(nameOf(options.servername)) ? nameOf(options.servername) : host;
    return { name, routed: routed.has(name), placeholder: host === PLACEHOLDER_ADDRESS };
  };

  /** @type {typeof tls.connect} */
  const tlsConnect = /** @type {any} */ (
    function connect(/** @type {unknown[]} */ ...args) {
      const [options, callback] = connectArgs(args);
      if (!options || options.socket || options.path)
        return Reflect.apply(original.tlsConnect, tls, args);
      const { name, routed: isRouted, placeholder } = target(options);
      if (isRouted && String(options.port) === '443') {
        const { lookup: _pinned, ...rest } = options;
        const routedOptions = {
          ...rest,
          host: '127.0.0.1',
          port: route.port,
          servername: name,
          ca: route.ca,
        };
        return Reflect.apply(original.tlsConnect, tls, [routedOptions, callback].filter(Boolean));
      }
      if (isRouted || placeholder) return refused(name);
      return Reflect.apply(original.tlsConnect, tls, args);
    }
  );

  /** @param {typeof net.connect} connect */
  const guardPlain = (connect) =>
    /** @type {typeof net.connect} */ (
      /** @type {any} */ (
        function plainConnect(/** @type {unknown[]} */ ...args) {
          const [options] = connectArgs(args);
          if (options && !options.path) {
            const { name, routed: isRouted, placeholder } = target(options);
            if (isRouted || placeholder) return refused(name);
          }
          return Reflect.apply(connect, net, args);
        }
      )
    );

  /**
   * @param {unknown} options
   * @returns {{ all: boolean, family: number }}
   */
  const lookupOptions = (options) => {
    if (typeof options === 'number') return { all: false, family: options };
    const o = /** @type {{ all?: boolean, family?: number | string }} */ (options ?? {});
    const family = o.family === 'IPv4' ? 4 : o.family === 'IPv6' ? 6 : Number(o.family ?? 0);
    return { all: o.all === true, family };
  };

  /** @type {typeof dns.lookup} */
  const lookup = /** @type {any} */ (
    function lookup(/** @type {unknown[]} */ ...args) {
      const hostname = nameOf(args[0]);
      if (!routed.has(hostname)) return Reflect.apply(original.lookup, dns, args);
      const callback = /** @type {(...a: unknown[]) => void} */ (
        args.filter((a) => typeof a === 'function').at(-1)
      );
      const { all, family } = lookupOptions(typeof args[1] === 'function' ? undefined : args[1]);
      process.nextTick(() => {
        if (family === 4) callback(notFound(hostname));
        else if (all) callback(null, [{ address: PLACEHOLDER_ADDRESS, family: 6 }]);
        else callback(null, PLACEHOLDER_ADDRESS, 6);
      });
      return {};
    }
  );

  /** @type {typeof dns.promises.lookup} */
  const promisesLookup = /** @type {any} */ (
    async function lookup(/** @type {string} */ hostname, /** @type {unknown} */ options) {
      const name = nameOf(hostname);
      if (!routed.has(name))
        return Reflect.apply(original.promisesLookup, dns.promises, [hostname, options]);
      const { all, family } = lookupOptions(options);
      if (family === 4) throw notFound(name);
      const answer = { address: PLACEHOLDER_ADDRESS, family: 6 };
      return all ? [answer] : answer;
    }
  );

  tls.connect = tlsConnect;
  net.connect = guardPlain(original.netConnect);
  net.createConnection = guardPlain(original.netCreateConnection);
  dns.lookup = lookup;
  dns.promises.lookup = promisesLookup;
  // ESM importers of node:tls, node:net and node:dns see the same functions.
  syncBuiltinESMExports();

  return function restore() {
    tls.connect = original.tlsConnect;
    net.connect = original.netConnect;
    net.createConnection = original.netCreateConnection;
    dns.lookup = original.lookup;
    dns.promises.lookup = original.promisesLookup;
    syncBuiltinESMExports();
  };
}
