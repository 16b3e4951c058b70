package dev.stratus.provider.gcp;

import com.google.api.gax.longrunning.OperationFuture;
import com.google.cloud.compute.v1.Operation;
import java.util.concurrent.ExecutionException;

/**
 * Waits for a Compute Engine operation the SDK polls ({@code GET .../operations/{name}} until
 * {@code status: DONE}) and turns a DONE operation that carries an {@code error} into a {@link
 * GcpOperationException} with the error's own code. The SDK alone would report only the operation's
 * HTTP status ({@code 503}), losing {@code ZONE_RESOURCE_POOL_EXHAUSTED}.
 */
final class Operations {
  private Operations() {}

  static Operation await(OperationFuture<Operation, Operation> future) throws Exception {
    Operation done;
    try {
      done = future.get();
    } catch (ExecutionException e) {
      Operation last = lastSeen(future);
      if (last != null && last.hasError() && last.getError().getErrorsCount() > 0) {
        throw failed(last);
      }
      throw e;
    }
    if (done.hasError() && done.getError().getErrorsCount() > 0) {
      throw failed(done);
    }
    return done;
  }

  /** Only waits for the request to be accepted: the operation exists, its outcome is not read. */
  static Operation accepted(OperationFuture<Operation, Operation> future) throws Exception {
    try {
      return (Operation) future.getInitialFuture().get().getMetadata();
    } catch (ExecutionException e) {
      throw e.getCause() instanceof Exception cause ? cause : e;
    }
  }

  static GcpOperationException failed(Operation op) {
    var first = op.getError().getErrors(0);
    return new GcpOperationException(
        op.getName(), first.getCode(), first.getMessage(), op.getHttpErrorStatusCode());
  }

  private static Operation lastSeen(OperationFuture<Operation, Operation> future) {
    try {
      var metadata = future.peekMetadata();
      return metadata != null && metadata.isDone() ? metadata.get() : null;
    } catch (ExecutionException | RuntimeException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }
}
