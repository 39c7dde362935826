/**
 * The drop-in's local certificate authority and its server key, made once per user and kept in
 * the drop-in's directory: the authority's certificate `ca.pem` and key `ca-key.pem` (0600), and
 * the server's key `server-key.pem` (0600). The authority is replaced when it nears its end, when
 * its name constraints no longer match the drop-in's hosts, or when its files do not match each
 * other; the server key is kept until the drop-in is removed, so the browser flag that names it
 * stays the same from one start to the next. The server certificate (the authority's signature
 * on the server key, for the drop-in's hosts) is made anew at each start and kept in memory.
 */
import type { KeyObject } from 'node:crypto';
import { X509Certificate, createPrivateKey, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constrainedTo, issueCertificate, newKeyPair, spkiSha256 } from './certificate.js';
import { privateFileExists, writeFileAtomically } from './directory.js';

const DAY = 86_400_000;
const AUTHORITY_NAME = 'Vitrine emulator drop-in CA';
/** Lifetime of the authority; it is replaced within the last 30 days. */
const AUTHORITY_DAYS = 730;
const RENEW_WITHIN_DAYS = 30;
/** Lifetime of a server certificate (one per start), within the authority's own. */
const SERVER_DAYS = 90;

/** File names in the drop-in directory. */
export const AUTHORITY_FILES = {
  certificate: 'ca.pem',
  key: 'ca-key.pem',
  serverKey: 'server-key.pem',
} as const;

/** The certificate authority in use. */
export interface Authority {
  /** PEM of the authority's certificate (public). */
  certificate: string;
  publicKey: KeyObject;
  privateKey: KeyObject;
  /** Base64 SHA-256 of its public key. */
  spkiSha256: string;
  /** Whether this start made it. */
  created: boolean;
}

/** The drop-in's long-lived server key: the one Chromium's flag names. */
export interface ServerKey {
  publicKey: KeyObject;
  privateKey: KeyObject;
  /** Base64 SHA-256 of its public key, for Chromium's `--ignore-certificate-errors-spki-list`. */
  spkiSha256: string;
  /** Whether this start made it (a new browser flag). */
  created: boolean;
}

/** The private key in `path` if it is there and readable, else `undefined`. */
function readPrivateKey(path: string): KeyObject | undefined {
  if (!privateFileExists(path)) return undefined;
  try {
    return createPrivateKey(readFileSync(path));
  } catch {
    return undefined; // unreadable or half-written: made anew
  }
}

function writePrivateKey(path: string, key: KeyObject): void {
  writeFileAtomically(path, key.export({ type: 'pkcs8', format: 'pem' }) as string, 0o600);
}

/** The authority in `dir` if it is whole, current and constrained to `hosts`; else `undefined`. */
async function loadAuthority(
  dir: string,
  hosts: readonly string[],
  now: Date,
): Promise<Authority | undefined> {
  const privateKey = readPrivateKey(join(dir, AUTHORITY_FILES.key));
  if (!privateKey) return undefined;
  try {
    const certificate = readFileSync(join(dir, AUTHORITY_FILES.certificate), 'utf8');
    const x509 = new X509Certificate(certificate);
    const publicKey = createPublicKey(privateKey);
    const matches = x509.publicKey.equals(publicKey) && x509.verify(publicKey);
    const current =
      Date.parse(x509.validFrom) <= now.getTime() &&
      Date.parse(x509.validTo) > now.getTime() + RENEW_WITHIN_DAYS * DAY;
    if (!matches || !current || !(await constrainedTo(certificate, hosts))) return undefined;
    return {
      certificate,
      publicKey,
      privateKey,
      spkiSha256: spkiSha256(publicKey),
      created: false,
    };
  } catch {
    return undefined; // unreadable or half-written: made anew below
  }
}

/**
 * The authority kept in `dir` (a private directory, see `ensurePrivateDirectory`), made when
 * there is none usable.
 * @throws {DropInError} when its key file exists but is open to others, a link or another user's.
 */
export async function loadOrCreateAuthority(
  dir: string,
  hosts: readonly string[],
  now = new Date(),
): Promise<Authority> {
  const existing = await loadAuthority(dir, hosts, now);
  if (existing) return existing;
  const { publicKey, privateKey } = newKeyPair();
  const certificate = await issueCertificate({
    role: 'authority',
    subject: AUTHORITY_NAME,
    names: hosts,
    publicKey,
    issuer: { publicKey, privateKey },
    notBefore: new Date(now.getTime() - DAY),
    notAfter: new Date(now.getTime() + AUTHORITY_DAYS * DAY),
  });
  writePrivateKey(join(dir, AUTHORITY_FILES.key), privateKey);
  writeFileAtomically(join(dir, AUTHORITY_FILES.certificate), certificate, 0o644);
  return { certificate, publicKey, privateKey, spkiSha256: spkiSha256(publicKey), created: true };
}

/**
 * The server key kept in `dir`, made when there is none usable. Only the drop-in holds it, so a
 * chain built from public files (the authority's certificate) never names it.
 * @throws {DropInError} when its file exists but is open to others, a link or another user's.
 */
export function loadOrCreateServerKey(dir: string): ServerKey {
  const path = join(dir, AUTHORITY_FILES.serverKey);
  const kept = readPrivateKey(path);
  const privateKey = kept ?? newKeyPair().privateKey;
  if (!kept) writePrivateKey(path, privateKey);
  const publicKey = createPublicKey(privateKey);
  return { publicKey, privateKey, spkiSha256: spkiSha256(publicKey), created: !kept };
}

/** A TLS server identity: key and certificate, in PEM. */
export interface ServerIdentity {
  key: string;
  /** The server certificate alone: the Node hook trusts the authority, Chromium the server key. */
  certificate: string;
}

/** Issues a certificate for `hosts` on the server key, signed by `authority`. */
export async function issueServerIdentity(
  authority: Authority,
  serverKey: ServerKey,
  hosts: readonly string[],
  now = new Date(),
): Promise<ServerIdentity> {
  const authorityEnd = Date.parse(new X509Certificate(authority.certificate).validTo);
  const certificate = await issueCertificate({
    role: 'server',
    subject: hosts[0] ?? AUTHORITY_NAME,
    names: hosts,
    publicKey: serverKey.publicKey,
    issuer: authority,
    notBefore: new Date(now.getTime() - DAY),
    notAfter: new Date(Math.min(now.getTime() + SERVER_DAYS * DAY, authorityEnd)),
  });
  return {
    key: serverKey.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    certificate,
  };
}
