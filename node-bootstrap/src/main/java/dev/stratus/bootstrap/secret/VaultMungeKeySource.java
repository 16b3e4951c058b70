package dev.stratus.bootstrap.secret;

import io.github.jopenlibs.vault.Vault;
import io.github.jopenlibs.vault.VaultException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;
import java.util.TreeSet;

/**
 * The munge key from Vault's KV v2 engine: log in ({@link VaultLogins}), read the secret ({@code
 * GET /v1/<mount>/data/<path>}), base64-decode the configured field, then revoke the client token
 * ({@code POST /v1/auth/token/revoke-self}) whatever happened after login.
 *
 * <p>Each step is tried once: a replayed or expired wrapping token, a sealed Vault or a refused
 * policy is reported with the step's name, never retried in a loop. What can be zeroed is zeroed
 * (the base64 text's bytes, the decoded key on failure); the tokens are Java strings and cannot be,
 * so they are dropped and made worthless instead: the wrapping token is spent by the unwrap and the
 * client token is revoked.
 */
public final class VaultMungeKeySource implements MungeKeySource {
  private final VaultClients clients;
  private final CloudIdentity identity;

  public VaultMungeKeySource(KeySourceSpec.VaultSource spec, CloudIdentity identity) {
    this.clients = new VaultClients(spec);
    this.identity = identity;
  }

  @Override
  public byte[] fetch() throws KeySourceException {
    KeySourceSpec.VaultSource spec = clients.spec();
    Redactor secrets = new Redactor();
    try {
      String token = new VaultLogins(clients, identity, secrets).login(spec.login());
      Vault vault = clients.client(token);
      byte[] key;
      try {
        key = read(vault, spec, secrets);
      } catch (KeySourceException e) {
        revokeQuietly(vault);
        throw e;
      }
      try {
        revoke(vault, spec, secrets);
      } catch (KeySourceException e) {
        Arrays.fill(key, (byte) 0);
        throw e;
      }
      return key;
    } finally {
      secrets.clear();
    }
  }

  private static byte[] read(Vault vault, KeySourceSpec.VaultSource spec, Redactor secrets)
      throws KeySourceException {
    String step = "read " + spec.dataPath();
    Map<String, String> data =
        VaultKv.read(vault, spec.baseAddress(), spec.kvMount(), spec.kvPath(), secrets);
    String encoded = data.get(spec.field());
    if (encoded == null) {
      throw new KeySourceException(
          "vault "
              + step
              + ": the secret has no field '"
              + spec.field()
              + "' (fields: "
              + new TreeSet<>(data.keySet())
              + ")");
    }
    return decode(encoded, step, spec.field());
  }

  /** Strict base64 (RFC 4648, surrounding whitespace ignored) to at least MIN_KEY_BYTES bytes. */
  static byte[] decode(String encoded, String step, String field) throws KeySourceException {
    byte[] text = encoded.strip().getBytes(StandardCharsets.US_ASCII);
    byte[] key;
    try {
      key = Base64.getDecoder().decode(text);
    } catch (IllegalArgumentException e) {
      // The decoder's message quotes the offending character: it stays out of ours.
      throw new KeySourceException(
          "vault " + step + ": field '" + field + "' is not valid base64 (RFC 4648)");
    } finally {
      Arrays.fill(text, (byte) 0);
    }
    if (key.length < MIN_KEY_BYTES) {
      int n = key.length;
      Arrays.fill(key, (byte) 0);
      throw new KeySourceException(
          "vault "
              + step
              + ": field '"
              + field
              + "' decodes to "
              + n
              + " bytes, munged needs >= "
              + MIN_KEY_BYTES);
    }
    return key;
  }

  private static void revoke(Vault vault, KeySourceSpec.VaultSource spec, Redactor secrets)
      throws KeySourceException {
    try {
      vault.auth().revokeSelf();
    } catch (VaultException e) {
      throw VaultFailure.of(
          "revoke-self", spec.baseAddress(), e, "the key was read but is not installed", secrets);
    }
  }

  /** After a failed read the read's error is the one to report; the token's TTL is the backstop. */
  private static void revokeQuietly(Vault vault) {
    VaultKv.revokeQuietly(vault);
  }
}
