package dev.stratus.api.spi;

import java.util.Optional;

/**
 * Derives the key a node signs its reports and notices with (wire's {@code NodeKeys}, from the
 * controller's secret). A provider that hands nodes their key itself (the local provider writes it
 * into the node's private directory) or signs for the operator (a local reclaim) asks here; the
 * cloud providers never see a key: theirs reach the nodes through Vault.
 */
@FunctionalInterface
public interface NodeKeyIssuer {
  /** No keys: nothing the nodes send is signed (provider tests that run without a controller). */
  NodeKeyIssuer NONE = (node, token) -> Optional.empty();

  /**
   * The key of {@code nodeName} while its instance carries {@code clientToken} (its {@code
   * stratus:token} tag): a fresh array the caller may zero.
   */
  Optional<byte[]> keyFor(String nodeName, String clientToken);
}
