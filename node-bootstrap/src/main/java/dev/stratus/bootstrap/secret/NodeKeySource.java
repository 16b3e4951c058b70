package dev.stratus.bootstrap.secret;

import dev.stratus.wire.KeyFiles;
import dev.stratus.wire.NodeKeys;
import io.github.jopenlibs.vault.Vault;
import io.github.jopenlibs.vault.VaultException;
import io.github.jopenlibs.vault.json.JsonObject;
import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;

/**
 * Fetches the node's signing key ({@link NodeKeySpec}): {@link NodeKeys#KEY_BYTES} bytes the caller
 * owns and zeroes. Each failure is a {@link KeySourceException} naming the step and the place,
 * never a token or key byte; a spent or expired wrapping token says so and is not retried (it works
 * once: the controller's next launch issues a new one). A key in Vault's KV is written by the
 * controller once it lists the new instance, which may be after the node boots: a missing one is
 * read again, every {@link #POLL}, for up to {@code waitForKey}.
 */
public final class NodeKeySource {
  static final Duration POLL = Duration.ofSeconds(5);

  /** Waits between reads; a seam so tests never sleep. */
  @FunctionalInterface
  public interface Pause {
    void pause(Duration d) throws InterruptedException;
  }

  private final NodeKeySpec spec;
  private final KeySourceSpec vault;
  private final CloudIdentity identity;
  private final String nodeName;
  private final Duration waitForKey;
  private final Pause pause;

  /**
   * {@code vault}: the munge key's source, whose Vault (address, CA, timeout, and for {@link
   * NodeKeySpec.VaultKv} its cloud login and KV mount) the wrapped and Vault forms use.
   */
  public NodeKeySource(
      NodeKeySpec spec,
      KeySourceSpec vault,
      CloudIdentity identity,
      String nodeName,
      Duration waitForKey,
      Pause pause) {
    this.spec = spec;
    this.vault = vault;
    this.identity = identity;
    this.nodeName = nodeName;
    this.waitForKey = waitForKey;
    this.pause = pause;
  }

  /** A source that does not wait for a key that is not there yet. */
  public NodeKeySource(
      NodeKeySpec spec, KeySourceSpec vault, CloudIdentity identity, String nodeName) {
    this(spec, vault, identity, nodeName, Duration.ZERO, d -> {});
  }

  public byte[] fetch() throws KeySourceException {
    if (spec instanceof NodeKeySpec.FileKey f) {
      try {
        return KeyFiles.read(f.path());
      } catch (IOException e) {
        throw new KeySourceException("node key: " + e.getMessage());
      }
    }
    if (!(vault instanceof KeySourceSpec.VaultSource v)) {
      throw new KeySourceException(
          "node key: nodeKey type " + type() + " needs mungeKeySource of type vault (its Vault)");
    }
    VaultClients clients = new VaultClients(v);
    Redactor secrets = new Redactor();
    try {
      return spec instanceof NodeKeySpec.Wrapped w
          ? unwrap(clients, w, secrets)
          : fromKv(clients, (NodeKeySpec.VaultKv) spec, secrets);
    } finally {
      secrets.clear();
    }
  }

  /** {@code POST sys/wrapping/unwrap} with the token from its file (shredded on reading). */
  private byte[] unwrap(VaultClients clients, NodeKeySpec.Wrapped w, Redactor secrets)
      throws KeySourceException {
    String token = WrappingTokenFile.take(w.wrappingTokenFile());
    secrets.add(token);
    JsonObject data;
    try {
      data = clients.client(null).sys().wrapping().unwrap(token, false).getData();
    } catch (VaultException e) {
      throw VaultFailure.of("unwrap of the node key", address(clients), e, "", secrets);
    }
    String encoded = data == null ? null : data.getString("key", null);
    if (encoded == null) {
      throw new KeySourceException(
          "vault unwrap of the node key at "
              + address(clients)
              + " gave no field 'key': the token did not wrap a node key");
    }
    return decode(encoded, "unwrap of the node key");
  }

  /** A cloud login, then {@code GET <kvMount>/data/<kvPath>}, then the token revoked. */
  private byte[] fromKv(VaultClients clients, NodeKeySpec.VaultKv kv, Redactor secrets)
      throws KeySourceException {
    KeySourceSpec.VaultSource v = clients.spec();
    if (!(v.login() instanceof VaultLogin.CloudLogin)) {
      throw new KeySourceException(
          "node key: nodeKey type vault needs a cloud login (aws-iam, gcp, azure) in"
              + " mungeKeySource, not "
              + v.login().mount());
    }
    String token = new VaultLogins(clients, identity, secrets).login(v.login());
    Vault client = clients.client(token);
    try {
      Map<String, String> data = awaitKey(client, v, kv, secrets);
      String node = data.get("node");
      if (!nodeName.equals(node)) {
        throw new KeySourceException(
            "vault read "
                + v.kvMount()
                + "/data/"
                + kv.kvPath()
                + ": the key there is for node '"
                + node
                + "', not this node "
                + nodeName);
      }
      return decode(data.get("key"), "read " + v.kvMount() + "/data/" + kv.kvPath());
    } finally {
      VaultKv.revokeQuietly(client);
    }
  }

  /** The secret at the node's path, read again while it is not there, up to {@code waitForKey}. */
  private Map<String, String> awaitKey(
      Vault client, KeySourceSpec.VaultSource v, NodeKeySpec.VaultKv kv, Redactor secrets)
      throws KeySourceException {
    long waited = 0;
    while (true) {
      Map<String, String> data =
          VaultKv.readIfPresent(client, v.baseAddress(), v.kvMount(), kv.kvPath(), secrets);
      if (data != null) {
        return data;
      }
      if (waited >= waitForKey.toMillis()) {
        throw new KeySourceException(
            "vault read "
                + v.kvMount()
                + "/data/"
                + kv.kvPath()
                + ": no node key is stored there after "
                + waitForKey.toSeconds()
                + " s; the controller writes it once it lists this instance (is its vault: block"
                + " set, and may its token write there?)");
      }
      try {
        pause.pause(POLL);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new KeySourceException("node key: interrupted while waiting for it in Vault");
      }
      waited += POLL.toMillis();
    }
  }

  private static byte[] decode(String encoded, String step) throws KeySourceException {
    if (encoded == null) {
      throw new KeySourceException("vault " + step + ": the secret has no field 'key'");
    }
    byte[] key;
    try {
      key = Base64.getDecoder().decode(encoded.strip());
    } catch (IllegalArgumentException e) {
      throw new KeySourceException("vault " + step + ": field 'key' is not valid base64");
    }
    if (key.length != NodeKeys.KEY_BYTES) {
      int n = key.length;
      Arrays.fill(key, (byte) 0);
      throw new KeySourceException(
          "vault " + step + ": field 'key' decodes to " + n + " bytes, not " + NodeKeys.KEY_BYTES);
    }
    return key;
  }

  private String type() {
    return spec instanceof NodeKeySpec.Wrapped ? "wrapped" : "vault";
  }

  private static String address(VaultClients clients) {
    return clients.spec().baseAddress();
  }
}
