package dev.stratus.bootstrap.secret;

import java.util.ArrayList;
import java.util.List;

/**
 * Replaces every credential learned during one fetch (wrapping token, secret-id, client token) by
 * {@code <redacted>} in text bound for a message. Defence in depth: messages are built from Vault's
 * {@code errors} and our own words, but a server or driver could echo a value back.
 */
final class Redactor {
  private final List<String> secrets = new ArrayList<>();

  void add(String secret) {
    if (secret != null && secret.length() >= 4) {
      secrets.add(secret);
    }
  }

  String clean(String text) {
    String out = text;
    for (String s : secrets) {
      out = out.replace(s, "<redacted>");
    }
    return out;
  }

  /** Forgets the references; the strings themselves cannot be zeroed (Java strings). */
  void clear() {
    secrets.clear();
  }
}
