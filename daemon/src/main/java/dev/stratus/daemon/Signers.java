package dev.stratus.daemon;

import dev.stratus.api.model.Instance;
import dev.stratus.wire.RequestVerifier;
import dev.stratus.wire.SignedHeaders;
import java.time.Clock;
import java.util.Optional;
import java.util.function.Function;

/**
 * Who may sign requests to the endpoint and what each may speak for: a node, with the key of the
 * instance bound to it now ({@link InstanceDirectory}), only for that instance; the operator, with
 * the operator key, for any. A node without a live instance has no key at all, so a key read from a
 * terminated instance's disk signs nothing.
 */
public final class Signers {
  private final ControllerSecret secret;
  private final Function<String, Optional<Instance>> boundTo;
  private final RequestVerifier verifier;

  public Signers(
      ControllerSecret secret,
      Function<String, Optional<Instance>> boundTo,
      Clock clock,
      int maxNonces) {
    this.secret = secret;
    this.boundTo = boundTo;
    this.verifier =
        new RequestVerifier(this::keyOf, clock, RequestVerifier.DEFAULT_WINDOW, maxNonces);
  }

  RequestVerifier verifier() {
    return verifier;
  }

  private Optional<byte[]> keyOf(String signer) {
    if (signer.equals(SignedHeaders.OPERATOR)) {
      return Optional.of(secret.operatorKey());
    }
    return boundTo
        .apply(signer)
        .flatMap(Instance::clientToken)
        .flatMap(token -> secret.keyFor(signer, token));
  }

  /** Why {@code signer} may not speak for {@code instanceId}; empty when it may. */
  Optional<String> forbidden(String signer, String instanceId) {
    if (signer.equals(SignedHeaders.OPERATOR)) {
      return Optional.empty();
    }
    Optional<String> own = boundTo.apply(signer).map(Instance::id);
    if (own.filter(instanceId::equals).isPresent()) {
      return Optional.empty();
    }
    return Optional.of(
        "node "
            + signer
            + " may speak only for its own instance "
            + own.orElse("(none)")
            + ", not "
            + instanceId);
  }
}
