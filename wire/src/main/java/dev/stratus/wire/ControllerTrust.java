package dev.stratus.wire;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.Collection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * The TLS trust a node puts in the controller's endpoint when it is served over https: the
 * certificates of one PEM file (the CA that signed the controller's certificate, or that
 * certificate itself), and nothing else, not even the JVM's public CAs.
 */
public final class ControllerTrust {
  private ControllerTrust() {}

  /** An SSL context that trusts only the certificates in {@code caFile} (PEM). */
  public static SSLContext trusting(Path caFile) throws IOException {
    Collection<? extends Certificate> certs;
    try (InputStream in = Files.newInputStream(caFile)) {
      certs = CertificateFactory.getInstance("X.509").generateCertificates(in);
    } catch (GeneralSecurityException e) {
      throw new IOException("CA file " + caFile + " holds no readable PEM certificate", e);
    }
    if (certs.isEmpty()) {
      throw new IOException("CA file " + caFile + " holds no certificate");
    }
    try {
      KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
      store.load(null, null);
      int i = 0;
      for (Certificate c : certs) {
        store.setCertificateEntry("ca-" + i++, c);
      }
      TrustManagerFactory tmf =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      tmf.init(store);
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, tmf.getTrustManagers(), null);
      return context;
    } catch (GeneralSecurityException e) {
      throw new IOException("cannot build a TLS context trusting " + caFile, e);
    }
  }
}
