package dev.stratus.provider.gcp;

import com.google.cloud.compute.v1.DeleteInstanceRequest;
import dev.stratus.api.resilience.ProviderCalls;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * {@code terminate}: one {@code instances.delete} per id, returning once Compute Engine has
 * accepted each (the operation exists), not when the instance is gone; a deleting instance shows as
 * {@code STOPPING}, which list and get no longer report (a stopped one, {@code TERMINATED}, is
 * deleted the same way). A 404 is success, and so is an id that cannot be ours. The first error
 * other than 404 is thrown after every id was tried.
 */
final class GcpTerminator {
  private final GcpSettings settings;
  private final GcpClients clients;
  private final ProviderCalls calls;

  GcpTerminator(GcpSettings settings, GcpClients clients, ProviderCalls calls) {
    this.settings = settings;
    this.clients = clients;
    this.calls = calls;
  }

  void terminate(Collection<String> ids) {
    List<RuntimeException> errors = new ArrayList<>();
    for (String id : ids) {
      Optional<String[]> parsed = InstanceNames.parseId(id);
      if (parsed.isEmpty()) {
        continue;
      }
      String zone = parsed.get()[0];
      String name = parsed.get()[1];
      DeleteInstanceRequest request =
          DeleteInstanceRequest.newBuilder()
              .setProject(settings.project())
              .setZone(zone)
              .setInstance(name)
              .setRequestId(InstanceNames.requestId(id, "delete"))
              .build();
      try {
        calls.call(
            settings.region(),
            "instances.delete",
            () -> {
              try {
                return Operations.accepted(clients.instances.deleteAsync(request));
              } catch (Exception e) {
                if (GcpErrors.notFound(e)) {
                  return null;
                }
                throw e;
              }
            },
            GcpErrors::translate);
      } catch (RuntimeException e) {
        errors.add(e);
      }
    }
    if (!errors.isEmpty()) {
      RuntimeException first = errors.get(0);
      errors.stream().skip(1).forEach(first::addSuppressed);
      throw first;
    }
  }
}
