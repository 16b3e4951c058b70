package dev.stratus.packaging;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** The jars of a lib/ directory by their SHA-256, so two lists compare by content, not name. */
final class Jars {
  private Jars() {}

  static Map<String, Path> bySha256(Path lib) throws IOException {
    Map<String, Path> out = new TreeMap<>();
    try (Stream<Path> files = Files.list(lib)) {
      for (Path jar : files.filter(f -> f.toString().endsWith(".jar")).toList()) {
        out.put(sha256(jar), jar);
      }
    }
    return out;
  }

  static String sha256(Path file) throws IOException {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      try (InputStream in = new DigestInputStream(Files.newInputStream(file), digest)) {
        in.transferTo(OutputStream.nullOutputStream());
      }
      return HexFormat.of().formatHex(digest.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
