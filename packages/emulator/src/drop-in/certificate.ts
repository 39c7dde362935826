/**
 * X.509 certificates of the drop-in, written by `@peculiar/x509` on Node's WebCrypto (P-256
 * keys, ECDSA with SHA-256): the local certificate authority, limited by name constraints to the
 * platform's host names, and the server certificate it signs for the emulator's TLS listener.
 *
 * The library is loaded on the drop-in's first start only, not with the emulator: it costs about
 * 100 ms to load, and its dependency-injection container (tsyringe) needs the `reflect-metadata`
 * polyfill on the global `Reflect`, which a process that never starts the drop-in is spared.
 */
import type * as Asn1Schema from '@peculiar/asn1-schema';
import type * as Asn1X509 from '@peculiar/asn1-x509';
import type * as X509 from '@peculiar/x509';
import type { KeyObject } from 'node:crypto';
import { createHash, generateKeyPairSync, randomBytes, webcrypto } from 'node:crypto';

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const ORGANIZATION = 'Vitrine emulator (local)';

interface Library {
  x509: typeof X509;
  asn: typeof Asn1X509;
  schema: typeof Asn1Schema;
}

let library: Promise<Library> | undefined;

/** The certificate library, loaded once (the polyfill its container needs first). */
function load(): Promise<Library> {
  library ??= (async () => {
    await import('reflect-metadata');
    const [x509, asn, schema] = await Promise.all([
      import('@peculiar/x509'),
      import('@peculiar/asn1-x509'),
      import('@peculiar/asn1-schema'),
    ]);
    return { x509, asn, schema };
  })().catch((error: unknown) => {
    library = undefined; // a later start tries again
    throw error;
  });
  return library;
}

/** A new P-256 key pair. */
export function newKeyPair(): { publicKey: KeyObject; privateKey: KeyObject } {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' });
}

/**
 * The base64 SHA-256 of a key's `SubjectPublicKeyInfo`: what Chromium's
 * `--ignore-certificate-errors-spki-list` takes.
 */
export function spkiSha256(publicKey: KeyObject): string {
  return createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64');
}

function publicCryptoKey(key: KeyObject): Promise<webcrypto.CryptoKey> {
  const der = key.export({ type: 'spki', format: 'der' });
  return webcrypto.subtle.importKey('spki', der, ALGORITHM, true, ['verify']);
}

function privateCryptoKey(key: KeyObject): Promise<webcrypto.CryptoKey> {
  const der = key.export({ type: 'pkcs8', format: 'der' });
  return webcrypto.subtle.importKey('pkcs8', der, ALGORITHM, false, ['sign']);
}

/**
 * The DER of the authority's name constraints: it may vouch for the given host names (and names
 * under them, RFC 5280 §4.2.1.10) and for no IP address at all, so a leaked key signs nothing
 * else that Node or OpenSSL accepts.
 */
function nameConstraints({ asn, schema }: Library, hosts: readonly string[]): ArrayBuffer {
  const subtree = (base: Partial<Asn1X509.GeneralName>) =>
    new asn.GeneralSubtree({ base: new asn.GeneralName(base) });
  return schema.AsnConvert.serialize(
    new asn.NameConstraints({
      permittedSubtrees: new asn.GeneralSubtrees(hosts.map((dNSName) => subtree({ dNSName }))),
      excludedSubtrees: new asn.GeneralSubtrees([
        subtree({ iPAddress: '0.0.0.0/0' }),
        subtree({ iPAddress: '::/0' }),
      ]),
    }),
  );
}

/**
 * Whether `certificate` (PEM) carries, marked critical, the name constraints of an authority for
 * exactly `hosts`.
 */
export async function constrainedTo(
  certificate: string,
  hosts: readonly string[],
): Promise<boolean> {
  const lib = await load();
  const extension = new lib.x509.X509Certificate(certificate).getExtension(
    lib.asn.id_ce_nameConstraints,
  );
  if (!extension?.critical) return false;
  return Buffer.from(extension.value).equals(Buffer.from(nameConstraints(lib, hosts)));
}

/** Who signs a certificate. */
export interface Signer {
  /** The issuer's certificate (PEM); none for a self-signed one. */
  certificate?: string;
  publicKey: KeyObject;
  privateKey: KeyObject;
}

/** What a certificate says and who signs it. */
export interface CertificateSpec {
  /**
   * `'authority'`: a certificate authority that signs end certificates only, within `names`
   * (name constraints, critical). `'server'`: a TLS server certificate for `names`.
   */
  role: 'authority' | 'server';
  /** Common name of the subject. */
  subject: string;
  /** DNS names: the authority's permitted subtrees, or the server's alternative names. */
  names: readonly string[];
  /** IP addresses among a server certificate's alternative names (none in the drop-in's own). */
  addresses?: readonly string[];
  publicKey: KeyObject;
  issuer: Signer;
  notBefore: Date;
  notAfter: Date;
}

async function extensions(lib: Library, spec: CertificateSpec): Promise<X509.Extension[]> {
  const { x509 } = lib;
  const crypto = webcrypto as Crypto;
  const keyIds = [
    await x509.SubjectKeyIdentifierExtension.create(
      await publicCryptoKey(spec.publicKey),
      false,
      crypto,
    ),
    await x509.AuthorityKeyIdentifierExtension.create(
      await publicCryptoKey(spec.issuer.publicKey),
      false,
      crypto,
    ),
  ];
  if (spec.role === 'authority')
    return [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign,
        true,
      ),
      new x509.Extension(lib.asn.id_ce_nameConstraints, true, nameConstraints(lib, spec.names)),
      ...keyIds,
    ];
  const altNames = [
    ...spec.names.map((value) => ({ type: 'dns' as const, value })),
    ...(spec.addresses ?? []).map((value) => ({ type: 'ip' as const, value })),
  ];
  return [
    new x509.BasicConstraintsExtension(false, undefined, true),
    new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
    new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth], false),
    new x509.SubjectAlternativeNameExtension(altNames, false),
    ...keyIds,
  ];
}

/** Writes and signs a certificate; answers it in PEM. */
export async function issueCertificate(spec: CertificateSpec): Promise<string> {
  const lib = await load();
  const { x509 } = lib;
  const serial = randomBytes(16);
  serial[0] = (serial[0]! & 0x7f) | 0x01; // positive and 16 bytes long (RFC 5280 §4.1.2.2)
  const subject = [{ O: [ORGANIZATION] }, { CN: [spec.subject] }];
  const certificate = await x509.X509CertificateGenerator.create(
    {
      serialNumber: serial.toString('hex'),
      subject,
      // The issuer's name as its own certificate spells it, byte for byte, so chains build.
      issuer: spec.issuer.certificate
        ? new x509.X509Certificate(spec.issuer.certificate).subjectName
        : subject,
      notBefore: spec.notBefore,
      notAfter: spec.notAfter,
      publicKey: await publicCryptoKey(spec.publicKey),
      signingKey: await privateCryptoKey(spec.issuer.privateKey),
      signingAlgorithm: ALGORITHM,
      extensions: await extensions(lib, spec),
    },
    webcrypto as Crypto,
  );
  return `${certificate.toString('pem')}\n`;
}
