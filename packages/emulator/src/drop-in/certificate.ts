/**
 * X.509 certificates of the drop-in, written with node:crypto (P-256 keys, ECDSA with SHA-256)
 * and the DER encoders beside this file: the local certificate authority, limited by name
 * constraints to the platform's host names, and the server certificate it signs for the
 * emulator's TLS listener.
 */
import type { KeyObject } from 'node:crypto';
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import {
  bitString,
  boolean,
  context,
  octetString,
  oid,
  sequence,
  set,
  smallInteger,
  time,
  unsignedInteger,
  utf8String,
} from './der.js';

const ECDSA_WITH_SHA256 = sequence(oid('1.2.840.10045.4.3.2'));
const OID = {
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  subjectKeyIdentifier: '2.5.29.14',
  keyUsage: '2.5.29.15',
  subjectAltName: '2.5.29.17',
  basicConstraints: '2.5.29.19',
  nameConstraints: '2.5.29.30',
  authorityKeyIdentifier: '2.5.29.35',
  extKeyUsage: '2.5.29.37',
  serverAuth: '1.3.6.1.5.5.7.3.1',
} as const;

/** A new P-256 key pair. */
export function newKeyPair(): { publicKey: KeyObject; privateKey: KeyObject } {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' });
}

/** The DER `SubjectPublicKeyInfo` of a key. */
function spki(key: KeyObject): Buffer {
  return key.export({ type: 'spki', format: 'der' });
}

/**
 * The base64 SHA-256 of a key's `SubjectPublicKeyInfo`: what Chromium's
 * `--ignore-certificate-errors-spki-list` takes.
 */
export function spkiSha256(publicKey: KeyObject): string {
  return createHash('sha256').update(spki(publicKey)).digest('base64');
}

/** A key identifier (RFC 5280 §4.2.1.2 allows any unique value): 20 bytes of the key's hash. */
function keyId(publicKey: KeyObject): Buffer {
  return createHash('sha256').update(spki(publicKey)).digest().subarray(0, 20);
}

function name(commonName: string): Buffer {
  const attribute = (type: string, value: string) => set(sequence(oid(type), utf8String(value)));
  return sequence(
    attribute(OID.organization, 'Vitrine emulator (local)'),
    attribute(OID.commonName, commonName),
  );
}

function extension(id: string, critical: boolean, value: Buffer): Buffer {
  return critical
    ? sequence(oid(id), boolean(true), octetString(value))
    : sequence(oid(id), octetString(value));
}

/** `dNSName` entries, `[2] IMPLICIT IA5String`. */
function dnsNames(hosts: readonly string[]): Buffer[] {
  return hosts.map((host) => context(2, Buffer.from(host, 'ascii'), false));
}

/**
 * The authority's name constraints: it may vouch for the given host names (and names under
 * them, RFC 5280 §4.2.1.10) and for no IP address at all, so a leaked key signs nothing else.
 * Critical, so a client that cannot enforce them refuses the chain instead of ignoring them.
 */
export function nameConstraintsExtension(hosts: readonly string[]): Buffer {
  const subtree = (base: Buffer) => sequence(base);
  const anyIpv4 = context(7, Buffer.alloc(8), false);
  const anyIpv6 = context(7, Buffer.alloc(32), false);
  return extension(
    OID.nameConstraints,
    true,
    sequence(
      context(0, Buffer.concat(dnsNames(hosts).map(subtree)), true),
      context(1, Buffer.concat([subtree(anyIpv4), subtree(anyIpv6)]), true),
    ),
  );
}

/** What a certificate says and who signs it. */
export interface CertificateSpec {
  /** Common name of the subject. */
  subject: string;
  /** Common name of the issuer (the subject itself for the authority). */
  issuer: string;
  publicKey: KeyObject;
  /** The issuer's public key, named by the authority key identifier. */
  issuerPublicKey: KeyObject;
  /** The issuer's private key, which signs. */
  signingKey: KeyObject;
  notBefore: Date;
  notAfter: Date;
  /** Encoded extensions, besides the key identifiers added here. */
  extensions: Buffer[];
}

/** Writes and signs a certificate; answers it in PEM. */
export function issueCertificate(spec: CertificateSpec): string {
  const serial = randomBytes(16);
  serial[0] = (serial[0]! & 0x7f) | 0x01; // positive and 16 bytes long (RFC 5280 §4.1.2.2)
  const tbs = sequence(
    context(0, smallInteger(2), true), // v3
    unsignedInteger(serial),
    ECDSA_WITH_SHA256,
    name(spec.issuer),
    sequence(time(spec.notBefore), time(spec.notAfter)),
    name(spec.subject),
    spki(spec.publicKey),
    context(
      3,
      sequence(
        ...spec.extensions,
        extension(OID.subjectKeyIdentifier, false, octetString(keyId(spec.publicKey))),
        extension(
          OID.authorityKeyIdentifier,
          false,
          sequence(context(0, keyId(spec.issuerPublicKey), false)),
        ),
      ),
      true,
    ),
  );
  const signature = sign('sha256', tbs, { key: spec.signingKey, dsaEncoding: 'der' });
  const der = sequence(tbs, ECDSA_WITH_SHA256, bitString(signature));
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}

/** Extensions of the authority: a CA that signs end certificates only, within `hosts`. */
export function authorityExtensions(hosts: readonly string[]): Buffer[] {
  return [
    extension(OID.basicConstraints, true, sequence(boolean(true), smallInteger(0))),
    // keyCertSign (bit 5) and cRLSign (bit 6); the last bit used is 6, so 1 unused bit.
    extension(OID.keyUsage, true, bitString(Buffer.from([0x06]), 1)),
    nameConstraintsExtension(hosts),
  ];
}

/** Extensions of a TLS server certificate for `hosts`. */
export function serverExtensions(hosts: readonly string[]): Buffer[] {
  return [
    extension(OID.basicConstraints, true, sequence()),
    // digitalSignature (bit 0), 7 unused bits.
    extension(OID.keyUsage, true, bitString(Buffer.from([0x80]), 7)),
    extension(OID.extKeyUsage, false, sequence(oid(OID.serverAuth))),
    extension(OID.subjectAltName, false, sequence(...dnsNames(hosts))),
  ];
}
