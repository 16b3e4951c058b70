package dev.stratus.daemon.vault;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Vault's own error strings out of a driver message ({@code "... Response body:
 * {"errors":[...]}"}). Only those strings are kept: an unknown body is never echoed into logs or
 * Slurm reasons.
 */
final class VaultErrors {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String BODY_MARK = "Response body: ";
  private static final int MAX = 200;

  private VaultErrors() {}

  static String of(String driverMessage) {
    String text = driverMessage == null ? "" : driverMessage;
    int at = text.indexOf(BODY_MARK);
    List<String> errors = new ArrayList<>();
    if (at >= 0) {
      try {
        JsonNode n = JSON.readTree(text.substring(at + BODY_MARK.length()));
        if (n != null && n.path("errors").isArray()) {
          n.path("errors").forEach(e -> errors.add(e.asText()));
        }
      } catch (IOException | RuntimeException e) {
        // not Vault's error shape
      }
    }
    if (errors.isEmpty()) {
      return "(no error text)";
    }
    String joined = String.join("; ", errors).replaceAll("\\s+", " ").strip();
    return joined.length() <= MAX ? joined : joined.substring(0, MAX) + "...";
  }
}
