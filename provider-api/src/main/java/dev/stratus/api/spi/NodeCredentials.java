package dev.stratus.api.spi;

import java.util.List;
import java.util.Map;

/**
 * Issues and revokes the per-node bootstrap credentials (see {@link NodeCredential}). The
 * controller issues one per node right before a launch and revokes those of every node the launch
 * did not bring up, so a credential outlives a failed launch by no more than the revoke call. The
 * launch's client token goes with the issue: the node's signing key is derived from it, so each
 * launch wraps a key of its own.
 */
public interface NodeCredentials {
  /** No per-node credentials: nodes read the munge key from a file. */
  NodeCredentials NONE =
      new NodeCredentials() {
        @Override
        public Map<String, NodeCredential> issue(List<String> nodeNames, String clientToken) {
          return Map.of();
        }

        @Override
        public void revoke(NodeCredential credential) {}
      };

  /**
   * One credential per node, all or none: when one cannot be issued, those already issued are
   * revoked and the exception says why.
   */
  Map<String, NodeCredential> issue(List<String> nodeNames, String clientToken)
      throws CredentialException;

  /** Makes the credential worthless; one already spent or expired counts as revoked. */
  void revoke(NodeCredential credential) throws CredentialException;

  /** Issuing or revoking failed; {@code transientFailure} when a later try may work. */
  final class CredentialException extends Exception {
    private static final long serialVersionUID = 1L;
    private final boolean transientFailure;

    public CredentialException(String message, boolean transientFailure) {
      super(message);
      this.transientFailure = transientFailure;
    }

    public boolean transientFailure() {
      return transientFailure;
    }
  }
}
