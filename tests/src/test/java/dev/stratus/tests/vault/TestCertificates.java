package dev.stratus.tests.vault;

import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * The certificates an OCI instance gets from its metadata service: an intermediate CA, and the
 * instance's leaf certificate signed by it whose subject names the tenancy ({@code
 * OU=opc-tenant:<ocid>}), with its RSA key. Made per test with BouncyCastle.
 */
final class TestCertificates {
  final KeyPair caKeys = rsa();
  final KeyPair leafKeys = rsa();
  final X509Certificate intermediate;
  final X509Certificate leaf;

  TestCertificates(String tenancy, String instance) {
    X500Name ca = new X500Name("CN=PKISVC Identity Intermediate r2, O=Stratus Test");
    intermediate = certificate(ca, ca, caKeys, caKeys);
    leaf =
        certificate(
            ca,
            new X500Name(
                "CN="
                    + instance
                    + ", OU=opc-certtype:instance, OU=opc-instance:"
                    + instance
                    + ", OU=opc-tenant:"
                    + tenancy),
            leafKeys,
            caKeys);
  }

  static String pem(String type, byte[] der) {
    return "-----BEGIN "
        + type
        + "-----\n"
        + Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(der)
        + "\n-----END "
        + type
        + "-----\n";
  }

  String leafPem() throws GeneralSecurityException {
    return pem("CERTIFICATE", leaf.getEncoded());
  }

  String intermediatePem() throws GeneralSecurityException {
    return pem("CERTIFICATE", intermediate.getEncoded());
  }

  String leafKeyPem() {
    return pem("PRIVATE KEY", leafKeys.getPrivate().getEncoded());
  }

  private static X509Certificate certificate(
      X500Name issuer, X500Name subject, KeyPair keys, KeyPair signer) {
    Instant now = Instant.now();
    try {
      var holder =
          new JcaX509v3CertificateBuilder(
                  issuer,
                  BigInteger.valueOf(now.toEpochMilli()),
                  Date.from(now.minus(Duration.ofHours(1))),
                  Date.from(now.plus(Duration.ofDays(1))),
                  subject,
                  keys.getPublic())
              .build(new JcaContentSignerBuilder("SHA256withRSA").build(signer.getPrivate()));
      return new JcaX509CertificateConverter().getCertificate(holder);
    } catch (OperatorCreationException | GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  private static KeyPair rsa() {
    try {
      KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
      g.initialize(2048);
      return g.generateKeyPair();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }
}
