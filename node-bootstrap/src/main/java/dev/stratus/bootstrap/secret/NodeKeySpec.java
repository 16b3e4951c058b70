package dev.stratus.bootstrap.secret;

import java.nio.file.Path;

/**
 * Where the agent gets the node's signing key, the one its reports and its watcher's notices are
 * signed with (settings {@code nodeKey}, {@link NodeKeyJson}). The key itself never travels through
 * settings: only where it is.
 */
public sealed interface NodeKeySpec {
  /** Already on this machine in a 0400 file (the local provider writes it before the agent). */
  record FileKey(Path path) implements NodeKeySpec {
    public FileKey {
      absolute("nodeKey.path", path);
    }
  }

  /**
   * Response-wrapped by the controller ({@code sys/wrapping/wrap}): a single-use wrapping token in
   * a file the agent reads, shreds and unwraps once, at the Vault of {@code mungeKeySource}.
   */
  record Wrapped(Path wrappingTokenFile) implements NodeKeySpec {
    public Wrapped {
      absolute("nodeKey.wrappingTokenFile", wrappingTokenFile);
    }
  }

  /**
   * In Vault's KV v2 engine at {@code <kvMount>/data/<kvPath>} (fields {@code key}, base64, and
   * {@code node}), read after a cloud login as {@code mungeKeySource} does it; the controller
   * writes it per instance, and a templated policy lets each instance read its own path only.
   */
  record VaultKv(String kvPath) implements NodeKeySpec {
    public VaultKv {
      if (kvPath == null || !KeySourceSpec.KV_PATH.matcher(kvPath).matches()) {
        throw new IllegalArgumentException(
            "nodeKey.kvPath must be a path like stratus/node-keys/c1/i-0abc, got '" + kvPath + "'");
      }
    }
  }

  private static void absolute(String field, Path p) {
    if (p == null || !p.isAbsolute()) {
      throw new IllegalArgumentException(field + " must be an absolute path, got '" + p + "'");
    }
  }
}
