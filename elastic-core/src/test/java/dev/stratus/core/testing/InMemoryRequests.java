package dev.stratus.core.testing;

import dev.stratus.core.controller.RequestSource;
import dev.stratus.core.spool.SpoolRequest;
import java.util.ArrayList;
import java.util.List;

/** A spool in memory. */
public final class InMemoryRequests implements RequestSource {
  private final List<SpoolRequest> requests = new ArrayList<>();

  public synchronized void add(SpoolRequest request) {
    requests.add(request);
  }

  @Override
  public synchronized List<SpoolRequest> pending() {
    return List.copyOf(requests);
  }

  @Override
  public synchronized void delete(String id) {
    requests.removeIf(r -> r.id().equals(id));
  }
}
