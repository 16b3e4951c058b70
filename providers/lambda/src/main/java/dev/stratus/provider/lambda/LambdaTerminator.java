package dev.stratus.provider.lambda;

import dev.stratus.api.spi.ProviderException;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * instance-operations/terminate for all ids at once. Lambda refuses the whole call when one id is
 * unknown (404 {@code global/object-does-not-exist}, which a terminated instance soon is): such a
 * call is repeated one id at a time, and an unknown id alone is success. An id that is no Lambda
 * instance id is never sent.
 */
final class LambdaTerminator {
  private final LambdaApi api;
  private final LambdaQueries queries;

  LambdaTerminator(LambdaApi api, LambdaQueries queries) {
    this.api = api;
    this.queries = queries;
  }

  void terminate(Collection<String> instanceIds) {
    List<String> ids =
        new LinkedHashSet<>(instanceIds).stream().filter(LambdaNames::isInstanceId).toList();
    if (ids.isEmpty()) {
      return;
    }
    if (!batch(ids) && ids.size() > 1) {
      ids.forEach(id -> batch(List.of(id)));
    }
    ids.forEach(queries::terminated);
  }

  /** False when Lambda said an id of the batch does not exist (then nothing was terminated). */
  private boolean batch(List<String> ids) {
    try {
      api.call("TerminateInstances", c -> c.terminate(ids));
      return true;
    } catch (ProviderException e) {
      if (e.error().code().equals("global/object-does-not-exist")) {
        return false;
      }
      throw e;
    }
  }
}
