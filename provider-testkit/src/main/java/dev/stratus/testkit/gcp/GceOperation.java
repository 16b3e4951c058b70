package dev.stratus.testkit.gcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;

/**
 * One Compute Engine operation: RUNNING when created, DONE two model ticks later (a tick is any
 * request to the model: the cloud keeps working whether or not the client polls). On DONE it runs
 * its effect and, if it failed, carries {@code error.errors[]} and {@code httpErrorStatusCode}.
 */
final class GceOperation {
  final String name;
  final String scope;
  final String type;
  final String targetLink;
  final Instant inserted;
  private final Runnable onDone;
  private final String errorCode;
  private final String errorMessage;
  private final int httpStatus;
  private int ticks;

  GceOperation(
      String name,
      String scope,
      String type,
      String targetLink,
      Runnable onDone,
      String errorCode,
      String errorMessage,
      int httpStatus,
      Instant inserted) {
    this.name = name;
    this.scope = scope;
    this.type = type;
    this.targetLink = targetLink;
    this.inserted = inserted;
    this.onDone = onDone;
    this.errorCode = errorCode;
    this.errorMessage = errorMessage;
    this.httpStatus = httpStatus;
  }

  boolean done() {
    return ticks >= 2;
  }

  void tick() {
    if (done()) {
      return;
    }
    ticks++;
    if (done() && onDone != null) {
      onDone.run();
    }
  }

  ObjectNode json(String base) {
    ObjectNode op = GceJson.object();
    op.put("kind", "compute#operation");
    op.put("id", Long.toUnsignedString(name.hashCode() & 0xffffffffL));
    op.put("name", name);
    op.put(scope.startsWith("zones/") ? "zone" : "region", base + "/" + scope);
    op.put("operationType", type);
    op.put("targetLink", targetLink);
    op.put("status", done() ? "DONE" : "RUNNING");
    op.put("progress", done() ? 100 : 0);
    op.put("insertTime", inserted.toString());
    op.put("selfLink", base + "/" + scope + "/operations/" + name);
    if (done() && errorCode != null) {
      ObjectNode e = op.putObject("error").putArray("errors").addObject();
      e.put("code", errorCode);
      e.put("message", errorMessage);
      op.put("httpErrorStatusCode", httpStatus);
      op.put("httpErrorMessage", httpStatus == 403 ? "FORBIDDEN" : "SERVICE UNAVAILABLE");
    }
    return op;
  }
}
