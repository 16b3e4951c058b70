package dev.stratus.bootstrap.secret;

import io.github.jopenlibs.vault.Vault;
import io.github.jopenlibs.vault.VaultException;
import io.github.jopenlibs.vault.response.LogicalResponse;
import java.util.Map;

/** One KV v2 read with a logged-in client, and the client token's revocation afterwards. */
final class VaultKv {
  private VaultKv() {}

  /**
   * The data of {@code <kvMount>/data/<kvPath>}; a refusal or absence is a failure naming the path
   * and what the policy must allow.
   */
  static Map<String, String> read(
      Vault vault, String address, String kvMount, String kvPath, Redactor secrets)
      throws KeySourceException {
    Map<String, String> data = readIfPresent(vault, address, kvMount, kvPath, secrets);
    if (data == null) {
      throw VaultFailure.of(
          "read " + kvMount + "/data/" + kvPath,
          address,
          404,
          new byte[0],
          "no secret is stored there",
          secrets);
    }
    return data;
  }

  /** As {@link #read}, but null when nothing is stored there (404). */
  static Map<String, String> readIfPresent(
      Vault vault, String address, String kvMount, String kvPath, Redactor secrets)
      throws KeySourceException {
    String dataPath = kvMount + "/data/" + kvPath;
    String step = "read " + dataPath;
    String hint = "the role's policy must allow read on " + dataPath;
    LogicalResponse r;
    try {
      r = vault.logical().read(kvMount + "/" + kvPath);
    } catch (VaultException e) {
      throw VaultFailure.of(step, address, e, hint, secrets);
    }
    // The driver does not throw on 403 or 404 here: the status decides.
    int status = r.getRestResponse().getStatus();
    if (status == 404) {
      return null;
    }
    if (status != 200) {
      throw VaultFailure.of(step, address, status, r.getRestResponse().getBody(), hint, secrets);
    }
    Map<String, String> data = r.getData();
    return data == null ? Map.of() : data;
  }

  /** Revokes the client token; a failure is left to the token's TTL. */
  static void revokeQuietly(Vault vault) {
    try {
      vault.auth().revokeSelf();
    } catch (VaultException | RuntimeException e) {
      // the token's TTL is the backstop
    }
  }
}
