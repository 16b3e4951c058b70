package dev.stratus.wire;

import static dev.stratus.wire.Fields.notBlank;
import static dev.stratus.wire.Fields.notNull;

import java.time.Instant;

/**
 * One step a node's bootstrap agent reported to {@code POST /v1/bootstrap}: which node, which step,
 * whether it worked and, if not, what the node found. {@code from} is the address the report came
 * from: the controller acts on a failure only when it matches the node's instance address.
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
