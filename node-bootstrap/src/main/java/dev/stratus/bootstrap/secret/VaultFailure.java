package dev.stratus.bootstrap.secret;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.jopenlibs.vault.VaultException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a failed Vault call into a message that names the step, what Vault said and what to do.
 * Only Vault's {@code errors} strings (never a response body as such) reach the message, and they
 * pass through the {@link Redactor} first.
 */
final class VaultFailure {
  static final String WRAPPING_TOKEN_INVALID = "wrapping token is not valid or does not exist";
  private static final String BODY_MARK = "Response body: ";
  private static final int MAX_DETAIL = 300;
  private static final ObjectMapper JSON = new ObjectMapper();

  private VaultFailure() {}

  /** From an HTTP answer other than success. */
  static KeySourceException of(
      String step, String address, int status, byte[] body, String hint, Redactor secrets) {
    List<String> errors = errors(body == null ? "" : new String(body, StandardCharsets.UTF_8));
    return new KeySourceException(secrets.clean(message(step, address, status, errors, hint)));
  }

  /** From the driver's exception (status 0 = no HTTP answer at all). */
  static KeySourceException of(
      String step, String address, VaultException e, String hint, Redactor secrets) {
    int status = e.getHttpStatusCode();
    if (status == 0) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      while (cause.getCause() != null && cause.getCause() != cause) {
        cause = cause.getCause();
      }
      return new KeySourceException(
          secrets.clean(
              "vault "
                  + step
                  + " failed: cannot reach "
                  + address
                  + ": "
                  + cause.getClass().getSimpleName()
                  + (cause.getMessage() == null ? "" : " " + shorten(cause.getMessage()))));
    }
    String text = e.getMessage() == null ? "" : e.getMessage();
    int at = text.indexOf(BODY_MARK);
    List<String> errors = at < 0 ? List.of() : errors(text.substring(at + BODY_MARK.length()));
    return new KeySourceException(secrets.clean(message(step, address, status, errors, hint)));
  }

  static String message(String step, String address, int status, List<String> errors, String hint) {
    String said = errors.isEmpty() ? "no error text" : shorten(String.join("; ", errors));
    String prefix = "vault " + step + " failed at " + address + ": ";
    if (status == 503 || said.contains("sealed")) {
      return prefix
          + "Vault is sealed (HTTP "
          + status
          + "); unseal it, then launch the node again";
    }
    if (said.contains(WRAPPING_TOKEN_INVALID)) {
      return prefix
          + WRAPPING_TOKEN_INVALID
          + " (HTTP "
          + status
          + "): it was already used or has expired; a wrapping token works once within its TTL,"
          + " so it is not retried: the controller must issue a new one";
    }
    return prefix + said + " (HTTP " + status + ")" + (hint.isEmpty() ? "" : "; " + hint);
  }

  /** Vault's {@code {"errors":[...]}}; empty when the text is not that. */
  static List<String> errors(String body) {
    List<String> out = new ArrayList<>();
    try {
      JsonNode n = JSON.readTree(body);
      if (n != null && n.path("errors").isArray()) {
        n.path("errors").forEach(e -> out.add(e.asText()));
      }
    } catch (IOException | RuntimeException e) {
      // not Vault's error shape: say nothing rather than echo an unknown body
    }
    return out;
  }

  private static String shorten(String s) {
    String one = s.replaceAll("\\s+", " ").strip();
    return one.length() <= MAX_DETAIL ? one : one.substring(0, MAX_DETAIL) + "...";
  }
}
