package dev.stratus.testkit.oci;

import java.security.GeneralSecurityException;
import java.security.KeyPairGenerator;
import java.security.PublicKey;

/** RSA keys for the OCI tests. */
public final class OciKeys {
  private OciKeys() {}

  /** A public key no test signs with. */
  public static PublicKey other() {
    try {
      KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
      g.initialize(2048);
      return g.generateKeyPair().getPublic();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }
}
