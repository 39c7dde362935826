/**
 * The drop-in's local certificate authority: made once per user and kept in the drop-in's
 * directory (certificate `ca.pem`, key `ca-key.pem`, 0600), so the browser flag that trusts it
 * stays the same from one start to the next. It is replaced when it nears its end, when its name
 * constraints no longer match the drop-in's hosts, or when its files do not match each other.
 * The server certificate it signs lives in memory only, one per start.
 */
import type { KeyObject } from 'node:crypto';
import { X509Certificate, createPrivateKey, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  authorityExtensions,
  issueCertificate,
  nameConstraintsExtension,
  newKeyPair,
  serverExtensions,
  spkiSha256,
} from './certificate.js';
import { privateFileExists, writeFileAtomically } from './directory.js';

const DAY = 86_400_000;
const AUTHORITY_NAME = 'Vitrine emulator drop-in CA';
/** Lifetime of the authority; it is replaced within the last 30 days. */
const AUTHORITY_DAYS = 730;
const RENEW_WITHIN_DAYS = 30;
/** Lifetime of a server certificate (one per start), within the authority's own. */
const SERVER_DAYS = 90;

/** File names in the drop-in directory. */
export const AUTHORITY_FILES = { certificate: 'ca.pem', key: 'ca-key.pem' } as const;

/** The certificate authority in use. */
export interface Authority {
  /** PEM of the authority's certificate (public). */
  certificate: string;
  publicKey: KeyObject;
  privateKey: KeyObject;
  /** Base64 SHA-256 of its public key, for Chromium's `--ignore-certificate-errors-spki-list`. */
  spkiSha256: string;
  /** Whether this start made it (a new browser flag). */
  created: boolean;
}

/** The authority in `dir` if it is whole, current and constrained to `hosts`; else `undefined`. */
function loadAuthority(dir: string, hosts: readonly string[], now: Date): Authority | undefined {
  const keyPath = join(dir, AUTHORITY_FILES.key);
  const certificatePath = join(dir, AUTHORITY_FILES.certificate);
  if (!privateFileExists(keyPath)) return undefined;
  try {
    const privateKey = createPrivateKey(readFileSync(keyPath));
    const certificate = readFileSync(certificatePath, 'utf8');
    const x509 = new X509Certificate(certificate);
    const publicKey = createPublicKey(privateKey);
    const matches = x509.publicKey.equals(publicKey) && x509.verify(publicKey);
    const current =
      Date.parse(x509.validFrom) <= now.getTime() &&
      Date.parse(x509.validTo) > now.getTime() + RENEW_WITHIN_DAYS * DAY;
    const constrained = x509.raw.includes(nameConstraintsExtension(hosts));
    if (!matches || !current || !constrained) return undefined;
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
export function loadOrCreateAuthority(
  dir: string,
  hosts: readonly string[],
  now = new Date(),
): Authority {
  const existing = loadAuthority(dir, hosts, now);
  if (existing) return existing;
  const { publicKey, privateKey } = newKeyPair();
  const certificate = issueCertificate({
    subject: AUTHORITY_NAME,
    issuer: AUTHORITY_NAME,
    publicKey,
    issuerPublicKey: publicKey,
    signingKey: privateKey,
    notBefore: new Date(now.getTime() - DAY),
    notAfter: new Date(now.getTime() + AUTHORITY_DAYS * DAY),
    extensions: authorityExtensions(hosts),
  });
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  writeFileAtomically(join(dir, AUTHORITY_FILES.key), keyPem, 0o600);
  writeFileAtomically(join(dir, AUTHORITY_FILES.certificate), certificate, 0o644);
  return { certificate, publicKey, privateKey, spkiSha256: spkiSha256(publicKey), created: true };
}

/** A TLS server identity: key and certificate chain (server, then authority), in PEM. */
export interface ServerIdentity {
  key: string;
  /** The server certificate followed by the authority's, so browsers can match either key. */
  certificateChain: string;
}

/** Issues a server certificate for `hosts`, signed by `authority`, with a key of its own. */
export function issueServerIdentity(
  authority: Authority,
  hosts: readonly string[],
  now = new Date(),
): ServerIdentity {
  const { publicKey, privateKey } = newKeyPair();
  const authorityEnd = Date.parse(new X509Certificate(authority.certificate).validTo);
  const certificate = issueCertificate({
    subject: hosts[0] ?? AUTHORITY_NAME,
    issuer: AUTHORITY_NAME,
    publicKey,
    issuerPublicKey: authority.publicKey,
    signingKey: authority.privateKey,
    notBefore: new Date(now.getTime() - DAY),
    notAfter: new Date(Math.min(now.getTime() + SERVER_DAYS * DAY, authorityEnd)),
    extensions: serverExtensions(hosts),
  });
  return {
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    certificateChain: `${certificate}${authority.certificate}`,
  };
}
