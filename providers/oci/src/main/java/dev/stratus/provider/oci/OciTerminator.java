package dev.stratus.provider.oci;

import com.oracle.bmc.core.requests.TerminateInstanceRequest;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.api.spi.ProviderException;
import java.util.Collection;
import java.util.LinkedHashSet;

/**
 * TerminateInstance per id, boot volume included. An id that is no instance OCID, one OCI does not
 * know (404) and one already terminating or terminated are success. OCI answers {@code 409
 * IncorrectState} for an instance whose state forbids the call; that is not retried blindly: when
 * GetInstance shows it gone or going it is success, otherwise the error surfaces and the next pass
 * terminates it.
 */
final class OciTerminator {
  private final OciApi api;
  private final OciInstanceQueries queries;
  private final RecentLaunches recent;

  OciTerminator(OciApi api, OciInstanceQueries queries, RecentLaunches recent) {
    this.api = api;
    this.queries = queries;
    this.recent = recent;
  }

  void terminate(Collection<String> instanceIds) {
    for (String id : new LinkedHashSet<>(instanceIds)) {
      if (OciNames.isInstanceId(id)) {
        one(id);
      }
    }
  }

  private void one(String id) {
    try {
      api.compute(
          "TerminateInstance",
          c ->
              c.terminateInstance(
                  TerminateInstanceRequest.builder()
                      .instanceId(id)
                      .preserveBootVolume(false)
                      .build()),
          OciTerminator::translate);
    } catch (ProviderException e) {
      if (!OciErrors.notFound(e)
          && !(e.error().code().equals("IncorrectState") && queries.get(id).isEmpty())) {
        throw e;
      }
    }
    recent.forget(id);
  }

  /** IncorrectState is answered here, not retried: it usually means "already terminated". */
  private static ProviderError translate(Exception e) {
    ProviderError error = OciErrors.translate(e);
    return error.code().equals("IncorrectState")
        ? new ProviderError.InvalidRequest(error.code(), error.message())
        : error;
  }
}
