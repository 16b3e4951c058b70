package dev.stratus.wire;

import static dev.stratus.wire.Fields.notBlank;
import static dev.stratus.wire.Fields.notNull;

import java.time.Instant;

/**
 * One step a node's bootstrap agent reported to {@code POST /v1/bootstrap}: which node, which step,
 * whether it worked and, if not, what the node found. {@code from} is the address the report came
 * from, for logs: the controller acts on a report only when it is signed with the node's own key
 * (the endpoint checks that the signer is the node the report names).
 */
public record BootstrapReport(
    String node, String step, boolean ok, String message, String from, Instant receivedAt) {
  public BootstrapReport {
    notBlank("node", node);
    notBlank("step", step);
    message = message == null ? "" : message;
    from = from == null ? "" : from;
    notNull("receivedAt", receivedAt);
  }
}
