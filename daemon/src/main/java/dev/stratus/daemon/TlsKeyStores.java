package dev.stratus.daemon;

import dev.stratus.core.config.ControllerSettings;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;

/**
 * The endpoint's certificate and key as a JDK key store, from {@code controller.tls}: a PKCS#12
 * file with the password in a file of its own, or a PEM certificate chain and a PEM private key in
 * PKCS#8 ({@code -----BEGIN PRIVATE KEY-----}, RSA or EC; {@code openssl pkcs8 -topk8 -nocrypt}
 * converts the older forms). Errors name the file and what is wrong, never key material.
 */
final class TlsKeyStores {
  private static final String PKCS8_BEGIN = "-----BEGIN PRIVATE KEY-----";
  private static final String PKCS8_END = "-----END PRIVATE KEY-----";

  /** A loaded key store and the password of its key entry. */
  record Loaded(KeyStore store, String password) {
    @Override
    public String toString() {
      return "Loaded[" + store.getType() + "]";
    }
  }

  private TlsKeyStores() {}

  static Loaded load(ControllerSettings.Tls tls) throws IOException {
    if (tls instanceof ControllerSettings.Tls.Pkcs12 p) {
      return pkcs12(p.keyStoreFile(), p.passwordFile());
    }
    ControllerSettings.Tls.Pem pem = (ControllerSettings.Tls.Pem) tls;
    return pem(pem.certFile(), pem.keyFile());
  }

  private static Loaded pkcs12(Path file, Path passwordFile) throws IOException {
    String password = Files.readString(passwordFile, StandardCharsets.UTF_8).strip();
    try (InputStream in = Files.newInputStream(file)) {
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(in, password.toCharArray());
      return new Loaded(store, password);
    } catch (GeneralSecurityException | IOException e) {
      throw new IOException(
          "controller.tls.keyStoreFile "
              + file
              + " cannot be opened with the password in "
              + passwordFile
              + ": "
              + e.getClass().getSimpleName());
    }
  }

  private static Loaded pem(Path certFile, Path keyFile) throws IOException {
    List<? extends Certificate> chain;
    try (InputStream in = Files.newInputStream(certFile)) {
      chain = List.copyOf(CertificateFactory.getInstance("X.509").generateCertificates(in));
    } catch (GeneralSecurityException e) {
      throw new IOException("controller.tls.certFile " + certFile + " is not a PEM certificate");
    }
    if (chain.isEmpty()) {
      throw new IOException("controller.tls.certFile " + certFile + " holds no certificate");
    }
    PrivateKey key = privateKey(keyFile);
    try {
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(null, null);
      String password = "stratus-endpoint";
      store.setKeyEntry("endpoint", key, password.toCharArray(), chain.toArray(Certificate[]::new));
      return new Loaded(store, password);
    } catch (GeneralSecurityException e) {
      throw new IOException(
          "controller.tls.keyFile "
              + keyFile
              + " does not match the certificate in "
              + certFile
              + ": "
              + e.getClass().getSimpleName());
    }
  }

  private static PrivateKey privateKey(Path keyFile) throws IOException {
    String text = Files.readString(keyFile, StandardCharsets.US_ASCII);
    int begin = text.indexOf(PKCS8_BEGIN);
    int end = text.indexOf(PKCS8_END);
    if (begin < 0 || end < begin) {
      throw new IOException(
          "controller.tls.keyFile "
              + keyFile
              + " holds no '"
              + PKCS8_BEGIN
              + "' block (convert with: openssl pkcs8 -topk8 -nocrypt -in KEY -out KEY.pk8)");
    }
    byte[] der = Base64.getMimeDecoder().decode(text.substring(begin + PKCS8_BEGIN.length(), end));
    try {
      for (String algorithm : List.of("RSA", "EC")) {
        try {
          return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
        } catch (InvalidKeySpecException e) {
          // try the next algorithm
        }
      }
    } catch (GeneralSecurityException e) {
      throw new IOException("controller.tls.keyFile " + keyFile + " cannot be read", e);
    } finally {
      Arrays.fill(der, (byte) 0);
    }
    throw new IOException("controller.tls.keyFile " + keyFile + " is neither an RSA nor an EC key");
  }
}
